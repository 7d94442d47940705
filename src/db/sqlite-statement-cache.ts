/**
 * Knex's better-sqlite3 client prepares every statement anew (0.15–0.25 ms each, more than many
 * of our reads take to run). This keeps the prepared statements of one connection, keyed by SQL
 * text, in a bounded least-recently-used map. Safe because better-sqlite3 runs a statement to
 * completion synchronously (knex only calls `all`/`run`), a connection is used by one query at a
 * time, and SQLite re-prepares a stale statement itself after a schema change; the cache is
 * still emptied before any DDL so nothing prepared against an older schema is kept.
 */

interface CachedStatement {
  safeIntegers(toggle?: boolean): unknown;
}

export interface PreparingConnection<S extends CachedStatement = CachedStatement> {
  prepare(sql: string): S;
}

export const STATEMENT_CACHE_SIZE = 256;

const DDL = /^\s*(create|alter|drop)\b/i;
/**
 * Not kept: savepoint names are unique per nested transaction (they would only evict useful
 * statements), and some PRAGMAs compute their answer when prepared (`table_info`).
 */
const UNCACHED = /^\s*(savepoint|release|rollback\s+to|pragma)\b/i;

export interface StatementCacheOptions {
  readonly size?: number;
  /** called before the connection prepares DDL: another connection on the file may empty its cache too */
  readonly onDdl?: () => void;
}

/**
 * Replaces `connection.prepare` with a cached one. `defaultSafeIntegers` is the connection's
 * setting: a statement handed out again is reset to it, as a freshly prepared one would be
 * (knex may have toggled it for one query). Returns how to empty the cache.
 */
export function attachStatementCache<S extends CachedStatement>(
  connection: PreparingConnection<S>,
  defaultSafeIntegers: boolean,
  options: StatementCacheOptions = {},
): () => void {
  const size = options.size ?? STATEMENT_CACHE_SIZE;
  const prepare = connection.prepare.bind(connection);
  const cache = new Map<string, S>();
  connection.prepare = (sql: string): S => {
    const cached = cache.get(sql);
    if (cached !== undefined) {
      // move to the most recently used end
      cache.delete(sql);
      cache.set(sql, cached);
      cached.safeIntegers(defaultSafeIntegers);
      return cached;
    }
    if (DDL.test(sql)) {
      cache.clear();
      options.onDdl?.();
      return prepare(sql);
    }
    const statement = prepare(sql);
    if (UNCACHED.test(sql)) return statement;
    cache.set(sql, statement);
    if (cache.size > size) cache.delete(cache.keys().next().value as string);
    return statement;
  };
  return () => cache.clear();
}
