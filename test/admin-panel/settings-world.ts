/**
 * The settings pages' browser tests' world: a project written from `files` served by
 * `vellum start` (SQLite), a Super Admin registered through the admin API, and a full-access API
 * token made through the admin API to read entries back through REST. It has the edit view's
 * world's shape, so `signedInBrowser` and `expectCleanRun` (edit-view-setup.ts) serve both.
 */
import { rmSync } from 'node:fs';
import { expect } from 'vitest';
import { TEST_SECRETS, writeProject } from '../helpers/project-dir.js';
import { startVellumProcess } from '../helpers/vellum-process.js';
import { ADMIN, type EditViewWorld } from './edit-view-setup.js';

export async function startSettingsWorld(files: Readonly<Record<string, string>>): Promise<EditViewWorld> {
  const dir = await writeProject(files);
  const server = await startVellumProcess(dir, TEST_SECRETS);
  const call = async (url: string, init: RequestInit) => {
    const response = await fetch(url, init);
    const text = await response.text();
    return { status: response.status, body: text === '' ? null : JSON.parse(text) };
  };
  const json = (token: string, method: string, body: unknown): RequestInit => ({
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const registered = await call(`${server.url}/admin/register-admin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  const adminToken = registered.body.data.token as string;
  const token = await call(`${server.url}/admin/api-tokens`, json(adminToken, 'POST', { name: 'readback', type: 'full-access', lifespan: null }));
  expect(token.status, JSON.stringify(token.body)).toBe(201);
  const restToken = token.body.data.accessKey as string;
  return {
    server,
    dir,
    adminToken,
    restToken,
    admin: (method, path, body) => call(`${server.url}${path}`, json(adminToken, method, body)),
    rest: (path) => call(`${server.url}/api${path}`, json(restToken, 'GET', undefined)),
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
