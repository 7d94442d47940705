/**
 * A fresh, empty database on the local PostgreSQL or MySQL server for one bench run (`--db
 * postgres|mysql`), the `DATABASE_*` variables that point a Vellum project at it, and how to drop
 * it. The servers are the development ones the tests use (README "Tests"): PostgreSQL as
 * `postgres` on 127.0.0.1:5432, MySQL/MariaDB as `root` on 127.0.0.1:3306, no passwords.
 */
import { randomBytes } from 'node:crypto';

export const SERVERS = {
  postgres: { host: '127.0.0.1', port: 5432, user: 'postgres', password: '', adminDatabase: 'postgres' },
  mysql: { host: '127.0.0.1', port: 3306, user: 'root', password: '' },
} as const;

export type ServerDatabase = keyof typeof SERVERS;

export interface ScratchDatabase {
  /** `DATABASE_CLIENT`, `DATABASE_HOST`, … as a project's `config/database` reads them */
  readonly env: Readonly<Record<string, string>>;
  readonly name: string;
  drop(): Promise<void>;
}

/** Runs `sql` on the PostgreSQL server's admin database (CREATE/ALTER/DROP DATABASE). */
export async function pgAdmin(sql: string): Promise<void> {
  const pg = await import('pg');
  const s = SERVERS.postgres;
  const client = new pg.default.Client({ host: s.host, port: s.port, user: s.user, password: s.password, database: s.adminDatabase });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function mysqlAdmin(sql: string): Promise<void> {
  const mysql = await import('mysql2/promise');
  const s = SERVERS.mysql;
  const conn = await mysql.createConnection({ host: s.host, port: s.port, user: s.user, password: s.password });
  try {
    await conn.query(sql);
  } finally {
    await conn.end();
  }
}

/** Creates the database; drop it with `drop()` when the run ends. */
export async function createScratchDatabase(db: ServerDatabase): Promise<ScratchDatabase> {
  const name = `vellum_bench_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const s = SERVERS[db];
  const env = {
    DATABASE_CLIENT: db, DATABASE_HOST: s.host, DATABASE_PORT: String(s.port), DATABASE_NAME: name, DATABASE_USERNAME: s.user, DATABASE_PASSWORD: s.password,
  };
  if (db === 'postgres') {
    await pgAdmin(`CREATE DATABASE "${name}"`);
    return { env, name, drop: () => pgAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
  }
  // utf8mb4_bin: case-sensitive comparisons, as the tests' MySQL databases have them
  await mysqlAdmin(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
  return { env, name, drop: () => mysqlAdmin(`DROP DATABASE IF EXISTS \`${name}\``) };
}
