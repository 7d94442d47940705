/**
 * Starts a real Vellum app over real HTTP for integration tests: the project is copied to a
 * temp dir (fixtures stay untouched), a fresh database of the dialect is created, the server
 * listens on a free port. `close()` stops it and drops the database.
 */
import { databaseEnv } from './test-databases.js';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createApp, type VellumApp } from '../../src/app/create-app.js';
import type { Logger } from '../../src/app/logger.js';
import { knownActions } from '../../src/auth/actions.js';
import type { DialectName } from '../../src/db/dialect.js';
import { createTestDatabase } from './dialects.js';
import { BLOG_MODEL } from './fixtures.js';

/** The bare blog model (no config, no bootstrap): apps start from an empty database. */
export const BLOG_FIXTURE = BLOG_MODEL;

export interface TestApp {
  readonly url: string;
  readonly app: VellumApp;
  readonly dir: string;
  readonly logs: string[];
  /** `access: 'open'` only: a full-access API token, and the header that sends it */
  readonly token: string;
  readonly authHeaders: Record<string, string>;
  close(): Promise<void>;
}

export interface StartOptions {
  readonly dialect: DialectName;
  readonly projectDir?: string;
  /** extra env vars (NODE_ENV, JWT_SECRET, …) */
  readonly env?: Record<string, string>;
  /** files to write into the project copy before start, path → content */
  readonly files?: Record<string, string>;
  /**
   * `open` (default), for tests about something else than authentication: the public role is
   * granted every action and a full-access token is created (`token`, `authHeaders`; anonymous
   * requests still never read drafts). `locked`: a fresh project's permissions, nothing granted.
   */
  readonly access?: 'open' | 'locked';
}

export async function startTestApp(options: StartOptions): Promise<TestApp> {
  const dir = await mkdtemp(join(tmpdir(), 'vellum-app-'));
  await cp(options.projectDir ?? BLOG_FIXTURE, dir, { recursive: true });
  const { writeFile, mkdir } = await import('node:fs/promises');
  for (const [path, content] of Object.entries(options.files ?? {})) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  const database = await createTestDatabase(options.dialect);
  const logs: string[] = [];
  const logger: Logger = {
    info: (m) => logs.push(`info: ${m}`),
    warn: (m) => logs.push(`warn: ${m}`),
    error: (m, e) => logs.push(`error: ${m} ${e instanceof Error ? e.stack : String(e ?? '')}`),
  };
  try {
    const env = { NODE_ENV: 'test', ...databaseEnv(database.config), ...options.env };
    const app = await createApp({ dir, env, logger });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    let token = '';
    if ((options.access ?? 'open') === 'open') {
      await app.permissions.grant('public', [...knownActions(app.registry)]);
      token = (await app.tokens.create({ name: 'test full access', type: 'full-access' })).accessKey;
    }
    return {
      url, app, dir, logs, token,
      authHeaders: token === '' ? {} : { authorization: `Bearer ${token}` },
      async close() {
        await app.stop();
        await database.drop();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await database.drop();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/** beforeAll/afterAll hooks around one app for the current describe block. */
export function useTestApp(options: StartOptions): TestApp {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await startTestApp(options);
  });
  afterAll(async () => {
    await started?.close();
  });
  const get = (): TestApp => {
    if (!started) throw new Error('useTestApp: the app starts in beforeAll; use it inside tests');
    return started;
  };
  return {
    get url() { return get().url; },
    get app() { return get().app; },
    get dir() { return get().dir; },
    get logs() { return get().logs; },
    get token() { return get().token; },
    get authHeaders() { return get().authHeaders; },
    close: () => get().close(),
  };
}
