/**
 * Opens a Knex connection for one of the three dialects, with the driver settings the value
 * conversion in `values.ts` relies on, and checks it works before the app goes on starting.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { StartupError } from '../errors/index.js';
import type { Dialect, DialectName } from './dialect.js';
import { createSqliteDialect, registerSqliteFunctions } from './dialects/sqlite.js';
import { createPostgresDialect } from './dialects/postgres.js';
import { createMysqlDialect } from './dialects/mysql.js';
import { ensureLockTable } from './locks.js';
import { CANCELLED_CONNECTION, attachStatementCounter } from './statement-counter.js';
import { attachStatementCache, type PreparingConnection } from './sqlite-statement-cache.js';
import { attachReadConnection, closeReadConnection, type ReadConnection } from './direct-reads.js';
import { loadPackage } from '../util/load-package.js';

export interface DatabaseConfig {
  client: DialectName;
  connection: {
    filename?: string;
    host?: string;
    port?: number;
    database?: string;
    user?: string;
    password?: string;
    connectionString?: string;
    ssl?: unknown;
  };
  pool?: { min?: number; max?: number };
  /** ms one statement may run before the server cancels it (PostgreSQL, MySQL/MariaDB); 0 or absent: no limit */
  statementTimeout?: number;
}

export interface Database {
  readonly knex: Knex;
  readonly dialect: Dialect;
  close(): Promise<void>;
}

const SQLITE_BUSY_TIMEOUT_MS = 5_000;
const ACQUIRE_TIMEOUT_MS = 10_000;

/** pg type OIDs whose default parsing would lose information or differ from the other drivers */
const PG_RAW_TYPES = new Set([
  1082, // date: keep 'YYYY-MM-DD' instead of a local-midnight Date
  114, // json: parsed by values.ts, so a JSON string "123" stays a string
  3802, // jsonb
]);

interface PgTypes {
  getTypeParser(oid: number, format?: string): (value: string) => unknown;
}

async function pgTypes(): Promise<PgTypes> {
  const pg = await loadPackage(() => import('pg'));
  const builtin = pg.default.types;
  return {
    getTypeParser(oid: number, format?: string) {
      if (PG_RAW_TYPES.has(oid)) return (value: string) => value;
      return builtin.getTypeParser(oid, format === 'binary' ? 'binary' : 'text') as (value: string) => unknown;
    },
  };
}

type SqliteConnection = Parameters<typeof registerSqliteFunctions>[0] & PreparingConnection & { pragma(sql: string): unknown };

/** values.ts expects 64-bit integers as BigInt, not rounded numbers */
const SQLITE_SAFE_INTEGERS = true;

const sqliteFilename = (config: DatabaseConfig): string => config.connection.filename ?? '.tmp/data.db';

/** What every SQLite connection gets, knex's and the read connection: functions, statement cache, lock wait. */
function setUpSqliteConnection(conn: SqliteConnection, onDdl?: () => void): () => void {
  registerSqliteFunctions(conn);
  const clearStatements = attachStatementCache(conn, SQLITE_SAFE_INTEGERS, onDdl === undefined ? {} : { onDdl });
  conn.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  return clearStatements;
}

/**
 * The read connection of direct-reads.ts on the same file, or undefined (`:memory:`, not WAL).
 * Returns how to empty its statement cache: knex's connection calls that before it runs DDL.
 */
async function openSqliteReadConnection(knex: Knex, config: DatabaseConfig): Promise<(() => void) | undefined> {
  const filename = sqliteFilename(config);
  if (filename === ':memory:' || filename === '') return undefined;
  const { default: BetterSqlite3 } = await loadPackage(() => import('better-sqlite3'));
  const connection = new BetterSqlite3(filename, { fileMustExist: true });
  connection.defaultSafeIntegers(SQLITE_SAFE_INTEGERS);
  try {
    const clearStatements = setUpSqliteConnection(connection as unknown as SqliteConnection);
    return attachReadConnection(knex, connection as unknown as ReadConnection) ? clearStatements : undefined;
  } catch (error) {
    connection.close();
    throw error;
  }
}

function sqliteKnexConfig(config: DatabaseConfig, onDdl: () => void): Knex.Config {
  const filename = sqliteFilename(config);
  if (filename !== ':memory:') mkdirSync(dirname(resolve(filename)), { recursive: true });
  return {
    client: 'better-sqlite3',
    useNullAsDefault: true,
    connection: { filename, options: { safeIntegers: SQLITE_SAFE_INTEGERS } } as Knex.Sqlite3ConnectionConfig,
    pool: {
      min: 1,
      // better-sqlite3 is synchronous: more connections only add lock contention
      max: 1,
      afterCreate(conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) {
        try {
          setUpSqliteConnection(conn, onDdl);
          conn.pragma('journal_mode = WAL');
          // FULL: a write acknowledged to a client survives a power cut, not only a process crash
          // (decisions.md "Durability"); WAL keeps the cost to one fsync of the log per commit.
          conn.pragma('synchronous = FULL');
          conn.pragma('foreign_keys = ON');
          done(null, conn);
        } catch (error) {
          done(error as Error, conn);
        }
      },
    },
  };
}

async function postgresKnexConfig(config: DatabaseConfig): Promise<Knex.Config> {
  const c = config.connection;
  const connection: Record<string, unknown> = { types: await pgTypes() };
  if (c.connectionString) connection.connectionString = c.connectionString;
  if (c.host !== undefined) connection.host = c.host;
  if (c.port !== undefined) connection.port = c.port;
  if (c.database !== undefined) connection.database = c.database;
  if (c.user !== undefined) connection.user = c.user;
  if (c.password !== undefined) connection.password = c.password;
  if (c.ssl !== undefined) connection.ssl = c.ssl;
  // The server cancels a statement over the limit (SQLSTATE 57014, a 503 by errors/to-vellum-error.ts).
  if (config.statementTimeout) connection.statement_timeout = config.statementTimeout;
  return {
    client: 'pg',
    connection: connection as Knex.PgConnectionConfig,
    pool: { min: config.pool?.min ?? 0, max: config.pool?.max ?? 10 },
    acquireConnectionTimeout: ACQUIRE_TIMEOUT_MS,
  };
}

interface MysqlConnection {
  query(sql: string, cb: (err: (Error & { errno?: number }) | null) => void): void;
}

/** MySQL error 1193: unknown system variable (MySQL has no max_statement_time). */
const ER_UNKNOWN_SYSTEM_VARIABLE = 1193;

/**
 * MariaDB limits every statement with `max_statement_time` (seconds); MySQL only limits
 * read-only SELECTs, with `max_execution_time` (ms). Tried in that order.
 */
function setMysqlStatementTimeout(conn: MysqlConnection, ms: number, done: (err: Error | null) => void): void {
  conn.query(`SET SESSION max_statement_time = ${(ms / 1000).toFixed(3)}`, (err) => {
    if (err?.errno === ER_UNKNOWN_SYSTEM_VARIABLE) conn.query(`SET SESSION max_execution_time = ${Math.round(ms)}`, done);
    else done(err);
  });
}

function mysqlKnexConfig(config: DatabaseConfig): Knex.Config {
  const c = config.connection;
  const connection: Record<string, unknown> = {
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
    // MySQL's JSON type would be parsed by mysql2; MariaDB's is text. Parse in one place.
    jsonStrings: true,
    timezone: 'Z',
    charset: 'utf8mb4',
  };
  if (c.connectionString) connection.uri = c.connectionString;
  if (c.host !== undefined) connection.host = c.host;
  if (c.port !== undefined) connection.port = c.port;
  if (c.database !== undefined) connection.database = c.database;
  if (c.user !== undefined) connection.user = c.user;
  if (c.password !== undefined) connection.password = c.password;
  if (c.ssl !== undefined) connection.ssl = c.ssl;
  return {
    client: 'mysql2',
    connection: connection as Knex.MySql2ConnectionConfig,
    pool: {
      min: config.pool?.min ?? 0,
      max: config.pool?.max ?? 10,
      afterCreate(conn: MysqlConnection, done: (err: Error | null, conn: unknown) => void) {
        // Timestamps are stored in UTC without zone; keep NOW() and friends in UTC as well.
        conn.query("SET time_zone = '+00:00'", (err) => {
          if (err || !config.statementTimeout) done(err, conn);
          else setMysqlStatementTimeout(conn, config.statementTimeout, (timeoutErr) => done(timeoutErr, conn));
        });
      },
    },
    acquireConnectionTimeout: ACQUIRE_TIMEOUT_MS,
  };
}

function dialectFor(name: DialectName, knex: Knex): Dialect {
  switch (name) {
    case 'sqlite':
      return createSqliteDialect(knex);
    case 'postgres':
      return createPostgresDialect(knex);
    case 'mysql':
      return createMysqlDialect(knex);
  }
}

/** Where we tried to connect, for error messages: never includes the password. */
export function describeTarget(config: DatabaseConfig): string {
  const c = config.connection;
  if (config.client === 'sqlite') return `SQLite database ${c.filename ?? '.tmp/data.db'}`;
  const product = config.client === 'postgres' ? 'PostgreSQL' : 'MySQL';
  if (c.connectionString && c.host === undefined) {
    try {
      const url = new URL(c.connectionString);
      return `${product} at ${url.hostname}:${url.port || defaultPort(config.client)} (database "${url.pathname.slice(1)}")`;
    } catch {
      return `${product} (connection string)`;
    }
  }
  return `${product} at ${c.host ?? 'localhost'}:${c.port ?? defaultPort(config.client)} (database "${c.database ?? ''}")`;
}

function defaultPort(client: DialectName): number {
  return client === 'postgres' ? 5432 : 3306;
}

function reasonOf(error: unknown, config: DatabaseConfig): string {
  const err = error as { code?: unknown; errno?: unknown; message?: unknown };
  const code = typeof err.code === 'string' ? err.code : '';
  if (code === 'ECONNREFUSED') return 'connection refused (is the server running?)';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (code === 'ETIMEDOUT') return 'connection timed out';
  if (code === '3D000' || code === 'ER_BAD_DB_ERROR') return 'the database does not exist (create it first)';
  if (code === '28P01' || code === '28000' || code === 'ER_ACCESS_DENIED_ERROR') return 'authentication failed';
  let message = typeof err.message === 'string' ? err.message : String(error);
  const password = config.connection.password;
  if (password) message = message.split(password).join('***');
  if (config.connection.connectionString) message = message.split(config.connection.connectionString).join('<connection string>');
  return message;
}

/** Knex logs every failed connection attempt; the error also reaches the caller, who reports it. */
const KNEX_LOG = {
  warn(message: unknown): void {
    if (typeof message === 'string' && message.startsWith('Acquire connection error')) return;
    // the pool dropping a connection whose statement was cancelled on purpose (statement-counter.ts)
    if (message === `Connection Error: ${CANCELLED_CONNECTION}`) return;
    console.warn(message);
  },
};

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  // DDL on knex's SQLite connection also empties the read connection's statement cache (set once it is open)
  let clearReadStatements = (): void => undefined;
  const knexConfig =
    config.client === 'sqlite'
      ? sqliteKnexConfig(config, () => clearReadStatements())
      : config.client === 'postgres'
        ? await postgresKnexConfig(config)
        : mysqlKnexConfig(config);
  const knex = knexFactory({ ...knexConfig, log: KNEX_LOG });
  // before the first statement, so every pooled connection is known for cancelling
  attachStatementCounter(knex);
  try {
    await knex.raw('select 1');
  } catch (error) {
    await knex.destroy().catch(() => undefined);
    throw new StartupError(`Cannot connect to ${describeTarget(config)}: ${reasonOf(error, config)}`);
  }
  // Every write transaction locks through this table (locks.ts), whether or not a sync ran.
  const dialect = dialectFor(config.client, knex);
  await ensureLockTable(knex, config.client);
  // after the first statements: knex's connection has created the file and put it in WAL mode
  if (config.client === 'sqlite') {
    try {
      clearReadStatements = (await openSqliteReadConnection(knex, config)) ?? clearReadStatements;
    } catch (error) {
      await knex.destroy().catch(() => undefined);
      throw new StartupError(`Cannot open a read connection to ${describeTarget(config)}: ${reasonOf(error, config)}`);
    }
  }
  return {
    knex,
    dialect,
    close: async () => {
      closeReadConnection(knex);
      await knex.destroy();
    },
  };
}
