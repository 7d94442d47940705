import type { Knex } from 'knex';

/** A column name (`title`, `t0.title`) or an expression, as a Raw to embed in a fragment. */
export function columnRef(knex: Knex, column: Knex.Raw | string): Knex.Raw {
  return typeof column === 'string' ? knex.raw('??', [column]) : column;
}
