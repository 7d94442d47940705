/**
 * Fresh, empty test databases of each dialect and how to drop them, without vitest: the fuzz
 * harness (`npm run fuzz`, a plain node process) creates its databases with these too.
 * `dialects.ts` re-exports them for the tests.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DialectName } from '../../src/db/dialect.js';
import type { DatabaseConfig } from '../../src/db/connection.js';

export const SERVERS = {
  postgres: { host: '127.0.0.1', port: 5432, user: 'postgres', password: '', adminDatabase: 'postgres' },
  mysql: { host: '127.0.0.1', port: 3306, user: 'root', password: '' },
} as const;

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

/** What a database config holds, in the test databases' form and in a loaded project's (`app.config.database`). */
export interface DatabaseEnvSource {
  readonly client: string;
  readonly connection: { readonly filename?: string; readonly host?: string; readonly port?: number; readonly database?: string; readonly user?: string; readonly password?: string };
}

/** The `DATABASE_*` variables that make another process (CLI, server, second app) open the same database. */
export function databaseEnv(config: DatabaseEnvSource): Record<string, string> {
  const c = config.connection;
  if (config.client === 'sqlite') return { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: c.filename ?? '' };
  return {
    DATABASE_CLIENT: config.client,
    DATABASE_HOST: c.host ?? '127.0.0.1',
    DATABASE_PORT: String(c.port),
    DATABASE_NAME: c.database ?? '',
    DATABASE_USERNAME: c.user ?? '',
    DATABASE_PASSWORD: c.password ?? '',
  };
}
