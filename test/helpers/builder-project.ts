/**
 * The content-type builder's world: a copy of the blog model's schemas (no code, no tsconfig: a
 * JavaScript project) served by `vellum develop` (or `start`), a Super Admin registered through
 * the admin API, and a full-access API token made through the admin API (tokens live in the
 * database, so they outlast develop's restarts). `restarts()` counts the apps that came up.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { request, type JsonResponse } from './http.js';
import { TEST_SECRETS } from './project-dir.js';
import { BLOG_FIXTURE } from './test-app.js';
import { startVellumProcess, type VellumProcess } from './vellum-process.js';

export const BUILDER_ADMIN = { email: 'builder@example.com', password: 'Builder-123', firstname: 'Bea', lastname: 'Builder' };

export interface BuilderProject {
  readonly dir: string;
  readonly server: VellumProcess;
  /** an admin API request (root paths: `/content-type-builder/…`, `/admin/…`) as the Super Admin */
  admin(method: string, path: string, body?: unknown): Promise<JsonResponse>;
  /** a REST request with the full-access token */
  rest(path: string, init?: { method?: string; json?: unknown }): Promise<JsonResponse>;
  graphql(query: string): Promise<JsonResponse>;
  /** how many times the app has announced where it runs (1 after start, 2 after one restart…) */
  starts(): number;
  /** resolves once the app has come up `count` times */
  waitForStarts(count: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startBuilderProject(command: 'develop' | 'start'): Promise<BuilderProject> {
  const dir = mkdtempSync(join(tmpdir(), 'vellum-ctb-'));
  const json = (path: string) => !/\.[cm]?[jt]s$/.test(path);
  cpSync(join(BLOG_FIXTURE, 'src'), join(dir, 'src'), { recursive: true, filter: json });
  const server = await startVellumProcess(dir, TEST_SECRETS, command);
  const registered = await request(`${server.url}/admin/register-admin`, { method: 'POST', json: BUILDER_ADMIN });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  const adminHeaders = { authorization: `Bearer ${registered.body.data.token}` };
  const token = await request(`${server.url}/admin/api-tokens`, { method: 'POST', headers: adminHeaders, json: { name: 'builder-tests', type: 'full-access', lifespan: null } });
  expect(token.status, JSON.stringify(token.body)).toBe(201);
  const restHeaders = { authorization: `Bearer ${token.body.data.accessKey}` };
  const starts = () => server.output().match(/Vellum is running at/g)?.length ?? 0;
  return {
    dir,
    server,
    admin: (method, path, body) => request(`${server.url}${path}`, { method, headers: adminHeaders, ...(body === undefined ? {} : { json: body }) }),
    rest: (path, init = {}) => request(`${server.url}/api${path}`, { method: init.method ?? 'GET', headers: restHeaders, ...(init.json === undefined ? {} : { json: init.json }) }),
    graphql: (query) => request(`${server.url}/graphql`, { method: 'POST', headers: restHeaders, json: { query } }),
    starts,
    async waitForStarts(count) {
      const started = Date.now();
      while (starts() < count) {
        if (Date.now() - started > 30_000) throw new Error(`the app did not restart:\n${server.output()}`);
        await new Promise((done) => setTimeout(done, 50));
      }
    },
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The project of a describe block: started in its beforeAll, stopped in its afterAll. */
export function useBuilderProject(command: 'develop' | 'start'): () => BuilderProject {
  let project: BuilderProject | undefined;
  beforeAll(async () => {
    project = await startBuilderProject(command);
  }, 120_000);
  afterAll(async () => project?.stop(), 60_000);
  return () => {
    if (!project) throw new Error('useBuilderProject: the project starts in beforeAll');
    return project;
  };
}
