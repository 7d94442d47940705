import type { Knex } from 'knex';

export type DialectName = 'sqlite' | 'postgres' | 'mysql';

/** What a failed statement means to a write transaction. */
export type WriteFailure =
  /** a unique index refused the row: `text` names the index or the column, as the driver reports it */
  | { readonly kind: 'unique'; readonly text: string }
  /** deadlock or serialization failure: the whole transaction may run again */
  | { readonly kind: 'retry' }
  /**
   * the database refused a value (out of range, too long, not encodable, malformed JSON or date):
   * the caller's input, a 400. `column` when the driver names it.
   */
  | { readonly kind: 'value'; readonly column: string | undefined; readonly text: string };

/**
 * What differs between databases, asked as capabilities and small hooks so the engine never
 * tests which database it runs on. One implementation per file in `dialects/`.
 */
export interface Dialect {
  readonly name: DialectName;
  /** INSERT … RETURNING is available (PostgreSQL, SQLite ≥ 3.35) */
  readonly supportsReturning: boolean;
  /**
   * SQL fragment and bindings for a case-sensitive (`insensitive=false`) or case-insensitive
   * pattern match of `column` against `pattern`, where `pattern` is already a LIKE pattern
   * with `%`/`_` placed and the user's `%`, `_` and `\` escaped with `\`.
   */
  like(column: Knex.Raw | string, pattern: string, insensitive: boolean): Knex.Raw;
  /** case-insensitive equality */
  equalsInsensitive(column: Knex.Raw | string, value: string): Knex.Raw;
  /**
   * ORDER BY fragment with an explicit place for NULLs, the same on every database
   * (PostgreSQL and SQLite say NULLS FIRST/LAST; MySQL emulates it with `col IS NULL`).
   */
  orderBy(column: Knex.Raw | string, direction: 'asc' | 'desc', nulls: 'first' | 'last'): Knex.Raw;
  /** CREATE/ALTER TABLE can run inside a transaction and roll back (PostgreSQL, SQLite) */
  readonly supportsTransactionalDdl: boolean;
  /** most bound parameters one statement may carry (chunk larger `IN (…)` lists) */
  readonly maxBindings: number;
  /**
   * Settings of every write transaction. MySQL writes run at READ COMMITTED so that what a
   * transaction reads after taking a lock is the latest committed state, not a snapshot from
   * before the lock (PostgreSQL's default already is READ COMMITTED; SQLite has one writer).
   */
  readonly writeTransaction: Knex.TransactionConfig;
  /**
   * Takes exclusive locks on `keys` inside transaction `trx`, in sorted order; they are released
   * at commit or rollback. Called with no keys at the start of every write transaction: SQLite
   * then takes the database's write lock at once, so a writer in another process waits on
   * busy_timeout instead of failing with SQLITE_BUSY halfway.
   */
  lockKeys(trx: Knex | Knex.Transaction, keys: readonly string[]): Promise<void>;
  /** A unique violation, a deadlock or a refused value among driver errors; undefined for anything else. */
  writeFailure(error: unknown): WriteFailure | undefined;
  /**
   * Runs `work` while holding the schema-sync lock, so two processes starting at once on one
   * database sync one after the other (the second finds nothing left to do).
   */
  withSyncLock<T>(knex: Knex, work: (k: Knex) => Promise<T>): Promise<T>;
  /**
   * After rows were inserted with explicit ids (`vellum import` keeps the archive's ids): the next
   * generated id of `table` comes after its largest. PostgreSQL's sequences do not follow explicit
   * ids by themselves; SQLite and MySQL do.
   */
  restartIds(knex: Knex | Knex.Transaction, table: string): Promise<void>;
}

/** The fields of a driver error the dialects look at. */
export interface DriverError {
  readonly code?: unknown;
  readonly errno?: unknown;
  readonly message?: unknown;
  readonly constraint?: unknown;
  /** PostgreSQL: the column a data error is about, when it says */
  readonly column?: unknown;
}

export function driverError(error: unknown): DriverError {
  return typeof error === 'object' && error !== null ? (error as DriverError) : {};
}

/** Escapes `%`, `_` and `\` in user input for a LIKE pattern built for `Dialect.like`. */
export function escapeLike(input: string): string {
  return input.replace(/[\\%_]/g, (c) => `\\${c}`);
}
