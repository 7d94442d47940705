/**
 * Runs database tests on every dialect. `DIALECTS=sqlite,postgres` narrows the list.
 * Outside CI an unreachable PostgreSQL/MySQL server is left out with one warning (no skipped tests
 * are registered); with `CI=true` every listed dialect runs and an unreachable one fails loudly.
 */
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import type { DialectName } from '../../src/db/dialect.js';
import { openDatabase, type Database, type DatabaseConfig } from '../../src/db/connection.js';

const ALL: readonly DialectName[] = ['sqlite', 'postgres', 'mysql'];

function parseDialects(raw: string | undefined): DialectName[] {
  if (!raw || raw.trim() === '') return [...ALL];
  const names = raw.split(',').map((s) => s.trim()).filter(Boolean);
  for (const name of names) {
    if (!(ALL as readonly string[]).includes(name)) {
      throw new Error(`DIALECTS: unknown dialect "${name}" (expected a comma list of ${ALL.join(', ')})`);
    }
  }
  return names as DialectName[];
}

export const DIALECTS: readonly DialectName[] = parseDialects(process.env.DIALECTS);
const IN_CI = process.env.CI === 'true';

export const SERVERS = {
  postgres: { host: '127.0.0.1', port: 5432, user: 'postgres', password: '', adminDatabase: 'postgres' },
  mysql: { host: '127.0.0.1', port: 3306, user: 'root', password: '' },
} as const;

function probeTcp(host: string, port: number, timeoutMs = 1_500): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const socket = connect({ host, port });
    const finish = (ok: boolean): void => {
      socket.destroy();
      resolvePromise(ok);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

async function probe(dialect: DialectName): Promise<boolean> {
  switch (dialect) {
    case 'sqlite':
      return true;
    case 'postgres':
    case 'mysql':
      return probeTcp(SERVERS[dialect].host, SERVERS[dialect].port);
  }
}

// Probed once per test process, before any test file registers its suites.
const reachability = new Map<DialectName, boolean>(
  await Promise.all(DIALECTS.map(async (d) => [d, await probe(d)] as const)),
);
const unreachable = DIALECTS.filter((d) => !reachability.get(d));
if (unreachable.length > 0 && !IN_CI) {
  console.warn(
    `[vellum tests] not running on ${unreachable
      .map((d) => (d === 'sqlite' ? d : `${d} (${SERVERS[d].host}:${SERVERS[d].port} unreachable)`))
      .join(', ')}; CI=true makes this an error`,
  );
}

/** Dialects the tests of this process run on. */
export function activeDialects(): readonly DialectName[] {
  return IN_CI ? DIALECTS : DIALECTS.filter((d) => reachability.get(d));
}

/** `describe(`${name} [${dialect}]`)` once per active dialect. */
export function describeEachDialect(name: string, fn: (dialect: DialectName) => void): void {
  for (const dialect of activeDialects()) {
    describe(`${name} [${dialect}]`, () => {
      if (!reachability.get(dialect)) {
        beforeAll(() => {
          const s = dialect === 'sqlite' ? undefined : SERVERS[dialect];
          throw new Error(`CI=true: ${dialect} server at ${s?.host}:${s?.port} is unreachable; every listed dialect must run`);
        });
      }
      fn(dialect);
    });
  }
}

function uniqueName(): string {
  return `vellum_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

export interface TestDatabase {
  config: DatabaseConfig;
  drop(): Promise<void>;
}

async function pgAdmin<T>(run: (client: import('pg').Client) => Promise<T>): Promise<T> {
  const pg = await import('pg');
  const s = SERVERS.postgres;
  const client = new pg.default.Client({ host: s.host, port: s.port, user: s.user, password: s.password, database: s.adminDatabase });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function mysqlAdmin<T>(run: (conn: import('mysql2/promise').Connection) => Promise<T>): Promise<T> {
  const mysql = await import('mysql2/promise');
  const s = SERVERS.mysql;
  const conn = await mysql.createConnection({ host: s.host, port: s.port, user: s.user, password: s.password });
  try {
    return await run(conn);
  } finally {
    await conn.end();
  }
}

/** A fresh, empty database of that dialect, and how to remove it. */
export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  const name = uniqueName();
  switch (dialect) {
    case 'sqlite': {
      const filename = join(tmpdir(), `${name}.db`);
      return {
        config: { client: 'sqlite', connection: { filename } },
        drop: async () => {
          await Promise.all(['', '-wal', '-shm', '-journal'].map((suffix) => rm(`${filename}${suffix}`, { force: true })));
        },
      };
    }
    case 'postgres': {
      const s = SERVERS.postgres;
      await pgAdmin((c) => c.query(`CREATE DATABASE "${name}"`));
      return {
        config: { client: 'postgres', connection: { host: s.host, port: s.port, user: s.user, password: s.password, database: name } },
        drop: async () => {
          await pgAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
        },
      };
    }
    case 'mysql': {
      const s = SERVERS.mysql;
      await mysqlAdmin((c) => c.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`));
      return {
        config: { client: 'mysql', connection: { host: s.host, port: s.port, user: s.user, password: s.password, database: name } },
        drop: async () => {
          await mysqlAdmin((c) => c.query(`DROP DATABASE IF EXISTS \`${name}\``));
        },
      };
    }
  }
}

/**
 * Registers beforeAll/afterAll hooks in the current describe block that create, open, close and
 * drop a test database. Read `.db` / `.config` inside tests or later hooks.
 */
export function useTestDatabase(dialect: DialectName): { readonly db: Database; readonly config: DatabaseConfig } {
  let testDb: TestDatabase | undefined;
  let db: Database | undefined;
  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    db = await openDatabase(testDb.config);
  });
  afterAll(async () => {
    await db?.close();
    await testDb?.drop();
  });
  return {
    get db(): Database {
      if (!db) throw new Error('useTestDatabase: the database is opened in beforeAll; read it inside tests');
      return db;
    },
    get config(): DatabaseConfig {
      if (!testDb) throw new Error('useTestDatabase: the database is created in beforeAll; read it inside tests');
      return testDb.config;
    },
  };
}
