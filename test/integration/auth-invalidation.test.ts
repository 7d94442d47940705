/**
 * Auth changes apply at the next request, on every dialect, in the process that makes them and
 * in another one on the same database: two app instances (A and B) share one database; a change
 * made through A (permissions, tokens, the users' document service or repository) is seen by B's
 * very next request, and the other way round. Every check is one request after the caches were
 * warmed with the old state: no retries, no waiting.
 */
import { databaseEnv } from '../helpers/test-databases.js';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'dotenv';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp, type VellumApp } from '../../src/app/create-app.js';
import { ROLE_UID, USER_UID } from '../../src/auth/content-types.js';
import { hashAccessKey, newAccessKey } from '../../src/auth/token-hash.js';
import { authTestFiles } from '../helpers/auth.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { request } from '../helpers/http.js';
import { useTestApp } from '../helpers/test-app.js';

describeEachDialect('auth changes at the next request, across app instances', (dialect) => {
  const a = useTestApp({ dialect, access: 'locked', files: authTestFiles() });
  let b: { app: VellumApp; url: string } | undefined;
  const urlOf = (server: 'A' | 'B'): string => (server === 'A' ? a.url : b?.url ?? '');
  const status = async (server: 'A' | 'B', path: string, credential?: string): Promise<number> =>
    (await request(`${urlOf(server)}${path}`, { headers: credential ? { authorization: `Bearer ${credential}` } : {} })).status;
  const both = async (path: string, credential?: string): Promise<[number, number]> =>
    [await status('A', path, credential), await status('B', path, credential)];

  beforeAll(async () => {
    // Same project directory (so the same secrets in its .env), same database, another port.
    const app = await createApp({ dir: a.dir, env: { NODE_ENV: 'test', ...databaseEnv(a.app.config.database) }, logger: { info: () => {}, warn: () => {}, error: () => {} } });
    b = { app, url: await app.listen({ host: '127.0.0.1', port: 0 }) };
  });
  afterAll(async () => {
    await b?.app.stop();
  });

  const register = async (username: string): Promise<{ jwt: string; documentId: string }> => {
    const res = await request(`${a.url}/api/auth/local/register`, { method: 'POST', json: { username, email: `${username}@example.com`, password: 'long enough' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { jwt: res.body.jwt, documentId: res.body.user.documentId };
  };

  it('a grant or revoke on one instance applies at the next request on the other', async () => {
    expect(await both('/api/tags')).toEqual([401, 401]);
    await a.app.permissions.grant('public', ['api::tag.tag.find']);
    expect(await both('/api/tags')).toEqual([200, 200]);
    await b!.app.permissions.revoke('public', ['api::tag.tag.find']);
    expect(await both('/api/tags')).toEqual([401, 401]);
  });

  it('a token created on one instance works at the first request on the other; revoked, it is refused at the next', async () => {
    const { accessKey } = await b!.app.tokens.create({ name: 'made-on-b', type: 'read-only' });
    expect(await status('A', '/api/tags', accessKey)).toBe(200);
    expect(await status('B', '/api/tags', accessKey)).toBe(200);
    expect(await a.app.tokens.revoke('made-on-b')).toBe(true);
    expect(await both('/api/tags', accessKey)).toEqual([401, 401]);
  });

  it('a token the caches do not know (its row changed without a stamp change) works at its first request: a miss reads the database', async () => {
    const { accessKey } = await a.app.tokens.create({ name: 'rekeyed', type: 'full-access' });
    expect(await both('/api/tags', accessKey)).toEqual([200, 200]);
    // Straight to the table, not through the repository: the stamp stays, the caches hold the old hash.
    const salt = parse(await readFile(join(a.dir, '.env'), 'utf8')).API_TOKEN_SALT ?? '';
    const fresh = newAccessKey();
    await a.app.db.knex('vellum_api_tokens').where('name', 'rekeyed').update({ access_key: hashAccessKey(salt, fresh) });
    expect(await both('/api/tags', fresh)).toEqual([200, 200]);
  });

  it('a user blocked through the document service is refused at the next request on both; unblocked, let in again', async () => {
    await a.app.permissions.grant('authenticated', ['api::tag.tag.find']);
    const user = await register('blockme');
    expect(await both('/api/tags', user.jwt)).toEqual([200, 200]);
    await a.app.documents(USER_UID).update({ documentId: user.documentId, data: { blocked: true } });
    expect(await both('/api/tags', user.jwt)).toEqual([401, 401]);
    await b!.app.documents(USER_UID).update({ documentId: user.documentId, data: { blocked: false } });
    expect(await both('/api/tags', user.jwt)).toEqual([200, 200]);
  });

  it('a user blocked through the repository, or deleted, is refused at the next request on both', async () => {
    const blocked = await register('repoblock');
    expect(await both('/api/tags', blocked.jwt)).toEqual([200, 200]);
    await b!.app.repository(USER_UID).update(blocked.documentId, { blocked: true }, { status: 'published' }, { fields: null, populate: [], status: 'published' });
    expect(await both('/api/tags', blocked.jwt)).toEqual([401, 401]);

    const deleted = await register('deleteme');
    expect(await both('/api/users/me', deleted.jwt)).toEqual([200, 200]);
    expect(await a.app.documents(USER_UID).delete({ documentId: deleted.documentId })).toEqual({ documentId: deleted.documentId, deleted: true });
    expect(await both('/api/users/me', deleted.jwt)).toEqual([401, 401]);
  });

  it('a user moved to another role has that role\'s rights at the next request on both', async () => {
    const editors = await a.app.permissions.createRole({ name: 'Editors' });
    await a.app.permissions.grant('Editors', ['api::category.category.find']);
    const user = await register('mover');
    expect(await both('/api/categories', user.jwt)).toEqual([403, 403]);
    await b!.app.documents(USER_UID).update({ documentId: user.documentId, data: { role: editors.documentId } });
    expect(await both('/api/categories', user.jwt)).toEqual([200, 200]);
    expect(await both('/api/tags', user.jwt)).toEqual([403, 403]);
    // A role's permission removed through the document service (not app.permissions).
    const permission = (await a.app.documents('plugin::users-permissions.permission').findMany({ filters: { action: 'api::category.category.find', role: { documentId: editors.documentId } } }))[0];
    await a.app.documents('plugin::users-permissions.permission').delete({ documentId: String(permission?.documentId) });
    expect(await both('/api/categories', user.jwt)).toEqual([403, 403]);
    // Deleting the role leaves the user without one.
    await a.app.permissions.grant('Editors', ['api::category.category.find']);
    expect(await both('/api/categories', user.jwt)).toEqual([200, 200]);
    await b!.app.documents(ROLE_UID).delete({ documentId: editors.documentId });
    expect(await both('/api/categories', user.jwt)).toEqual([403, 403]);
  });

  it('every auth write replaces the stamp in its own transaction: a failed write leaves it alone', async () => {
    const stamp = async (): Promise<string> => String((await a.app.db.knex('vellum_auth_state').first('stamp')).stamp);
    const before = await stamp();
    await expect(a.app.documents(USER_UID).create({ data: { username: 'x' } })).rejects.toThrow();
    expect(await stamp()).toBe(before);
    await register('stamper');
    expect(await stamp()).not.toBe(before);
    const rows = await a.app.db.knex('vellum_auth_state').count({ n: '*' });
    expect(Number(rows[0]?.n)).toBe(1);
  });
});
