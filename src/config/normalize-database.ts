import { isAbsolute, resolve } from 'node:path';
import { ConfigChecker, isRecord, type Found } from './config-checker.js';
import type { DatabaseClient, DatabaseConfig, NetworkConnection, PoolConfig } from './types.js';

const CLIENT_ALIASES: Readonly<Record<string, DatabaseClient>> = {
  sqlite: 'sqlite',
  sqlite3: 'sqlite',
  'better-sqlite3': 'sqlite',
  postgres: 'postgres',
  postgresql: 'postgres',
  pg: 'postgres',
  mysql: 'mysql',
  mysql2: 'mysql',
  mariadb: 'mysql',
};
const DEFAULT_PORTS = { postgres: 5432, mysql: 3306 } as const;
const DEFAULT_HOST = '127.0.0.1';
const DEFAULT_SQLITE_FILE = '.tmp/data.db';

// Strapi's `config/database`: { connection: { client, connection: {…}, pool, … } }
const BLOCK = ['database', 'connection'] as const;
const INNER = [...BLOCK, 'connection'] as const;
const INTERPRETED_BLOCK_KEYS = new Set(['client', 'connection', 'pool', 'acquireConnectionTimeout']);
/** connection fields a DATABASE_* variable supplies when `config/database` does not */
const OPTIONAL_FIELDS = [
  ['database', 'DATABASE_NAME'],
  ['user', 'DATABASE_USERNAME'],
  ['password', 'DATABASE_PASSWORD'],
  ['schema', 'DATABASE_SCHEMA'],
] as const;

/**
 * Each setting comes from `config/database` (Strapi's shape), else from its `DATABASE_*`
 * variable, else a default: SQLite at `.tmp/data.db`. Relative SQLite files resolve against the
 * project directory. A connection URL wins over separate fields, as in node-postgres.
 */
export function normalizeDatabase(checker: ConfigChecker, projectDir: string): DatabaseConfig {
  const block = checker.object(BLOCK);
  checker.object(INNER);
  const urlFound = checker.find([...INNER, 'connectionString'], 'DATABASE_URL');
  const url = typeof urlFound?.value === 'string' && urlFound.value !== '' ? urlFound : undefined;
  const client = readClient(checker, checker.find([...BLOCK, 'client'], 'DATABASE_CLIENT'), url);
  const pool = readPool(checker);
  const acquireConnectionTimeout = checker.optionalInteger([...BLOCK, 'acquireConnectionTimeout'], 0);
  const common = {
    options: Object.fromEntries(Object.entries(block).filter(([key]) => !INTERPRETED_BLOCK_KEYS.has(key))),
    ...(pool === undefined ? {} : { pool }),
    ...(acquireConnectionTimeout === undefined ? {} : { acquireConnectionTimeout }),
  };
  if (client === 'sqlite') {
    const filename = checker.string([...INNER, 'filename'], { env: 'DATABASE_FILENAME', default: DEFAULT_SQLITE_FILE });
    return { client, connection: { filename: resolveFilename(projectDir, filename) }, ...common };
  }
  const connection: NetworkConnection = {
    host: checker.string([...INNER, 'host'], { env: 'DATABASE_HOST', default: DEFAULT_HOST }),
    port: checker.integer([...INNER, 'port'], { env: 'DATABASE_PORT', default: DEFAULT_PORTS[client], min: 1, max: 65535 }),
    ssl: readSsl(checker),
    ...optionalStrings(checker),
    ...(url === undefined ? {} : parseUrl(checker, url)),
  };
  return { client, connection, ...common };
}

function readClient(checker: ConfigChecker, found: Found | undefined, url: Found | undefined): DatabaseClient {
  if (found === undefined) {
    if (url === undefined) return 'sqlite';
    const scheme = /^([a-z0-9+.-]+):/i.exec(String(url.value))?.[1]?.toLowerCase() ?? '';
    return CLIENT_ALIASES[scheme] ?? 'postgres';
  }
  const client = typeof found.value === 'string' ? CLIENT_ALIASES[found.value.toLowerCase()] : undefined;
  if (client !== undefined) return client;
  checker.report([...BLOCK, 'client'], 'must be one of sqlite, better-sqlite3, postgres, pg, mysql, mysql2, mariadb', found);
  return 'sqlite';
}

function parseUrl(checker: ConfigChecker, found: Found): Partial<NetworkConnection> {
  const url = String(found.value);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // The URL usually carries a password: never echo it.
    checker.report([...INNER, 'connectionString'], 'must be a URL such as postgres://user:password@host:5432/name', found, {
      secret: true,
    });
    return {};
  }
  const sslMode = parsed.searchParams.get('sslmode') ?? parsed.searchParams.get('ssl');
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  return {
    connectionString: url,
    ...(parsed.hostname === '' ? {} : { host: parsed.hostname }),
    ...(parsed.port === '' ? {} : { port: Number(parsed.port) }),
    ...(database === '' ? {} : { database }),
    ...(parsed.username === '' ? {} : { user: decodeURIComponent(parsed.username) }),
    ...(parsed.password === '' ? {} : { password: decodeURIComponent(parsed.password) }),
    ...(sslMode === null ? {} : { ssl: !['disable', 'false', '0'].includes(sslMode) }),
  };
}

function optionalStrings(checker: ConfigChecker): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [field, envKey] of OPTIONAL_FIELDS) {
    const found = checker.find([...INNER, field], envKey);
    if (found === undefined || found.value === null) continue;
    if (typeof found.value === 'string' || typeof found.value === 'number') {
      result[field] = String(found.value);
    } else {
      checker.report([...INNER, field], 'must be a string', found, { secret: field === 'password' });
    }
  }
  return result;
}

function readSsl(checker: ConfigChecker): boolean | Readonly<Record<string, unknown>> {
  const path = [...INNER, 'ssl'];
  const found = checker.find(path, 'DATABASE_SSL');
  if (found === undefined || found.value === null) return false;
  const { value } = found;
  if (typeof value === 'boolean' || isRecord(value)) return value;
  const lower = typeof value === 'string' ? value.toLowerCase() : undefined;
  if (lower === 'true' || lower === '1') return true;
  if (lower === 'false' || lower === '0') return false;
  checker.report(path, 'must be a boolean or an object of TLS options', found);
  return false;
}

function readPool(checker: ConfigChecker): PoolConfig | undefined {
  const path = [...BLOCK, 'pool'];
  if (checker.find(path) === undefined) return undefined;
  checker.object(path);
  const min = checker.optionalInteger([...path, 'min'], 0);
  const max = checker.optionalInteger([...path, 'max'], 1);
  return { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
}

function resolveFilename(projectDir: string, filename: string): string {
  if (filename === ':memory:' || isAbsolute(filename)) return filename;
  return resolve(projectDir, filename);
}
