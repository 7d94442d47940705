import type { DatabaseConfig as ProjectDatabase } from '../config/types.js';
import type { DatabaseConfig } from '../db/connection.js';

/** The project's database settings → the connection options the db layer opens. */
export function toDatabaseOptions(config: ProjectDatabase): DatabaseConfig {
  // SQLite has no statement timeout: better-sqlite3 runs statements synchronously (decisions.md).
  if (config.client === 'sqlite') return { client: 'sqlite', connection: { filename: config.connection.filename }, pool: config.pool };
  const { host, port, database, user, password, ssl, connectionString } = config.connection;
  return {
    client: config.client,
    connection: { host, port, database, user, password, ssl, ...(connectionString ? { connectionString } : {}) },
    pool: config.pool,
    statementTimeout: config.statementTimeout,
  };
}
