import type { Knex } from 'knex';
import type { Dialect } from '../dialect.js';
import { columnRef } from './column-ref.js';

/**
 * Tables use utf8mb4_bin, so `=` and LIKE compare case-sensitively; the explicit COLLATE on the
 * pattern keeps that true for expressions and tables created with another collation.
 * LIKE's default escape character is already `\`.
 */
export function createMysqlDialect(knex: Knex): Dialect {
  return {
    name: 'mysql',
    supportsReturning: false,
    supportsTransactionalDdl: false,
    maxBindings: 65_535,
    like(column, pattern, insensitive) {
      const col = columnRef(knex, column);
      return insensitive
        ? knex.raw('LOWER(?) LIKE LOWER(?)', [col, pattern])
        : knex.raw('? LIKE ? COLLATE utf8mb4_bin', [col, pattern]);
    },
    equalsInsensitive(column, value) {
      return knex.raw('LOWER(?) = LOWER(?)', [columnRef(knex, column), value]);
    },
    orderBy(column, direction, nulls) {
      const col = columnRef(knex, column);
      // MySQL has no NULLS FIRST/LAST; `x IS NULL` is 0/1, so sort on it first
      return knex.raw(`? IS NULL ${nulls === 'first' ? 'DESC' : 'ASC'}, ? ${direction === 'desc' ? 'DESC' : 'ASC'}`, [col, col]);
    },
  };
}
