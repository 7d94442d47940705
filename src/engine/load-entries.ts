/**
 * Single-entry reads: rows by id (after a write, in the order the writer gives) and a document's
 * row of one status (of one document, or of many at once: the webhook worker's batch). Both shape the result with the same selection and batched population as
 * list reads.
 */
import type { Knex } from 'knex';
import { selectRowsByShape } from '../db/direct-reads.js';
import { SYSTEM_COLUMNS } from '../db/naming.js';
import { toNumber } from '../db/values.js';
import type { Selection } from '../query/ast.js';
import { populateEntries } from './populate/populate-entries.js';
import { loadByKeys } from './populate/load-batch.js';
import { readRow, rowReader } from './read-row.js';
import { selectColumns, selectFields, selectionKey } from './select-fields.js';
import { appliedLocale, applyLocale, applyStatus } from './status.js';
import { chargeEntries } from './entry-budget.js';
import type { EngineContext, Entry } from './types.js';
import { isPossibleDocumentId } from './document-rows.js';

const ALIAS = 't0';

/** Entries of the given rows, whatever their status; unknown ids are left out. */
export async function loadEntriesByRowIds(ctx: EngineContext, uid: string, rowIds: readonly number[], selection: Selection): Promise<Entry[]> {
  if (rowIds.length === 0) return [];
  const knex: Knex = ctx.knex;
  const schema = ctx.registry.contentType(uid);
  const fields = selectFields(schema, selection.fields);
  const rows = await loadByKeys(ctx, [...new Set(rowIds)], (ids) =>
    knex.select(selectColumns(fields, ALIAS)).from({ [ALIAS]: schema.collectionName }).whereIn(`${ALIAS}.id`, ids),
  );
  const read = rowReader(fields);
  const byId = new Map(rows.map((row) => [toNumber(row[SYSTEM_COLUMNS.id]), read(row)]));
  chargeEntries(byId.size);
  await populateEntries(ctx, schema, [...byId.values()], selection.populate, selection.status);
  return rowIds.flatMap((id) => byId.get(id) ?? []);
}

export async function findEntryByDocumentId(ctx: EngineContext, uid: string, documentId: string, selection: Selection): Promise<Entry | null> {
  if (!isPossibleDocumentId(documentId)) return null;
  const knex: Knex = ctx.knex;
  const schema = ctx.registry.contentType(uid);
  const fields = selectFields(schema, selection.fields);
  const build = (): Knex.QueryBuilder => {
    const qb = knex
      .select(selectColumns(fields, ALIAS))
      .from({ [ALIAS]: schema.collectionName })
      .where(`${ALIAS}.${SYSTEM_COLUMNS.documentId}`, documentId);
    applyStatus(qb, schema, ALIAS, selection.status);
    applyLocale(qb, schema, ALIAS, selection.locale);
    return qb.orderBy(`${ALIAS}.id`, 'asc').limit(1, { skipBinding: true });
  };
  // a function of the type, the fields, the status and whether a locale applies; the document id and
  // the locale are its bindings, in that order: compiled once (db/direct-reads.ts `selectRowsByShape`)
  const locale = appliedLocale(schema, selection.locale);
  const shape = `document\0${uid}\0${selectionKey(fields)}\0${selection.status}\0${locale === undefined ? '' : 'locale'}`;
  const [row] = await selectRowsByShape(ctx.knex, shape, locale === undefined ? [documentId] : [documentId, locale], build);
  if (!row) return null;
  const entry = readRow(fields, row);
  chargeEntries(1);
  await populateEntries(ctx, schema, [entry], selection.populate, selection.status);
  return entry;
}

/**
 * The row of one status of each document named (its first row, as `findEntryByDocumentId`), read
 * and populated together: one statement per chunk of ids and per populated level, whatever their
 * number. Documents without such a row are absent from the map.
 */
export async function findEntriesByDocumentIds(ctx: EngineContext, uid: string, documentIds: readonly string[], selection: Selection): Promise<Map<string, Entry>> {
  const ids = [...new Set(documentIds.filter(isPossibleDocumentId))];
  const found = new Map<string, Entry>();
  if (ids.length === 0) return found;
  const knex: Knex = ctx.knex;
  const schema = ctx.registry.contentType(uid);
  const fields = selectFields(schema, selection.fields);
  const documentColumn = `${ALIAS}.${SYSTEM_COLUMNS.documentId}`;
  const rows = await loadByKeys(ctx, ids, (chunkIds) => {
    const qb = knex
      .select([...selectColumns(fields, ALIAS), `${documentColumn} as __document`])
      .from({ [ALIAS]: schema.collectionName })
      .whereIn(documentColumn, chunkIds);
    applyStatus(qb, schema, ALIAS, selection.status);
    applyLocale(qb, schema, ALIAS, selection.locale);
    return qb.orderBy(`${ALIAS}.id`, 'asc');
  });
  const read = rowReader(fields);
  for (const row of rows) {
    const documentId = String(row['__document']);
    if (!found.has(documentId)) found.set(documentId, read(row));
  }
  chargeEntries(found.size);
  await populateEntries(ctx, schema, [...found.values()], selection.populate, selection.status);
  return found;
}
