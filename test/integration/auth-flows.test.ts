/**
 * Local accounts over REST on every dialect: register, login, `/users/me`, the users routes
 * under permissions, Strapi's messages, imported Strapi password hashes, drafts and writes
 * under permissions, `lastUsedAt` of API tokens.
 */
import bcrypt from 'bcryptjs';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { USER_UID } from '../../src/auth/content-types.js';
import { authTestFiles } from '../helpers/auth.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { client } from '../helpers/http.js';
import { useTestApp } from '../helpers/test-app.js';

const ARTICLE = 'api::article.article';
const USER_KEYS = ['blocked', 'confirmed', 'createdAt', 'documentId', 'email', 'id', 'provider', 'publishedAt', 'updatedAt', 'username'];
const applicationError = (message: string) => ({ data: null, error: { status: 400, name: 'ApplicationError', message, details: {} } });
const invalidLogin = { data: null, error: { status: 400, name: 'ValidationError', message: 'Invalid identifier or password', details: {} } };

describeEachDialect('auth flows (REST)', (dialect) => {
  const t = useTestApp({ dialect, access: 'locked', files: authTestFiles() });
  const api = client(() => t.url);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  let ada = { jwt: '', id: 0 };

  beforeAll(async () => {
    const registered = await api.post('/api/auth/local/register', { username: 'ada', email: 'Ada@Example.com', password: 'analytical' });
    ada = { jwt: registered.body.jwt, id: registered.body.user.id };
  });

  describe('register', () => {
    it('answers { jwt, user } with the user as stored, lower-cased email, no secrets; the password is a bcrypt hash', async () => {
      const response = await api.post('/api/auth/local/register', { username: 'grace', email: 'Grace@Example.com', password: 'cobol-1959' });
      expect(response.status).toBe(200);
      expect(Object.keys(response.body).sort()).toEqual(['jwt', 'user']);
      expect(Object.keys(response.body.user).sort()).toEqual(USER_KEYS);
      expect(response.body.user).toMatchObject({ username: 'grace', email: 'grace@example.com', provider: 'local', confirmed: true, blocked: false });
      expect(decodeJwt(response.body.jwt).id).toBe(response.body.user.id);
      const row = await t.app.db.knex('up_users').first('password').where('username', 'grace');
      expect(row.password).toMatch(/^\$2[aby]\$10\$/);
      expect(await bcrypt.compare('cobol-1959', row.password)).toBe(true);
    });

    it('gives the new user the authenticated role; the user appears in the users collection', async () => {
      const users = await t.app.documents(USER_UID).findMany({ filters: { username: 'ada' }, populate: { role: { fields: ['type'] } } });
      expect(users.map((u) => [u.username, (u.role as { type: string }).type])).toEqual([['ada', 'authenticated']]);
    });

    it('refuses a taken email (any case) or username with the one message Strapi gives', async () => {
      const email = await api.post('/api/auth/local/register', { username: 'other', email: 'ADA@example.com', password: 'analytical' });
      expect({ status: email.status, body: email.body }).toEqual({ status: 400, body: applicationError('Email or Username are already taken') });
      const username = await api.post('/api/auth/local/register', { username: 'ada', email: 'new@example.com', password: 'analytical' });
      expect({ status: username.status, body: username.body }).toEqual({ status: 400, body: applicationError('Email or Username are already taken') });
    });

    it('validates email, password length and required fields, and refuses other keys', async () => {
      const badEmail = await api.post('/api/auth/local/register', { username: 'x1', email: 'not-an-email', password: 'long enough' });
      expect(badEmail.body).toEqual({
        data: null,
        error: { status: 400, name: 'ValidationError', message: 'email must be a valid email', details: { errors: [{ path: ['email'], message: 'email must be a valid email', name: 'ValidationError' }] } },
      });
      const short = await api.post('/api/auth/local/register', { username: 'x2', email: 'x2@example.com', password: '12345' });
      expect([short.status, short.body.error.message]).toEqual([400, 'password must be at least 6 characters']);
      const empty = await api.post('/api/auth/local/register', {});
      expect([empty.status, empty.body.error.message, empty.body.error.details.errors.map((e: { path: string[] }) => e.path[0])])
        .toEqual([400, '3 errors occurred', ['username', 'email', 'password']]);
      const role = await api.post('/api/auth/local/register', { username: 'x3', email: 'x3@example.com', password: 'long enough', role: 1 });
      expect(role.body).toEqual({ data: null, error: { status: 400, name: 'ValidationError', message: 'Invalid parameters: role', details: {} } });
    });
  });

  describe('login', () => {
    it('accepts the email (any case) or the username as identifier', async () => {
      for (const identifier of ['ada', 'ADA@example.com']) {
        const response = await api.post('/api/auth/local', { identifier, password: 'analytical' });
        expect(response.status).toBe(200);
        expect(response.body.user).toMatchObject({ id: ada.id, username: 'ada' });
        expect((await api.get('/api/users/me', bearer(response.body.jwt))).body.username).toBe('ada');
      }
    });

    it('says the same for a wrong password and an unknown account', async () => {
      const wrong = await api.post('/api/auth/local', { identifier: 'ada', password: 'wrong password' });
      const unknown = await api.post('/api/auth/local', { identifier: 'nobody@example.com', password: 'wrong password' });
      expect({ status: wrong.status, body: wrong.body }).toEqual({ status: 400, body: invalidLogin });
      expect({ status: unknown.status, body: unknown.body }).toEqual({ status: 400, body: invalidLogin });
      const missing = await api.post('/api/auth/local', { identifier: 'ada' });
      expect([missing.status, missing.body.error.message]).toEqual([400, 'password is a required field']);
    });

    it('logs in users imported from Strapi with their $2a$ bcrypt hashes', async () => {
      await api.post('/api/auth/local/register', { username: 'imported', email: 'imported@example.com', password: 'placeholder' });
      const strapiHash = bcrypt.hashSync('from-strapi', 10).replace(/^\$2b\$/, '$2a$');
      await t.app.db.knex('up_users').update({ password: strapiHash }).where('username', 'imported');
      const response = await api.post('/api/auth/local', { identifier: 'imported', password: 'from-strapi' });
      expect([response.status, response.body.user?.username]).toEqual([200, 'imported']);
    });

    it('refuses a blocked user, at login and with a token issued before the block', async () => {
      const registered = await api.post('/api/auth/local/register', { username: 'mallory', email: 'mallory@example.com', password: 'sneaky-pass' });
      const before = registered.body.jwt as string;
      expect((await api.get('/api/users/me', bearer(before))).status).toBe(200);
      await t.app.documents(USER_UID).update({ documentId: registered.body.user.documentId, data: { blocked: true } });
      const login = await api.post('/api/auth/local', { identifier: 'mallory', password: 'sneaky-pass' });
      expect({ status: login.status, body: login.body }).toEqual({ status: 400, body: applicationError('Your account has been blocked by an administrator') });
      const me = await api.get('/api/users/me', bearer(before));
      expect([me.status, me.body.error.message]).toEqual([401, 'Missing or invalid credentials']);
    });

    it('refuses the token of a deleted user', async () => {
      const registered = await api.post('/api/auth/local/register', { username: 'gone', email: 'gone@example.com', password: 'vanishing' });
      await t.app.documents(USER_UID).delete({ documentId: registered.body.user.documentId });
      expect((await api.get('/api/users/me', bearer(registered.body.jwt))).status).toBe(401);
    });
  });

  describe('users routes', () => {
    it('/users/me answers the bare user for a JWT, 401 for anyone else', async () => {
      const me = await api.get('/api/users/me', bearer(ada.jwt));
      expect(me.status).toBe(200);
      expect(Object.keys(me.body).sort()).toEqual(USER_KEYS);
      const anonymous = await api.get('/api/users/me');
      expect([anonymous.status, anonymous.headers.get('www-authenticate')]).toEqual([401, 'Bearer']);
      const token = (await t.app.tokens.create({ name: 'me-probe', type: 'full-access' })).accessKey;
      expect((await api.get('/api/users/me', bearer(token))).status).toBe(401);
    });

    it('/users/me?populate=role populates the role only when the role may find roles', async () => {
      expect((await api.get('/api/users/me?populate=role', bearer(ada.jwt))).body).not.toHaveProperty('role');
      await t.app.permissions.grant('authenticated', ['plugin::users-permissions.role.find']);
      expect((await api.get('/api/users/me?populate=role', bearer(ada.jwt))).body.role).toMatchObject({ type: 'authenticated', name: 'Authenticated' });
      await t.app.permissions.revoke('authenticated', ['plugin::users-permissions.role.find']);
    });

    it('/users, /users/:id and /users/count need user.find, user.findOne and user.count; payloads never hold passwords', async () => {
      expect((await api.get('/api/users', bearer(ada.jwt))).status).toBe(403);
      expect((await api.get(`/api/users/${ada.id}`, bearer(ada.jwt))).status).toBe(403);
      expect((await api.get('/api/users')).status).toBe(401);
      await t.app.permissions.grant('authenticated', ['plugin::users-permissions.user.find', 'plugin::users-permissions.user.findOne', 'plugin::users-permissions.user.count']);
      const list = await api.get('/api/users?sort=id', bearer(ada.jwt));
      expect(list.status).toBe(200);
      expect(list.body.map((u: { username: string }) => u.username)).toContain('ada');
      expect(Object.keys(list.body[0]).sort()).toEqual(USER_KEYS);
      expect(JSON.stringify(list.body)).not.toMatch(/\$2[aby]\$/);
      const one = await api.get(`/api/users/${ada.id}`, bearer(ada.jwt));
      expect([one.status, one.body.username]).toEqual([200, 'ada']);
      expect((await api.get('/api/users/999999', bearer(ada.jwt))).status).toBe(404);
      const count = await api.get('/api/users/count', bearer(ada.jwt));
      expect(count.body).toBe(list.body.length);
      const probe = await api.get('/api/users?filters[password][$startsWith]=$2', bearer(ada.jwt));
      expect([probe.status, probe.body.error.message]).toEqual([400, 'Invalid key password']);
    });
  });

  describe('content under permissions', () => {
    beforeAll(async () => {
      await t.app.permissions.grant('public', [`${ARTICLE}.find`, `${ARTICLE}.findOne`]);
      await t.app.permissions.grant('authenticated', [`${ARTICLE}.find`, `${ARTICLE}.create`]);
      await t.app.documents(ARTICLE).create({ data: { title: 'Only a draft' } });
    });

    it('never shows drafts to the public role; users with find and tokens see them', async () => {
      const anonymous = await api.get('/api/articles?status=draft');
      expect({ status: anonymous.status, body: anonymous.body }).toEqual({
        status: 401, body: { data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Reading drafts needs credentials', details: {} } },
      });
      expect((await api.get('/api/articles')).status).toBe(200);
      const user = await api.get('/api/articles?status=draft', bearer(ada.jwt));
      expect(user.body.data.map((a: { title: string }) => a.title)).toContain('Only a draft');
      const token = (await t.app.tokens.create({ name: 'drafts', type: 'read-only' })).accessKey;
      expect((await api.get('/api/articles?status=draft', bearer(token))).body.data.map((a: { title: string }) => a.title)).toContain('Only a draft');
    });

    it('refuses a write naming a relation target the actor may not find', async () => {
      const author = await t.app.documents('api::author.author').create({ data: { name: 'Hidden' } });
      const response = await api.post('/api/articles', { data: { title: 'Linked', author: author.documentId } }, bearer(ada.jwt));
      expect({ status: response.status, body: response.body }).toEqual({
        status: 400, body: { data: null, error: { status: 400, name: 'ValidationError', message: 'Invalid key author', details: { key: 'author', path: 'author', source: 'body' } } },
      });
      expect((await api.post('/api/articles', { data: { title: 'Unlinked' } }, bearer(ada.jwt))).status).toBe(201);
    });

    it('refuses filtering or sorting through a relation the actor may not find', async () => {
      const filter = await api.get('/api/articles?filters[author][name][$eq]=Hidden');
      expect(filter.body.error).toEqual({ status: 400, name: 'ValidationError', message: 'Invalid key author', details: { key: 'author', path: 'author', source: 'query', param: 'filters' } });
      expect((await api.get('/api/articles?sort=author.name')).status).toBe(400);
    });
  });

  it('records when an API token was last used', async () => {
    const { accessKey } = await t.app.tokens.create({ name: 'used', type: 'read-only' });
    expect((await t.app.tokens.list()).find((tk) => tk.name === 'used')?.lastUsedAt).toBeNull();
    const before = Date.now();
    await api.get('/api/authors', bearer(accessKey));
    await expect.poll(async () => (await t.app.tokens.list()).find((tk) => tk.name === 'used')?.lastUsedAt ?? null, { timeout: 5_000 }).not.toBeNull();
    const stamped = Date.parse((await t.app.tokens.list()).find((tk) => tk.name === 'used')?.lastUsedAt ?? '');
    expect(stamped).toBeGreaterThanOrEqual(before - 1_000);
  });
});
