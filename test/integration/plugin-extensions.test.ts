/**
 * Strapi 5 plugin extensions (`src/extensions/<plugin>/strapi-server.*`) of the plugins Vellum
 * serves itself, on every dialect: a policy added to `POST /api/upload` refuses an upload (403
 * PolicyError, nothing stored), `auth: false` makes `GET /api/upload/files` public, a route
 * removed from the array is not served, policies on `/auth/local/register` and `/users/me` and a
 * middleware on `/users/count` (a TypeScript extension), and what Vellum does not apply (a controller, a content type) is a
 * startup warning naming it.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { authTestFiles } from '../helpers/auth.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { client } from '../helpers/http.js';
import { useTestApp } from '../helpers/test-app.js';
import { pngBytes, uploadFile } from '../helpers/upload.js';

const UPLOAD_EXTENSION = `
module.exports = (plugin) => {
  const api = plugin.routes['content-api'];
  for (const route of api.routes) {
    if (route.handler === 'content-api.upload') route.config.policies.push({ name: 'global::upload-key', config: { key: 'open-sesame' } });
    if (route.handler === 'content-api.find') route.config.auth = false;
  }
  api.routes = api.routes.filter((route) => route.handler !== 'content-api.destroy');
  plugin.controllers['content-api'].upload = async (ctx) => { ctx.body = 'mine'; };
  return plugin;
};
`;

const USERS_PERMISSIONS_EXTENSION = `
export default (plugin: any) => {
  const api = plugin.routes['content-api'];
  api.routes = api.routes.map((route: any) => {
    if (route.handler === 'auth.register') return { ...route, config: { ...route.config, policies: [(ctx: any) => String(ctx.request.body?.email ?? '').endsWith('@example.com')] } };
    if (route.handler === 'user.count') return { ...route, config: { ...route.config, middlewares: [{ name: 'global::deny-header', config: { header: 'x-deny' } }] } };
    if (route.handler === 'user.me') return { ...route, config: { ...route.config, policies: ['global::not-mallory'] } };
    return route;
  });
  plugin.contentTypes.user.schema.attributes.nickname = { type: 'string' };
  return plugin;
};
`;

const files = {
  ...authTestFiles(),
  'src/policies/upload-key.js': "module.exports = (ctx, config) => ctx.request.headers['x-upload-key'] === config.key;",
  'src/policies/not-mallory.js': "module.exports = (ctx) => ctx.state.user?.username !== 'mallory';",
  'src/middlewares/deny-header.js': "module.exports = (config) => async (ctx, next) => { if (ctx.get(config.header) === 'yes') return ctx.forbidden('denied by middleware'); await next(); if (typeof ctx.body !== 'number') throw new Error('no count after next()'); };",
  'src/extensions/upload/strapi-server.js': UPLOAD_EXTENSION,
  'src/extensions/users-permissions/strapi-server.ts': USERS_PERMISSIONS_EXTENSION,
};

describeEachDialect('plugin extensions (src/extensions/*/strapi-server)', (dialect) => {
  const t = useTestApp({ dialect, access: 'locked', files });
  const api = client(() => t.url);
  let token = '';
  const bearer = () => ({ authorization: `Bearer ${token}` });
  const storedFiles = () => readdirSync(join(t.dir, 'public', 'uploads'));

  beforeAll(async () => {
    token = (await t.app.tokens.create({ name: 'full', type: 'full-access' })).accessKey;
  });

  it('a policy on POST /api/upload refuses an upload without its condition: 403 PolicyError, nothing stored', async () => {
    const refused = await uploadFile(t.url, 'refused.png', pngBytes(2, 2), undefined, bearer());
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ data: null, error: { status: 403, name: 'PolicyError', message: 'Policy Failed', details: {} } });
    expect((await api.get('/api/upload/files', bearer())).body).toEqual([]);
    expect(storedFiles()).toEqual([]);

    const allowed = await uploadFile(t.url, 'allowed.png', pngBytes(2, 2), undefined, { ...bearer(), 'x-upload-key': 'open-sesame' });
    expect(allowed.status).toBe(201);
    expect(allowed.body.map((file: { name: string }) => file.name)).toEqual(['allowed.png']);
    expect(storedFiles()).toHaveLength(1);
  });

  it('auth: false on GET /api/upload/files makes it public; GET /api/upload/files/:id still asks its permission', async () => {
    const uploaded = await uploadFile(t.url, 'public.png', pngBytes(2, 2), undefined, { ...bearer(), 'x-upload-key': 'open-sesame' });
    expect(uploaded.status).toBe(201);
    const list = await api.get('/api/upload/files?sort=name');
    expect(list.status).toBe(200);
    expect(list.body.map((file: { name: string }) => file.name)).toContain('public.png');
    const one = await api.get(`/api/upload/files/${uploaded.body[0].id}`);
    expect(one.status).toBe(401);
  });

  it('a route removed from the array is not served: DELETE /api/upload/files/:id is a 404, the file stays', async () => {
    const uploaded = await uploadFile(t.url, 'kept.png', pngBytes(2, 2), undefined, { ...bearer(), 'x-upload-key': 'open-sesame' });
    const id = uploaded.body[0].id as number;
    const removed = await api.delete(`/api/upload/files/${id}`, bearer());
    expect(removed.status).toBe(404);
    expect(removed.body.error.status).toBe(404);
    expect((await api.get(`/api/upload/files/${id}`, bearer())).body.name).toBe('kept.png');
  });

  it('an inline policy on /auth/local/register refuses other addresses, and no user is created', async () => {
    const refused = await api.post('/api/auth/local/register', { username: 'eve', email: 'eve@elsewhere.org', password: 'secret-123' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.name).toBe('PolicyError');
    expect((await api.get('/api/users?filters[username][$eq]=eve', bearer())).body).toEqual([]);

    const accepted = await api.post('/api/auth/local/register', { username: 'ada', email: 'ada@example.com', password: 'secret-123' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.user.username).toBe('ada');
  });

  it('a named policy on /users/me sees ctx.state.user', async () => {
    const ada = await api.post('/api/auth/local', { identifier: 'ada@example.com', password: 'secret-123' });
    const me = await api.get('/api/users/me', { authorization: `Bearer ${ada.body.jwt}` });
    expect(me.status).toBe(200);
    expect(me.body.username).toBe('ada');

    const mallory = await api.post('/api/auth/local/register', { username: 'mallory', email: 'mallory@example.com', password: 'secret-123' });
    const refused = await api.get('/api/users/me', { authorization: `Bearer ${mallory.body.jwt}` });
    expect(refused.status).toBe(403);
    expect(refused.body.error.name).toBe('PolicyError');
  });

  it('a named middleware runs around GET /api/users/count with its config, and sees the count after next()', async () => {
    const counted = await api.get('/api/users/count', bearer());
    expect(counted.status).toBe(200);
    expect(counted.body).toBe(2);
    const denied = await api.get('/api/users/count', { ...bearer(), 'x-deny': 'yes' });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toEqual({ status: 403, name: 'ForbiddenError', message: 'denied by middleware', details: {} });
  });

  it('what Vellum does not apply is a startup warning naming it', () => {
    const warnings = t.logs.filter((line) => line.startsWith('warn:') && line.includes('not applied by Vellum'));
    expect(warnings.some((line) => line.includes('strapi-server.js') && line.includes('controllers.content-api.upload'))).toBe(true);
    expect(warnings.some((line) => line.includes('strapi-server.ts') && line.includes('contentTypes (schema changes)'))).toBe(true);
    expect(warnings).toHaveLength(2);
  });
});
