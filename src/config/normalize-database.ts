import { isAbsolute, resolve } from 'node:path';
import { CLIENT_ALIASES } from './schema/database-schema.js';
import type { CheckedConfig } from './schema/project-schema.js';
import type { DatabaseClient, DatabaseConfig, NetworkConnection, PoolConfig } from './types.js';

const DEFAULT_PORTS = { postgres: 5432, mysql: 3306 } as const;
const INTERPRETED_BLOCK_KEYS = new Set(['client', 'connection', 'pool', 'acquireConnectionTimeout', 'statementTimeout']);
const OPTIONAL_FIELDS = ['database', 'user', 'password', 'schema'] as const;

type Block = CheckedConfig['database']['connection'];
type Inner = Block['connection'];

/**
 * The checked `config/database` block (DATABASE_* variables already applied where the file
 * sets nothing) as the driver options Vellum opens. Relative SQLite files resolve against the
 * project directory. A connection URL wins over separate fields, as in node-postgres.
 */
export function normalizeDatabase(block: Block, projectDir: string): DatabaseConfig {
  const inner = block.connection;
  const url = typeof inner.connectionString === 'string' && inner.connectionString !== '' ? inner.connectionString : undefined;
  const client = readClient(block.client, url);
  const pool = readPool(block.pool);
  const common = {
    statementTimeout: block.statementTimeout,
    options: Object.fromEntries(Object.entries(block).filter(([key]) => !INTERPRETED_BLOCK_KEYS.has(key))),
    ...(pool === undefined ? {} : { pool }),
    ...(block.acquireConnectionTimeout === undefined ? {} : { acquireConnectionTimeout: block.acquireConnectionTimeout }),
  };
  if (client === 'sqlite') {
    return { client, connection: { filename: resolveFilename(projectDir, inner.filename) }, ...common };
  }
  const connection: NetworkConnection = {
    host: inner.host,
    port: inner.port ?? DEFAULT_PORTS[client],
    ssl: inner.ssl === null || inner.ssl === undefined ? false : inner.ssl,
    ...optionalStrings(inner),
    ...(url === undefined ? {} : parseUrl(url)),
  };
  return { client, connection, ...common };
}

function readClient(client: string | undefined, url: string | undefined): DatabaseClient {
  if (client !== undefined) return CLIENT_ALIASES[client.toLowerCase()] ?? 'sqlite';
  if (url === undefined) return 'sqlite';
  const scheme = /^([a-z0-9+.-]+):/i.exec(url)?.[1]?.toLowerCase() ?? '';
  return CLIENT_ALIASES[scheme] ?? 'postgres';
}

/** the URL's parts (it parsed when checked) */
function parseUrl(url: string): Partial<NetworkConnection> {
  const parsed = new URL(url);
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

function optionalStrings(inner: Inner): Record<string, string> {
  const result: Record<string, string> = {};
  for (const field of OPTIONAL_FIELDS) {
    const value = inner[field];
    if (value !== undefined && value !== null) result[field] = String(value);
  }
  return result;
}

function readPool(pool: Block['pool']): PoolConfig | undefined {
  if (pool === undefined) return undefined;
  return { ...(pool.min === undefined ? {} : { min: pool.min }), ...(pool.max === undefined ? {} : { max: pool.max }) };
}

function resolveFilename(projectDir: string, filename: string): string {
  if (filename === ':memory:' || isAbsolute(filename)) return filename;
  return resolve(projectDir, filename);
}
