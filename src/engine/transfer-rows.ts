/**
 * The rows `vellum import` and `vellum export` move (src/transfer): whole tables read in id
 * order a page at a time, rows inserted with the ids they had, tables emptied, the documents
 * behind row ids. Row values are column values (`db/naming.ts` names, `db/values.ts` forms);
 * the transfer layer decides what goes in them, this module only runs the statements.
 */
import type { Knex } from 'knex';
import { COMPONENT_LINK_COLUMNS as C, LINK_COLUMNS as L, componentLinkTable, relationLinkTable } from '../db/naming.js';
import { selectRows, type Row } from '../db/direct-reads.js';
import { toNumber } from '../db/values.js';
import type { Schema } from '../model/types.js';
import type { EngineContext } from './types.js';
import type { RowValues } from './write/rows.js';

/** Every table holding rows of `schema`: its own, its owned relation link tables, its components' link table. */
export function tablesOf(schema: Schema): string[] {
  const tables = [schema.collectionName];
  for (const attr of Object.values(schema.attributes)) {
    if (attr.kind === 'relation' && attr.mappedBy === undefined) tables.push(relationLinkTable(schema.collectionName, attr.name));
  }
  if (Object.values(schema.attributes).some((a) => a.kind === 'component' || a.kind === 'dynamiczone')) tables.push(componentLinkTable(schema.collectionName));
  return tables;
}

export async function countRows(ctx: EngineContext, table: string): Promise<number> {
  const [row] = await selectRows(ctx.knex, ctx.knex(table).count({ n: '*' }));
  return toNumber(row?.n ?? 0);
}

/** Empties `tables` (their rows only; the tables stay). */
export async function clearTables(ctx: EngineContext, tables: readonly string[]): Promise<void> {
  for (const table of tables) await ctx.knex(table).delete();
}

/**
 * Inserts rows as given, ids included, in statements sized below the dialect's binding limit
 * (a column a row lacks is NULL, as knex's multi-row insert makes it). On SQLite the statement is
 * `INSERT … VALUES (…), (…)`: knex writes SQLite's multi-row insert as `SELECT … UNION ALL
 * SELECT …`, which SQLite parses and plans about a quarter slower (an import writes hundreds of
 * thousands of rows this way).
 */
export async function insertRowsAsIs(ctx: EngineContext, table: string, rows: readonly RowValues[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const size = Math.max(1, Math.min(500, Math.floor(ctx.dialect.maxBindings / Math.max(1, columns.length)) - 1));
  for (let i = 0; i < rows.length; i += size) {
    const chunk = rows.slice(i, i + size);
    if (ctx.dialect.name !== 'sqlite') {
      await ctx.knex(table).insert(chunk);
      continue;
    }
    const tuple = `(${columns.map(() => '?').join(', ')})`;
    const bindings: Knex.RawBinding[] = [table, columns];
    for (const row of chunk) for (const column of columns) bindings.push((row[column] ?? null) as Knex.Value);
    await ctx.knex.raw(`insert into ?? (??) values ${Array.from(chunk, () => tuple).join(', ')}`, bindings);
  }
}

/** After inserting explicit ids: new rows of `tables` get ids after the largest. */
export async function restartIds(ctx: EngineContext, tables: readonly string[]): Promise<void> {
  for (const table of tables) await ctx.dialect.restartIds(ctx.knex, table);
}

/** The document each row id of content type `uid` belongs to (ids without a row are left out). */
export async function documentIdsOfRows(ctx: EngineContext, uid: string, rowIds: readonly number[]): Promise<Map<number, string>> {
  const table = ctx.registry.contentType(uid).collectionName;
  const found = new Map<number, string>();
  const unique = [...new Set(rowIds)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await selectRows(ctx.knex, ctx.knex(table).select('id', 'document_id').whereIn('id', unique.slice(i, i + 500)));
    for (const row of rows) found.set(toNumber(row.id), String(row.document_id));
  }
  return found;
}

/** The rows of `table` a page at a time, in id order (keyset: bounded memory, one statement per page). */
export async function* tablePages(ctx: EngineContext, table: string, pageSize = 500): AsyncGenerator<Row[]> {
  let after = -Infinity;
  for (;;) {
    const query = ctx.knex(table).select('*').orderBy('id').limit(pageSize);
    if (after !== -Infinity) query.where('id', '>', after);
    const rows = await selectRows(ctx.knex, query);
    if (rows.length === 0) return;
    yield rows;
    after = toNumber(rows[rows.length - 1]!.id);
    if (rows.length < pageSize) return;
  }
}

/** The rows of `table` whose `column` is one of `values`, ordered by `orderBy` then id. */
export async function rowsWhereIn(ctx: EngineContext, table: string, column: string, values: readonly unknown[], orderBy?: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (let i = 0; i < values.length; i += 500) {
    const query = ctx.knex(table).select('*').whereIn(column, values.slice(i, i + 500) as Array<string | number>);
    if (orderBy !== undefined) query.orderBy(orderBy);
    rows.push(...(await selectRows(ctx.knex, query.orderBy('id'))));
  }
  return rows;
}

/** Relation links owned by the given owner rows, in order (for an export's `links/`). */
export function ownedLinks(ctx: EngineContext, owner: Schema, attribute: string, rowIds: readonly number[]): Promise<Row[]> {
  return rowsWhereIn(ctx, relationLinkTable(owner.collectionName, attribute), L.entity, rowIds, L.order);
}

/** Component links of the given owner rows, in order. */
export function componentLinks(ctx: EngineContext, owner: Schema, rowIds: readonly number[]): Promise<Row[]> {
  return rowsWhereIn(ctx, componentLinkTable(owner.collectionName), C.entity, rowIds, C.order);
}

/**
 * Row ids of documents of content type `uid`: for each document id, its rows with their
 * publication state and locale (an export picks the target row a Strapi link names).
 */
export async function rowsOfDocuments(ctx: EngineContext, uid: string, documentIds: readonly string[]): Promise<Row[]> {
  const schema = ctx.registry.contentType(uid);
  const rows: Row[] = [];
  const unique = [...new Set(documentIds)];
  for (let i = 0; i < unique.length; i += 500) {
    const query = ctx.knex(schema.collectionName).select('*').whereIn('document_id', unique.slice(i, i + 500));
    rows.push(...(await selectRows(ctx.knex, query)));
  }
  return rows;
}

/** Sets columns of one row (a file's URL after its bytes moved to another upload provider). */
export async function updateRowById(ctx: EngineContext, table: string, id: number, values: RowValues): Promise<void> {
  await ctx.knex(table).where('id', id).update(values);
}

/**
 * An import's connection trades the durability of its last commits for speed: on SQLite,
 * `synchronous = NORMAL` (WAL: no fsync per commit; a power cut may lose the last committed
 * batches but never corrupts the file). Safe for an import because every batch commits with its
 * progress record (vellum_import_progress): whatever survives a crash, the record names it, and
 * `--resume` continues from there. The import sets FULL back when it ends.
 */
export async function bulkLoadDurability(ctx: EngineContext, bulk: boolean): Promise<void> {
  if (ctx.dialect.name === 'sqlite') await ctx.knex.raw(`PRAGMA synchronous = ${bulk ? 'NORMAL' : 'FULL'}`);
}
