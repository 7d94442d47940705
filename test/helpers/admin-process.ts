/**
 * A Vellum process (`node bin/vellum.js start`) on a copy of the blog model, with a registered
 * Super Admin: the admin API's tests call it with that admin's access token (`admin`), an
 * invited Editor's (`editor()`), or none. `files` are written into the project copy first.
 */
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { DialectName } from '../../src/db/dialect.js';
import { client, request } from './http.js';
import { TEST_SECRETS } from './project-dir.js';
import { BLOG_FIXTURE } from './test-app.js';
import { createTestDatabase, databaseEnv, type TestDatabase } from './test-databases.js';
import { startVellumProcess, type VellumProcess } from './vellum-process.js';

const SUPER_ADMIN = { email: 'admin@example.com', password: 'Admin-password1', firstname: 'Ada', lastname: 'Admin' };

export interface AdminProcess {
  readonly url: string;
  /** the Super Admin's requests */
  readonly admin: ReturnType<typeof client>;
  /** requests without credentials */
  readonly anonymous: ReturnType<typeof client>;
  /** the Authorization header of the Super Admin */
  readonly adminHeaders: Record<string, string>;
  /** an invited admin with Strapi's Editor role (made on first use); its requests go under `prefix` (default the admin path) */
  editor(prefix?: string): Promise<ReturnType<typeof client>>;
  /** a full-access API token for the content API, made through the admin API */
  apiToken(): Promise<Record<string, string>>;
}

export function useAdminProcess(dialect: DialectName, files: Readonly<Record<string, string>> = {}): AdminProcess {
  let database: TestDatabase;
  let dir: string;
  let vellum: VellumProcess | undefined;
  let headers: Record<string, string> = {};
  let editorHeaders: Record<string, string> | undefined;
  let token: Record<string, string> | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    dir = await mkdtemp(join(tmpdir(), 'vellum-admin-api-'));
    await cp(BLOG_FIXTURE, dir, { recursive: true });
    for (const [path, content] of Object.entries(files)) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), content);
    }
    vellum = await startVellumProcess(dir, { ...TEST_SECRETS, ...databaseEnv(database.config) });
    const registered = await request(`${vellum.url}/admin/register-admin`, { method: 'POST', json: SUPER_ADMIN });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    headers = { authorization: `Bearer ${registered.body.data.token}` };
  }, 120_000);

  afterAll(async () => {
    await vellum?.stop();
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
  }, 60_000);

  const url = (): string => {
    if (!vellum) throw new Error('useAdminProcess: the process starts in beforeAll');
    return vellum.url;
  };
  const admin = client(() => `${url()}/admin`, () => headers);
  return {
    get url() { return url(); },
    get adminHeaders() { return headers; },
    admin,
    anonymous: client(() => `${url()}/admin`),
    async editor(prefix = '/admin') {
      if (editorHeaders) return client(() => `${url()}${prefix}`, () => editorHeaders!);
      const roles = await admin.get('/roles');
      const role = roles.body.data.find((r: { code: string }) => r.code === 'strapi-editor');
      const invited = await admin.post('/users', { email: 'editor@example.com', firstname: 'Ed', roles: [role.id] });
      expect(invited.status, JSON.stringify(invited.body)).toBe(201);
      const registered = await request(`${url()}/admin/register`, { method: 'POST', json: { registrationToken: invited.body.data.registrationToken, userInfo: { firstname: 'Ed', password: 'Editor-password1' } } });
      expect(registered.status, JSON.stringify(registered.body)).toBe(200);
      const headers = { authorization: `Bearer ${registered.body.data.token}` };
      editorHeaders = headers;
      return client(() => `${url()}${prefix}`, () => headers);
    },
    async apiToken() {
      if (token) return token;
      const created = await admin.post('/api-tokens', { name: 'tests', type: 'full-access', lifespan: null });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      token = { authorization: `Bearer ${created.body.data.accessKey}` };
      return token;
    },
  };
}
