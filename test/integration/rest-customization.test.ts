/**
 * A Strapi 5 project's REST code running unchanged (test/fixtures/strapi-project, TypeScript
 * files importing `@strapi/strapi` and `@strapi/utils`, which are not installed): a controller
 * extending the core one (`super.find`), a service extending the core one, a core router with
 * per-action policies and middlewares (a route middleware by name setting `ctx.query.populate`),
 * a custom route file (`auth: false`, `auth: { scope }`, inline middleware, `{ name, config }`
 * policy), the Koa-style ctx helpers and Strapi's error classes in the one error shape.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { client } from '../helpers/http.js';
import { startTestApp, useTestApp } from '../helpers/test-app.js';

const PROJECT = 'test/fixtures/strapi-project';

describeEachDialect('REST customization (Strapi 5 project)', (dialect) => {
  const app = useTestApp({ dialect, projectDir: PROJECT, access: 'locked' });
  const api = client(() => `${app.url}/api`);
  let admin: Record<string, string>;
  let first: string;
  beforeAll(async () => {
    admin = { authorization: `Bearer ${(await app.app.tokens.create({ name: 'admin', type: 'full-access' })).accessKey}` };
    await app.app.permissions.grant('public', ['api::article.article.find', 'api::article.article.findOne', 'api::category.category.find']);
    const category = await api.post('/categories', { data: { name: 'News' } }, admin);
    expect(category.status).toBe(201);
    const created = await api.post('/articles', { data: { title: 'Hello', featured: true, secret: 's3', category: category.body.data.documentId } }, admin);
    expect(created.status).toBe(201);
    first = created.body.data.documentId;
    expect((await api.post('/articles', { data: { title: 'Plain' } }, admin)).status).toBe(201);
  });

  it('a controller extending the core find, behind a named route middleware that sets populate', async () => {
    const response = await api.get('/articles?sort=title');
    expect(response.status).toBe(200);
    expect(response.body.meta).toEqual({ pagination: { page: 1, pageSize: 25, pageCount: 1, total: 2 }, servedBy: 'custom-find' });
    expect(response.body.data.map((a: { title: string }) => a.title)).toEqual(['Hello', 'Plain']);
    const [hello, plain] = response.body.data;
    expect(hello.category).toEqual({ id: expect.any(Number), documentId: expect.any(String), name: 'News' });
    expect(plain.category).toBeNull();
    expect(hello).not.toHaveProperty('secret');
  });

  it('a named global policy on a core action: false is a 403 PolicyError', async () => {
    const refused = await api.get(`/articles/${first}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ data: null, error: { status: 403, name: 'PolicyError', message: 'Policy Failed', details: {} } });
    const allowed = await api.get(`/articles/${first}`, { 'x-allow': 'yes' });
    expect(allowed.status).toBe(200);
    expect(allowed.body.data.title).toBe('Hello');
    // the middleware is find's only
    expect(allowed.body.data).not.toHaveProperty('category');
  });

  it('the core permission check still guards core actions', async () => {
    const response = await api.post('/articles', { data: { title: 'Nope' } });
    expect(response.status).toBe(401);
    expect(response.body.error.name).toBe('UnauthorizedError');
    expect((await api.get('/categories')).status).toBe(200);
    expect((await api.post('/categories', { data: { name: 'x' } })).status).toBe(401);
  });

  it('a custom route with auth: false runs a custom action over the extended service', async () => {
    const response = await api.get('/articles/featured');
    expect(response.status).toBe(200);
    expect(response.body.data.map((a: { title: string }) => a.title)).toEqual(['Hello']);
    expect(response.body.meta.pagination).toEqual({ page: 1, pageSize: 25, pageCount: 1, total: 1 });
  });

  it('auth: { scope }: the caller needs one of the scope actions; ctx.state, ctx.params and ctx.set', async () => {
    const anonymous = await api.get('/articles/whoami/abc');
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('x-handled-by')).toBe('whoami');
    expect(anonymous.body).toEqual({ user: null, strategy: null, params: { slug: 'abc' } });
    const token = await api.get('/articles/whoami/abc', admin);
    expect(token.body.strategy).toBe('api-token');
    const narrow = (await app.app.tokens.create({ name: 'categories only', type: 'custom', permissions: ['api::category.category.find'] })).accessKey;
    const refused = await api.get('/articles/whoami/abc', { authorization: `Bearer ${narrow}` });
    expect(refused.status).toBe(403);
    expect(refused.body.error.name).toBe('ForbiddenError');
  });

  it('a policy given as { name, config }', async () => {
    expect((await api.post('/articles/check', {})).status).toBe(403);
    const ok = await api.post('/articles/check', {}, { 'x-check': 'yes' });
    expect(ok.status).toBe(202);
    expect(ok.body).toEqual({ ok: true, method: 'POST' });
  });

  it.each([
    ['bad', 400, 'BadRequestError', 'Bad kind', { kind: 'bad' }],
    ['missing', 404, 'NotFoundError', 'Nothing here', {}],
    ['forbidden', 403, 'ForbiddenError', 'Forbidden', {}],
    ['unauthorized', 401, 'UnauthorizedError', 'Unauthorized', {}],
    ['application', 400, 'ApplicationError', 'Custom failure', { reason: 'test' }],
    ['validation', 400, 'ValidationError', 'Invalid thing', {}],
    ['not-found', 404, 'NotFoundError', 'Gone', {}],
    ['throw', 409, 'ApplicationError', 'Conflicting', {}],
  ])('ctx helpers and Strapi error classes: %s → %i %s', async (kind, status, name, message, details) => {
    const response = await api.post(`/articles/check?kind=${kind}`, {}, { 'x-check': 'yes' });
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ data: null, error: { status, name, message, details } });
  });

  it('an unexpected error from project code is a masked 500, logged with its stack', async () => {
    const response = await api.post('/articles/check?kind=boom', {}, { 'x-check': 'yes' });
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error', details: {} } });
    expect(JSON.stringify(response.body)).not.toContain('secret internal detail');
    expect(app.logs.some((line) => line.includes('secret internal detail') && line.includes('controllers/article.ts'))).toBe(true);
  });

  it('inline route middleware; strapi.documents and strapi.controller from project code', async () => {
    const response = await api.get('/articles/count');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-inline-middleware')).toBe('yes');
    expect(response.body).toEqual({ data: { total: 2, categoryController: 'function' } });
  });

  it('strapi.service(uid): the project service and core services of types without one', async () => {
    const articles = app.app.service('api::article.article') as { findFeatured(p?: object): Promise<{ results: Array<{ title: string }> }> };
    expect((await articles.findFeatured()).results.map((a) => a.title)).toEqual(['Hello']);
    const categories = app.app.service('api::category.category') as { find(p?: object): Promise<{ results: Array<{ name: string }>; pagination: object }> };
    const found = await categories.find({ fields: ['name'] });
    expect(found.results.map((c) => c.name)).toEqual(['News']);
    expect(found.pagination).toEqual({ page: 1, pageSize: 25, pageCount: 1, total: 1 });
    expect(app.app.service('api::nope.nope')).toBeUndefined();
  });

  it('a known path with another method is 405', async () => {
    const response = await api.put('/articles', { data: {} }, admin);
    expect(response.status).toBe(405);
  });
});

describe('REST customization: bad input stops the start naming file and item', () => {
  const start = (file: string, content: string) => startTestApp({ dialect: 'sqlite', projectDir: PROJECT, access: 'locked', files: { [file]: content } });
  const route = (config: string, handler = "'article.find'") => `export default { routes: [{ method: 'GET', path: '/x', handler: ${handler}, config: ${config} }] };`;

  it('an unknown policy name', async () => {
    await expect(start('src/api/article/routes/02-bad.ts', route("{ policies: ['global::nope'] }"))).rejects.toThrow(/routes\/02-bad\.ts: route GET \/x: unknown policy "global::nope"/);
  });

  it('an unknown middleware name', async () => {
    await expect(start('src/api/article/routes/02-bad.ts', route("{ middlewares: ['api::article.nope'] }"))).rejects.toThrow(/02-bad\.ts: route GET \/x: unknown middleware "api::article.nope"/);
  });

  it('a custom route naming no handler, or no action', async () => {
    await expect(start('src/api/article/routes/02-bad.ts', route('{}', 'undefined'))).rejects.toThrow(/02-bad\.ts: route GET \/x: names no handler/);
    await expect(start('src/api/article/routes/02-bad.ts', route('{}', "'article.nope'"))).rejects.toThrow(/02-bad\.ts: route GET \/x: handler "article\.nope" names no action of controller api::article\.article/);
    await expect(start('src/api/article/routes/02-bad.ts', route('{}', "'ghost.find'"))).rejects.toThrow(/handler "ghost\.find" names no controller/);
  });

  it('a project file that does not load', async () => {
    await expect(start('src/policies/broken.ts', 'export default (ctx =>')).rejects.toThrow(/policies\/broken\.ts: cannot be loaded/);
  });
});
