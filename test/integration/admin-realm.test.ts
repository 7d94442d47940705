/**
 * The admin realm through `node bin/vellum.js start` (issue 20 items 1–2): first admin
 * registration and the refusal of a second, login and logout, the refresh cookie's flags,
 * rotation and replay detection, password rules, and each realm refusing the other's credentials.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { BLOG_FIXTURE } from '../helpers/test-app.js';
import { request, type JsonResponse } from '../helpers/http.js';
import { TEST_SECRETS } from '../helpers/project-dir.js';
import { createTestDatabase, databaseEnv, type TestDatabase } from '../helpers/test-databases.js';
import { startVellumProcess, type VellumProcess } from '../helpers/vellum-process.js';

const ADMIN = { email: 'Ada@Example.com', password: 'Lovelace1815', firstname: 'Ada', lastname: 'Lovelace' };

/** the refresh cookie a response sets: its value and attributes */
function refreshCookie(response: JsonResponse): { value: string; attributes: string[] } {
  const header = response.headers.get('set-cookie') ?? '';
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
  const [name, value = ''] = pair.split('=');
  expect(name).toBe('strapi_admin_refresh');
  return { value, attributes };
}

describeEachDialect('admin realm (process)', (dialect) => {
  let database: TestDatabase;
  let dir: string;
  let vellum: VellumProcess;
  const post = (path: string, json: unknown, headers: Record<string, string> = {}) => request(`${vellum.url}${path}`, { method: 'POST', json, headers });
  const get = (path: string, headers: Record<string, string> = {}) => request(`${vellum.url}${path}`, { headers });

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    dir = await mkdtemp(join(tmpdir(), 'vellum-admin-'));
    await cp(BLOG_FIXTURE, dir, { recursive: true });
    vellum = await startVellumProcess(dir, { ...TEST_SECRETS, ...databaseEnv(database.config) });
  }, 120_000);

  afterAll(async () => {
    await vellum?.stop();
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
  }, 60_000);

  let token = '';
  let refresh = '';

  it('registers the first Super Admin once, with the password rules, and refuses a second', async () => {
    expect((await get('/admin/init')).body).toEqual({ data: { hasAdmin: false } });
    const weak = await post('/admin/register-admin', { ...ADMIN, password: 'lovelace1815' });
    expect(weak.status).toBe(400);
    expect(weak.body.error).toMatchObject({ name: 'ValidationError', details: { errors: [{ path: ['password'], message: 'password must contain at least one uppercase character' }] } });
    const short = await post('/admin/register-admin', { ...ADMIN, password: 'Ab1' });
    expect(short.body.error.details.errors[0]).toMatchObject({ path: ['password'], message: 'password must be at least 8 characters' });

    const registered = await post('/admin/register-admin', ADMIN);
    expect(registered.status).toBe(200);
    expect(registered.body.data.user).toMatchObject({ email: 'ada@example.com', firstname: 'Ada', isActive: true, roles: [{ code: 'strapi-super-admin', name: 'Super Admin' }] });
    expect(JSON.stringify(registered.body)).not.toMatch(/password|registrationToken|\$2[aby]\$/);
    expect(typeof registered.body.data.token).toBe('string');
    const cookie = refreshCookie(registered);
    expect(cookie.attributes).toEqual(expect.arrayContaining(['Path=/admin', 'HttpOnly', 'SameSite=Lax', 'Secure']));
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const second = await post('/admin/register-admin', { ...ADMIN, email: 'grace@example.com' });
    expect(second.status).toBe(400);
    expect(second.body).toMatchObject({ data: null, error: { status: 400, message: 'You cannot register a new super admin' } });
    expect((await get('/admin/init')).body).toEqual({ data: { hasAdmin: true } });
  });

  it('logs in, answers /users/me, and refuses wrong credentials without telling which part was wrong', async () => {
    const wrong = await post('/admin/login', { email: ADMIN.email, password: 'Wrong-password1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('Invalid credentials');
    const unknown = await post('/admin/login', { email: 'nobody@example.com', password: 'Wrong-password1' });
    expect(unknown.body.error.message).toBe('Invalid credentials');

    const login = await post('/admin/login', { email: 'ada@example.com', password: ADMIN.password });
    expect(login.status).toBe(200);
    token = login.body.data.token;
    refresh = refreshCookie(login).value;
    const me = await get('/admin/users/me', { authorization: `Bearer ${token}` });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email: 'ada@example.com', firstname: 'Ada', lastname: 'Lovelace' });
    expect(me.body.data).not.toHaveProperty('password');
    expect((await get('/admin/users/me')).status).toBe(401);
    expect((await get('/admin/users/me', { authorization: 'Bearer not.a.token' })).status).toBe(401);
  });

  it('rotates the refresh token once per use, and a replayed one ends the session', async () => {
    const renewed = await post('/admin/access-token', {}, { cookie: `strapi_admin_refresh=${refresh}` });
    expect(renewed.status).toBe(200);
    expect(typeof renewed.body.data.token).toBe('string');
    const next = refreshCookie(renewed).value;
    expect(next).not.toBe(refresh);
    expect((await get('/admin/users/me', { authorization: `Bearer ${renewed.body.data.token}` })).status).toBe(200);

    // the old token again: a replay; the whole session (its newest token and access tokens) ends
    const replay = await post('/admin/access-token', {}, { cookie: `strapi_admin_refresh=${refresh}` });
    expect(replay.status).toBe(401);
    expect((await post('/admin/access-token', {}, { cookie: `strapi_admin_refresh=${next}` })).status).toBe(401);
    expect((await get('/admin/users/me', { authorization: `Bearer ${renewed.body.data.token}` })).status).toBe(401);
    expect((await post('/admin/access-token', {})).status).toBe(401);
  });

  it('logout revokes the session and clears the cookie', async () => {
    const login = await post('/admin/login', { email: ADMIN.email, password: ADMIN.password });
    const cookie = refreshCookie(login).value;
    const access = login.body.data.token as string;
    const out = await post('/admin/logout', {}, { cookie: `strapi_admin_refresh=${cookie}`, authorization: `Bearer ${access}` });
    expect(out.status).toBe(200);
    expect(refreshCookie(out).value).toBe('');
    expect((await post('/admin/access-token', {}, { cookie: `strapi_admin_refresh=${cookie}` })).status).toBe(401);
    expect((await get('/admin/users/me', { authorization: `Bearer ${access}` })).status).toBe(401);
  });

  it('keeps the realms apart: admin tokens are no credential on /api and /graphql, API tokens and user JWTs none on the admin API', async () => {
    const login = await post('/admin/login', { email: ADMIN.email, password: ADMIN.password });
    const admin = { authorization: `Bearer ${login.body.data.token}` };
    expect((await get('/api/articles', admin)).status).toBe(401);
    const graphql = await post('/graphql', { query: '{ articles { data { attributes { title } } } }' }, admin);
    expect(graphql.status).toBe(401);

    const created = await post('/admin/api-tokens', { name: 'ci', type: 'full-access', lifespan: null }, admin);
    expect(created.status).toBe(201);
    const accessKey = created.body.data.accessKey as string;
    expect(accessKey).toMatch(/^[0-9a-f]{256}$/);
    const listed = await get('/admin/api-tokens', admin);
    expect(listed.body.data.map((t: { name: string }) => t.name)).toContain('ci');
    expect(JSON.stringify(listed.body)).not.toContain(accessKey);
    expect(JSON.stringify(listed.body)).not.toMatch(/accessKey/);
    expect((await get('/api/articles', { authorization: `Bearer ${accessKey}` })).status).toBe(200);
    expect((await get('/admin/users/me', { authorization: `Bearer ${accessKey}` })).status).toBe(401);

    const user = await post('/api/auth/local/register', { username: 'reader', email: 'reader@example.com', password: 'reader-password-1' });
    expect(user.status).toBe(200);
    expect((await get('/admin/users/me', { authorization: `Bearer ${user.body.jwt}` })).status).toBe(401);

    const removed = await request(`${vellum.url}/admin/api-tokens/${created.body.data.id}`, { method: 'DELETE', headers: admin });
    expect(removed.status).toBe(200);
    expect((await get('/api/articles', { authorization: `Bearer ${accessKey}` })).status).toBe(401);
  });

  it('rate limits login with the content API\'s limiter (per IP and route)', async () => {
    let refused: JsonResponse | undefined;
    for (let attempt = 0; attempt < 12 && !refused; attempt += 1) {
      const response = await post('/admin/login', { email: ADMIN.email, password: 'Wrong-password1' });
      if (response.status === 429) refused = response;
      else expect(response.status).toBe(400);
    }
    expect(refused?.body.error).toMatchObject({ status: 429, name: 'RateLimitError' });
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    // even the right password waits
    expect((await post('/admin/login', { email: ADMIN.email, password: ADMIN.password })).status).toBe(429);
  });
});
