import type { Knex } from 'knex';
import type { Dialect } from '../dialect.js';
import { columnRef } from './column-ref.js';

export function createPostgresDialect(knex: Knex): Dialect {
  return {
    name: 'postgres',
    supportsReturning: true,
    supportsTransactionalDdl: true,
    // the wire protocol counts parameters in an int16
    maxBindings: 65_535,
    like(column, pattern, insensitive) {
      // ::text so a match on a non-text column (an id, a number) compares its text form
      return knex.raw(`?::text ${insensitive ? 'ILIKE' : 'LIKE'} ? ESCAPE '\\'`, [columnRef(knex, column), pattern]);
    },
    equalsInsensitive(column, value) {
      return knex.raw('lower(?::text) = lower(?)', [columnRef(knex, column), value]);
    },
    orderBy(column, direction, nulls) {
      return knex.raw(`? ${direction === 'desc' ? 'DESC' : 'ASC'} NULLS ${nulls === 'first' ? 'FIRST' : 'LAST'}`, [
        columnRef(knex, column),
      ]);
    },
  };
}
