/**
 * Row-level writes: insert a row and get its id, update and delete by id. Every dialect gets
 * the id the cheapest way it offers (RETURNING where supported, insertId on MySQL).
 */
import type { Knex } from 'knex';
import { toNumber } from '../../db/values.js';
import type { EngineContext } from '../types.js';

export type RowValues = Record<string, unknown>;

export async function insertRow(ctx: EngineContext, table: string, values: RowValues): Promise<number> {
  if (ctx.dialect.supportsReturning) {
    const [row] = (await ctx.knex(table).insert(values).returning('id')) as Array<{ id: unknown } | unknown>;
    const id = typeof row === 'object' && row !== null && 'id' in row ? (row as { id: unknown }).id : row;
    return toNumber(id);
  }
  const [id] = (await ctx.knex(table).insert(values)) as unknown[];
  return toNumber(id);
}

/** Inserts many rows without needing their ids (link rows). */
export async function insertRows(knex: Knex | Knex.Transaction, table: string, rows: RowValues[]): Promise<void> {
  if (rows.length === 0) return;
  // Chunked so no dialect hits its bound-parameter limit.
  for (let i = 0; i < rows.length; i += 200) await knex(table).insert(rows.slice(i, i + 200));
}

export async function updateRow(ctx: EngineContext, table: string, id: number, values: RowValues): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await ctx.knex(table).where('id', id).update(values);
}

export async function deleteRowsById(ctx: EngineContext, table: string, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await ctx.knex(table).whereIn('id', ids).delete();
}
