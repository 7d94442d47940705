/**
 * Runs database tests on every dialect. `DIALECTS=sqlite,postgres` narrows the list.
 * Outside CI an unreachable PostgreSQL/MySQL server is left out with one warning (no skipped tests
 * are registered); with `CI=true` every listed dialect runs and an unreachable one fails loudly.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe } from 'vitest';
import type { DialectName } from '../../src/db/dialect.js';
import { openDatabase, type Database, type DatabaseConfig } from '../../src/db/connection.js';
import { createTestDatabase, SERVERS, type TestDatabase } from './test-databases.js';

export { createTestDatabase, SERVERS, type TestDatabase };

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
