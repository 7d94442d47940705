import type { Knex } from 'knex';

export type DialectName = 'sqlite' | 'postgres' | 'mysql';

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
}

/** Escapes `%`, `_` and `\` in user input for a LIKE pattern built for `Dialect.like`. */
export function escapeLike(input: string): string {
  return input.replace(/[\\%_]/g, (c) => `\\${c}`);
}
