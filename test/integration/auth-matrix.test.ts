/**
 * The auth matrix of issue 5 on every dialect: each kind of caller × each REST operation and
 * each GraphQL one (query, mutation, register, login, me), with status and body asserted. Permissions: the public role reads articles; the authenticated role
 * does everything on articles; nobody but the read-only and full-access tokens reads authors;
 * the custom token may find, findOne and create articles.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { USER_UID } from '../../src/auth/content-types.js';
import { authTestFiles } from '../helpers/auth.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { request, type JsonResponse } from '../helpers/http.js';
import { useTestApp } from '../helpers/test-app.js';

const ARTICLE = 'api::article.article';

const unauthorized = (message = 'Missing or invalid credentials') => ({ data: null, error: { status: 401, name: 'UnauthorizedError', message, details: {} } });
const forbidden = { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } };
const privateKey = {
  data: null,
  error: { status: 400, name: 'ValidationError', message: 'Invalid key internalNote', details: { key: 'internalNote', path: 'internalNote', source: 'query', param: 'filters' } },
};

type Column = 'list' | 'get' | 'create' | 'update' | 'delete' | 'populate' | 'filter';
type GraphqlColumn = 'query' | 'mutation' | 'register' | 'login' | 'me';
type Outcome = 'ok' | 401 | 403 | 'expired';
interface Row {
  readonly name: string;
  headers(): Record<string, string>;
  /** per column; `populate`: 'populated' when the author comes back, 'dropped' when it is left out */
  readonly expect: Readonly<Record<Exclude<Column, 'populate'>, Outcome>> & { readonly populate: 'populated' | 'dropped' | 401 | 'expired' };
  /** register and login need no permission: they answer the same to every caller; `no-user`: valid or no credentials, but not a user's */
  readonly graphql: Readonly<Record<Exclude<GraphqlColumn, 'register' | 'login'>, Outcome | 'no-user'>>;
}

describeEachDialect('auth matrix (REST)', (dialect) => {
  const t = useTestApp({ dialect, access: 'locked', files: authTestFiles() });
  const call = (method: string, path: string, headers: Record<string, string>, json?: unknown): Promise<JsonResponse> =>
    request(`${t.url}${path}`, { method, headers, ...(json !== undefined ? { json } : {}) });
  const articles = () => t.app.documents(ARTICLE);
  let shared = '';
  const tokens: Record<string, string> = {};
  const jwts: Record<string, string> = {};

  beforeAll(async () => {
    const author = await t.app.documents('api::author.author').create({ data: { name: 'Ada' } });
    const article = await articles().create({ data: { title: 'Shared', author: author.documentId, internalNote: 'secret note' }, status: 'published' });
    shared = article.documentId;
    await articles().create({ data: { title: 'Unpublished' } });
  });

  /** Asserts one cell: status, whole error bodies, the data a success returns. */
  async function cell(row: Row, column: Column): Promise<void> {
    const headers = row.headers();
    const expected = row.expect[column];
    let response: JsonResponse;
    switch (column) {
      case 'list':
        response = await call('GET', '/api/articles', headers);
        break;
      case 'get':
        response = await call('GET', `/api/articles/${shared}`, headers);
        break;
      case 'create':
        response = await call('POST', '/api/articles', headers, { data: { title: `By ${row.name}` } });
        break;
      case 'update':
        response = await call('PUT', `/api/articles/${shared}`, headers, { data: { summary: `Edited by ${row.name}` } });
        break;
      case 'delete': {
        const victim = await articles().create({ data: { title: `Victim of ${row.name}` }, status: 'published' });
        response = await call('DELETE', `/api/articles/${victim.documentId}`, headers);
        break;
      }
      case 'populate':
        response = await call('GET', `/api/articles/${shared}?populate=author`, headers);
        break;
      case 'filter':
        response = await call('GET', '/api/articles?filters[internalNote][$eq]=secret%20note', headers);
        break;
    }
    const body = response.body;
    if (expected === 401 || expected === 'expired') {
      expect({ status: response.status, body }).toEqual({ status: 401, body: unauthorized(expected === 'expired' ? 'Token expired' : undefined) });
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      return;
    }
    if (expected === 403) {
      expect({ status: response.status, body }).toEqual({ status: 403, body: forbidden });
      return;
    }
    switch (column) {
      case 'list':
        expect(response.status).toBe(200);
        expect(body.data.map((a: { title: string }) => a.title)).toContain('Shared');
        expect(body.data.map((a: { title: string }) => a.title)).not.toContain('Unpublished');
        expect(JSON.stringify(body)).not.toContain('secret note');
        break;
      case 'get':
        expect(response.status).toBe(200);
        expect(body.data).toMatchObject({ documentId: shared, title: 'Shared' });
        expect(body.data).not.toHaveProperty('internalNote');
        break;
      case 'create':
        expect(response.status).toBe(201);
        expect(body.data).toMatchObject({ title: `By ${row.name}` });
        break;
      case 'update':
        expect(response.status).toBe(200);
        expect(body.data).toMatchObject({ documentId: shared, summary: `Edited by ${row.name}` });
        break;
      case 'delete':
        expect({ status: response.status, body }).toEqual({ status: 204, body: null });
        break;
      case 'populate':
        expect(response.status).toBe(200);
        if (expected === 'populated') expect(body.data.author).toMatchObject({ name: 'Ada' });
        else expect(body.data).not.toHaveProperty('author');
        break;
      case 'filter':
        expect({ status: response.status, body }).toEqual({ status: 400, body: privateKey });
        break;
    }
  }

  /** Asserts one GraphQL cell: HTTP status, error code and message, or the data. */
  async function graphqlCell(row: Row, column: GraphqlColumn, index: number): Promise<void> {
    const queries: Record<GraphqlColumn, string> = {
      query: '{ articles(sort: ["title"]) { data { attributes { title } } } }',
      mutation: `mutation { createArticle(data: { title: "GraphQL by ${row.name}" }) { data { attributes { title } } } }`,
      register: `mutation { register(input: { username: "gql${index}", email: "gql${index}@example.com", password: "correct horse" }) { jwt user { username email } } }`,
      login: 'mutation { login(input: { identifier: "ada", password: "correct horse" }) { jwt user { username role { type } } } }',
      me: '{ me { username email blocked role { type name } } }',
    };
    const response = await call('POST', '/graphql', row.headers(), { query: queries[column] });
    const expected = column === 'register' || column === 'login' ? 'ok' : row.graphql[column];
    const body = response.body;
    if (expected === 401 || expected === 'expired' || expected === 'no-user') {
      const message = expected === 'expired' ? 'Token expired' : expected === 'no-user' ? 'Unauthorized' : 'Missing or invalid credentials';
      expect({ status: response.status, code: body.errors?.[0]?.extensions?.code, message: body.errors?.[0]?.message })
        .toEqual({ status: 401, code: 'UNAUTHENTICATED', message });
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      return;
    }
    if (expected === 403) {
      expect(response.status).toBe(200);
      expect(body.data).toEqual({ createArticle: null });
      expect(body.errors).toEqual([expect.objectContaining({ message: 'Forbidden access', path: ['createArticle'], extensions: expect.objectContaining({ code: 'FORBIDDEN' }) })]);
      return;
    }
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    expect(response.status).toBe(200);
    switch (column) {
      case 'query':
        expect(body.data.articles.data.map((a: { attributes: { title: string } }) => a.attributes.title)).toContain('Shared');
        break;
      case 'mutation':
        expect(body.data).toEqual({ createArticle: { data: { attributes: { title: `GraphQL by ${row.name}` } } } });
        break;
      case 'register':
        expect(body.data.register.user).toEqual({ username: `gql${index}`, email: `gql${index}@example.com` });
        expect(body.data.register.jwt).toMatch(/^ey/);
        break;
      case 'login':
        expect(body.data.login.user).toEqual({ username: 'ada', role: null });
        expect(body.data.login.jwt).toMatch(/^ey/);
        break;
      case 'me':
        expect(body.data).toEqual({ me: { username: 'ada', email: 'ada@example.com', blocked: false, role: { type: 'authenticated', name: 'Authenticated' } } });
        break;
    }
  }

  const COLUMNS: Column[] = ['list', 'get', 'create', 'update', 'delete', 'populate', 'filter'];
  const GRAPHQL_COLUMNS: GraphqlColumn[] = ['query', 'mutation', 'register', 'login', 'me'];
  let rowIndex = 0;
  const all = (outcome: 401 | 'expired'): Row['expect'] => ({ list: outcome, get: outcome, create: outcome, update: outcome, delete: outcome, populate: outcome, filter: outcome });
  const allGraphql = (outcome: 401 | 'expired'): Row['graphql'] => ({ query: outcome, mutation: outcome, me: outcome });
  const matrix = (rows: Row[]): void => {
    for (const row of rows) {
      const index = (rowIndex += 1);
      describe(row.name, () => {
        for (const column of COLUMNS) it(`REST ${column}`, () => cell(row, column));
        for (const column of GRAPHQL_COLUMNS) it(`GraphQL ${column}`, () => graphqlCell(row, column, index));
      });
    }
  };

  describe('before any grant', () => {
    // ada is registered before any grant: login and me work for her in every row.
    beforeAll(async () => {
      const registered = await call('POST', '/api/auth/local/register', {}, { username: 'ada', email: 'ada@example.com', password: 'correct horse' });
      expect(registered.status).toBe(200);
      jwts.ada = registered.body.jwt;
    });
    matrix([{ name: 'no token', headers: () => ({}), expect: all(401), graphql: { query: 401, mutation: 401, me: 'no-user' } }]);
  });

  describe('with grants', () => {
    beforeAll(async () => {
      await t.app.permissions.grant('public', [`${ARTICLE}.find`, `${ARTICLE}.findOne`]);
      await t.app.permissions.grant('authenticated', ['find', 'findOne', 'create', 'update', 'delete'].map((a) => `${ARTICLE}.${a}`));
      for (const [name, type, extra] of [
        ['read-only', 'read-only', {}],
        ['full-access', 'full-access', {}],
        ['custom', 'custom', { permissions: [`${ARTICLE}.find`, `${ARTICLE}.findOne`, `${ARTICLE}.create`] }],
        ['expired', 'full-access', { expiresAt: new Date(Date.now() - 60_000) }],
        ['revoked', 'full-access', {}],
      ] as const) {
        tokens[name] = (await t.app.tokens.create({ name, type, ...extra })).accessKey;
      }
      await t.app.tokens.revoke('revoked');
      for (const username of ['bob']) {
        const registered = await call('POST', '/api/auth/local/register', {}, { username, email: `${username}@example.com`, password: 'correct horse' });
        expect(registered.status).toBe(200);
        jwts[username] = registered.body.jwt;
      }
      const bob = await t.app.documents(USER_UID).findFirst({ filters: { username: 'bob' } });
      await t.app.documents(USER_UID).update({ documentId: String(bob?.documentId), data: { blocked: true } });
    });

    const bearer = (value: () => string) => () => ({ authorization: `Bearer ${value()}` });
    matrix([
      {
        name: 'public role with some grants',
        headers: () => ({}),
        expect: { list: 'ok', get: 'ok', create: 401, update: 401, delete: 401, populate: 'dropped', filter: 'ok' },
        graphql: { query: 'ok', mutation: 401, me: 'no-user' },
      },
      {
        name: 'authenticated user',
        headers: bearer(() => jwts.ada ?? ''),
        expect: { list: 'ok', get: 'ok', create: 'ok', update: 'ok', delete: 'ok', populate: 'dropped', filter: 'ok' },
        graphql: { query: 'ok', mutation: 'ok', me: 'ok' },
      },
      { name: 'blocked user', headers: bearer(() => jwts.bob ?? ''), expect: all(401), graphql: allGraphql(401) },
      {
        name: 'read-only token',
        headers: bearer(() => tokens['read-only'] ?? ''),
        expect: { list: 'ok', get: 'ok', create: 403, update: 403, delete: 403, populate: 'populated', filter: 'ok' },
        graphql: { query: 'ok', mutation: 403, me: 'no-user' },
      },
      {
        name: 'full-access token',
        headers: bearer(() => tokens['full-access'] ?? ''),
        expect: { list: 'ok', get: 'ok', create: 'ok', update: 'ok', delete: 'ok', populate: 'populated', filter: 'ok' },
        graphql: { query: 'ok', mutation: 'ok', me: 'no-user' },
      },
      {
        name: 'custom token',
        headers: bearer(() => tokens.custom ?? ''),
        expect: { list: 'ok', get: 'ok', create: 'ok', update: 403, delete: 403, populate: 'dropped', filter: 'ok' },
        graphql: { query: 'ok', mutation: 'ok', me: 'no-user' },
      },
      { name: 'expired token', headers: bearer(() => tokens.expired ?? ''), expect: all('expired'), graphql: allGraphql('expired') },
      { name: 'revoked token', headers: bearer(() => tokens.revoked ?? ''), expect: all(401), graphql: allGraphql(401) },
      { name: 'garbage token', headers: () => ({ authorization: 'Bearer not-a-token' }), expect: all(401), graphql: allGraphql(401) },
      { name: 'bare Bearer', headers: () => ({ authorization: 'Bearer' }), expect: all(401), graphql: allGraphql(401) },
    ]);
  });
});
