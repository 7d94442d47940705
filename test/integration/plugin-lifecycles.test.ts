/**
 * Users and files fire lifecycles and document-service middlewares, as Strapi's users-permissions
 * and upload services' writes fire them: `strapi.db.lifecycles.subscribe({ models:
 * ['plugin::users-permissions.user'] })` sees a REST and a GraphQL register, a user created
 * through `/api/users`, and `plugin::upload.file` sees an upload, an info update and a delete;
 * `strapi.documents.use` sees the same writes; a throwing before-hook refuses the write.
 */
import { beforeEach, expect, it } from 'vitest';
import { ApplicationError } from '../../src/errors/index.js';
import { authTestFiles } from '../helpers/auth.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { useTestApp } from '../helpers/test-app.js';
import { pngBytes, uploadFile } from '../helpers/upload.js';

interface Probe {
  events: string[];
  middleware: string[];
  ApplicationError: typeof ApplicationError;
}
const probe = (): Probe => (globalThis as unknown as { __pluginProbe: Probe }).__pluginProbe;
(globalThis as unknown as { __pluginProbe: Probe }).__pluginProbe = { events: [], middleware: [], ApplicationError };

const INDEX = `
const probe = () => globalThis.__pluginProbe;
const USER = 'plugin::users-permissions.user';
const FILE = 'plugin::upload.file';
const ROLE = 'plugin::users-permissions.role';
const PERMISSION = 'plugin::users-permissions.permission';
export default {
  register({ strapi }) {
    strapi.db.lifecycles.subscribe({
      models: [USER],
      beforeCreate(event) {
        if (event.params.data.username === 'refused') throw new (probe().ApplicationError)('no such name');
        event.state.seen = event.params.data.username;
      },
      afterCreate(event) {
        probe().events.push('user:afterCreate:' + event.state.seen + ':' + event.result.email + ':' + event.model.uid);
      },
      afterUpdate(event) {
        probe().events.push('user:afterUpdate:' + event.result.username);
      },
      afterDelete(event) {
        probe().events.push('user:afterDelete:' + event.result.value.username);
      },
    });
    strapi.db.lifecycles.subscribe({
      models: [FILE],
      beforeCreate(event) {
        probe().events.push('file:beforeCreate:' + event.params.data.name);
      },
      afterCreate(event) {
        probe().events.push('file:afterCreate:' + event.result.name + ':' + event.result.mime);
      },
      afterUpdate(event) {
        probe().events.push('file:afterUpdate:' + event.result.caption);
      },
      beforeDelete(event) {
        probe().events.push('file:beforeDelete');
      },
      afterFindMany(event) {
        probe().events.push('file:afterFindMany:' + event.result.entries.length);
      },
    });
    strapi.db.lifecycles.subscribe({
      models: [ROLE, PERMISSION],
      beforeCreate(event) {
        if (event.model.uid === ROLE && event.params.data.name === 'Refused') throw new (probe().ApplicationError)('no such role');
      },
      afterCreate(event) {
        probe().events.push(event.model.uid.split('.').pop() + ':afterCreate:' + (event.result.name ?? event.result.action));
      },
      afterUpdate(event) {
        probe().events.push(event.model.uid.split('.').pop() + ':afterUpdate:' + event.result.name);
      },
      afterDelete(event) {
        probe().events.push(event.model.uid.split('.').pop() + ':afterDelete:' + (event.result.value.name ?? event.result.value.action));
      },
    });
    strapi.documents.use(async (context, next) => {
      if (context.uid === USER || context.uid === FILE || context.uid === ROLE) probe().middleware.push(context.uid + ':' + context.action);
      return next();
    });
  },
};
`;

describeEachDialect('lifecycles of users and files', (dialect) => {
  const t = useTestApp({ dialect, files: { ...authTestFiles(), 'src/index.ts': INDEX } });
  const json = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${t.url}${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as any };
  };
  beforeEach(() => {
    probe().events.length = 0;
    probe().middleware.length = 0;
  });

  it('fires plugin::users-permissions.user create hooks for a REST and a GraphQL register', async () => {
    const rest = await json('POST', '/api/auth/local/register', { username: 'ada', email: 'Ada@Example.com', password: 'engine-1843' });
    expect(rest.status).toBe(200);
    const gql = await json('POST', '/graphql', {
      query: 'mutation($input: UsersPermissionsRegisterInput!) { register(input: $input) { user { username } } }',
      variables: { input: { username: 'grace', email: 'grace@example.com', password: 'cobol-1959' } },
    });
    expect(gql.body.errors).toBeUndefined();
    expect(probe().events).toEqual([
      'user:afterCreate:ada:ada@example.com:plugin::users-permissions.user',
      'user:afterCreate:grace:grace@example.com:plugin::users-permissions.user',
    ]);
    expect(probe().middleware).toEqual(['plugin::users-permissions.user:create', 'plugin::users-permissions.user:create']);
  });

  it('a throwing beforeCreate refuses the register and writes no user', async () => {
    const refused = await json('POST', '/api/auth/local/register', { username: 'refused', email: 'refused@example.com', password: 'nope-nope-1' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ name: 'ApplicationError', message: 'no such name' });
    const rows = (await t.app.db.knex('up_users').where({ username: 'refused' }).count({ n: '*' })) as { n: number | string }[];
    expect(Number(rows[0]?.n)).toBe(0);
  });

  it('fires update and delete hooks for /api/users writes', async () => {
    const created = await json('POST', '/api/users', { username: 'linus', email: 'linus@example.com', password: 'kernel-1991' }, t.authHeaders);
    expect(created.status).toBe(201);
    expect((await json('PUT', `/api/users/${created.body.id}`, { username: 'linus2' }, t.authHeaders)).status).toBe(200);
    expect((await json('DELETE', `/api/users/${created.body.id}`, undefined, t.authHeaders)).status).toBe(200);
    expect(probe().events).toEqual(['user:afterCreate:linus:linus@example.com:plugin::users-permissions.user', 'user:afterUpdate:linus2', 'user:afterDelete:linus2']);
    expect(probe().middleware).toEqual(['plugin::users-permissions.user:create', 'plugin::users-permissions.user:update', 'plugin::users-permissions.user:delete']);
  });

  it('fires plugin::upload.file hooks for an upload, an info update, a list and a delete', async () => {
    const uploaded = await uploadFile(t.url, 'dot.png', pngBytes(2, 2), { name: 'dot.png' }, t.authHeaders);
    expect(uploaded.status).toBe(201);
    const id = uploaded.body[0].id as number;
    const form = new FormData();
    form.append('fileInfo', JSON.stringify({ caption: 'a dot' }));
    expect((await fetch(`${t.url}/api/upload?id=${id}`, { method: 'POST', body: form, headers: t.authHeaders })).status).toBe(200);
    expect((await json('GET', '/api/upload/files?filters[name][$eq]=dot.png', undefined, t.authHeaders)).body).toHaveLength(1);
    expect((await json('DELETE', `/api/upload/files/${id}`, undefined, t.authHeaders)).status).toBe(200);
    expect(probe().events).toEqual([
      'file:beforeCreate:dot.png',
      'file:afterCreate:dot.png:image/png',
      'file:afterUpdate:a dot',
      'file:afterFindMany:1',
      'file:beforeDelete',
    ]);
    expect(probe().middleware).toEqual(['plugin::upload.file:create', 'plugin::upload.file:update', 'plugin::upload.file:findMany', 'plugin::upload.file:delete']);
  });

  it('fires plugin::users-permissions.role and .permission hooks for role writes, and a throwing beforeCreate refuses the role', async () => {
    const created = await json('POST', '/api/users-permissions/roles', { name: 'Reviewer', description: 'reads', permissions: { 'api::article': { controllers: { article: { find: { enabled: true } } } } } }, t.authHeaders);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const role = (await json('GET', '/api/users-permissions/roles', undefined, t.authHeaders)).body.roles.find((r: { name: string }) => r.name === 'Reviewer');
    expect((await json('PUT', `/api/users-permissions/roles/${role.id}`, { name: 'Reviewers' }, t.authHeaders)).status).toBe(200);
    expect((await json('DELETE', `/api/users-permissions/roles/${role.id}`, undefined, t.authHeaders)).status).toBe(200);
    expect(probe().events).toEqual(expect.arrayContaining([
      'role:afterCreate:Reviewer',
      'permission:afterCreate:api::article.article.find',
      'role:afterUpdate:Reviewers',
      'role:afterDelete:Reviewers',
    ]));
    expect(probe().middleware).toEqual(expect.arrayContaining(['plugin::users-permissions.role:create', 'plugin::users-permissions.role:update', 'plugin::users-permissions.role:delete']));

    const refused = await json('POST', '/api/users-permissions/roles', { name: 'Refused', description: '', permissions: {} }, t.authHeaders);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ name: 'ApplicationError', message: 'no such role' });
    const rows = (await t.app.db.knex('up_roles').where({ name: 'Refused' }).count({ n: '*' })) as { n: number | string }[];
    expect(Number(rows[0]?.n)).toBe(0);
  });
});
