/**
 * The edit view's browser tests' world: the examples/blog model (its schemas and locales, none
 * of its code) served by `vellum start`, a Super Admin registered through the admin API, a
 * full-access API token (CLI) to read entries back through REST, and a Chromium page signed in
 * through the login form.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { TEST_SECRETS } from '../helpers/project-dir.js';
import { startVellumProcess, type VellumProcess } from '../helpers/vellum-process.js';
import { runVellum } from '../helpers/vellum-bin.js';
import { openAdminBrowser, type AdminBrowser } from '../helpers/admin-browser.js';

const BLOG = fileURLToPath(new URL('../../examples/blog/', import.meta.url));
export const ADMIN = { email: 'editor@example.com', password: 'Secret-123', firstname: 'Ada', lastname: 'Editor' };

export interface EditViewWorld {
  server: VellumProcess;
  dir: string;
  adminToken: string;
  restToken: string;
  /** an admin API request with the admin's token */
  admin(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  /** a REST request with the full-access token */
  rest(path: string): Promise<{ status: number; body: any }>;
  stop(): Promise<void>;
}

/** `env`: more environment for the server (a feature's secret) */
export async function startEditViewWorld(env: Record<string, string> = {}): Promise<EditViewWorld> {
  const dir = mkdtempSync(join(tmpdir(), 'vellum-edit-view-'));
  const json = (path: string) => !/\.[cm]?[jt]s$/.test(path);
  cpSync(join(BLOG, 'src', 'api'), join(dir, 'src', 'api'), { recursive: true, filter: json });
  cpSync(join(BLOG, 'src', 'components'), join(dir, 'src', 'components'), { recursive: true, filter: json });
  mkdirSync(join(dir, 'config'), { recursive: true });
  writeFileSync(join(dir, 'config', 'plugins.js'), "module.exports = { i18n: { config: { locales: ['fr'] } } };\n");
  const server = await startVellumProcess(dir, { ...TEST_SECRETS, ...env });
  const call = async (url: string, init: RequestInit) => {
    const response = await fetch(url, init);
    const text = await response.text();
    return { status: response.status, body: text === '' ? null : JSON.parse(text) };
  };
  const registered = await call(`${server.url}/admin/register-admin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  const adminToken = registered.body.data.token as string;
  const token = await runVellum(['token', 'create', '--dir', dir, '--name', 'readback', '--type', 'full-access'], { ...TEST_SECRETS, NODE_ENV: 'production' });
  expect(token.code, token.stderr).toBe(0);
  const restToken = token.stdout.trim().split('\n').at(-1)!.trim();
  return {
    server,
    dir,
    adminToken,
    restToken,
    admin: (method, path, body) =>
      call(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${adminToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) }),
    rest: (path) => call(`${server.url}/api${path}`, { headers: { authorization: `Bearer ${restToken}` } }),
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** an admin with the role of `code` (`strapi-author`, …), invited and registered through the admin API */
export async function createAdmin(world: EditViewWorld, roleCode: string, email: string): Promise<{ email: string; password: string }> {
  const roles = await world.admin('GET', '/admin/roles');
  const role = (roles.body.data as { id: number; code: string }[]).find((r) => r.code === roleCode);
  expect(role, JSON.stringify(roles.body)).toBeDefined();
  const invited = await world.admin('POST', '/admin/users', { email, firstname: 'Role', lastname: roleCode, roles: [role!.id] });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const password = 'Author-123';
  const registered = await fetch(`${world.server.url}/admin/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ registrationToken: invited.body.data.registrationToken, userInfo: { firstname: 'Role', lastname: roleCode, password } }),
  });
  expect(registered.status, await registered.clone().text()).toBe(200);
  return { email, password };
}

/** a Chromium page signed in (as the Super Admin unless `as` names another admin) through the login form */
export async function signedInBrowser(world: { readonly server: { readonly url: string } }, testName: string, as: { email: string; password: string } = ADMIN): Promise<AdminBrowser> {
  const browser = await openAdminBrowser(testName);
  const { page } = browser;
  await page.goto(`${world.server.url}/admin/auth/login`);
  await page.getByLabel('Email').fill(as.email);
  await page.getByLabel('Password').fill(as.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => !url.pathname.includes('/auth/'));
  return browser;
}

/** the run stayed clean: no console error, no request off loopback */
export function expectCleanRun(browser: AdminBrowser): void {
  expect(browser.consoleErrors).toEqual([]);
  expect(browser.externalRequests).toEqual([]);
}
