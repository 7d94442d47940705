/**
 * The rows behind documents: which rows (draft / published) make up one document, a single
 * type's document, the document a row belongs to, and which referenced documents exist.
 */
import { selectFirst, selectRows } from '../db/direct-reads.js';
import { toNumber } from '../db/values.js';
import type { ContentType } from '../model/types.js';
import { applyLocale } from './status.js';
import type { EngineContext } from './types.js';

export interface DocumentRows {
  readonly draft?: number;
  readonly published?: number;
  /** every row of the document */
  readonly all: number[];
}

/**
 * Whether a document could have this id: no database stores NUL (PostgreSQL refuses it even in a
 * WHERE, a 500) or a lone surrogate in text, so an id holding one names no document and is
 * answered as one that does not exist, without asking the database.
 */
export function isPossibleDocumentId(documentId: string): boolean {
  return !documentId.includes('\u0000') && !/\p{Cs}/u.test(documentId);
}

/** `locale`: of a localized type, the rows of that locale only (undefined or `*`: every row). */
export async function documentRows(ctx: EngineContext, schema: ContentType, documentId: string, locale?: string): Promise<DocumentRows> {
  if (!isPossibleDocumentId(documentId)) return { all: [] };
  const query = ctx.knex(schema.collectionName).select('id', 'published_at').where('document_id', documentId);
  applyLocale(query, schema, schema.collectionName, locale);
  const rows = await selectRows(ctx.knex, query);
  let draft: number | undefined;
  let published: number | undefined;
  for (const row of rows) {
    if (row.published_at === null) draft = toNumber(row.id);
    else published = toNumber(row.id);
  }
  return { draft, published, all: rows.map((r) => toNumber(r.id)) };
}

/** The row a read in `status` sees (types without draft & publish have one row). */
export function rowForStatus(schema: ContentType, rows: DocumentRows, status: 'draft' | 'published'): number | undefined {
  if (!schema.draftAndPublish) return rows.all[0];
  return status === 'draft' ? rows.draft : rows.published;
}

/** The documentId of a single type's one document (its rows share it); null before it exists. */
export async function firstDocumentId(ctx: EngineContext, schema: ContentType): Promise<string | null> {
  const row = await selectFirst(ctx.knex, ctx.knex(schema.collectionName).select('document_id').orderBy('id'));
  return row ? String(row.document_id) : null;
}

/** The documentId of the row `rowId` of content type `uid`; null when there is no such row. */
export async function documentIdOfRow(ctx: EngineContext, uid: string, rowId: number): Promise<string | null> {
  const row = await selectFirst(ctx.knex, ctx.knex(ctx.registry.contentType(uid).collectionName).select('document_id').where('id', rowId));
  return row ? String(row.document_id) : null;
}

/**
 * The rows of `uid` named by documentId or by row id, in one statement. In a write transaction
 * the rows stay share-locked until it ends: a write linking them and a concurrent delete of them
 * (which removes the links pointing at them) run one after the other, so no link is left naming
 * a deleted document. (SQLite has one writer at a time and no row locks: knex leaves it out.)
 */
export async function findDocumentRefs(
  ctx: EngineContext, uid: string, documentIds: readonly string[], rowIds: readonly number[],
): Promise<Array<{ id: number; documentId: string }>> {
  const rows = (await ctx.knex(ctx.registry.contentType(uid).collectionName)
    .select('id', 'document_id')
    .where((qb) => {
      qb.whereIn('document_id', documentIds.length > 0 ? [...documentIds] : ['']);
      if (rowIds.length > 0) qb.orWhereIn('id', [...rowIds]);
    })
    .forShare()) as Array<{ id: unknown; document_id: unknown }>;
  return rows.map((row) => ({ id: toNumber(row.id), documentId: String(row.document_id) }));
}

/** Which of `rowIds` are rows of `uid`; share-locked in a write transaction, as `findDocumentRefs`. */
export async function existingRowIds(ctx: EngineContext, uid: string, rowIds: readonly number[]): Promise<Set<number>> {
  if (rowIds.length === 0) return new Set();
  const rows = (await ctx.knex(ctx.registry.contentType(uid).collectionName).select('id').whereIn('id', [...rowIds]).forShare()) as Array<{ id: unknown }>;
  return new Set(rows.map((r) => toNumber(r.id)));
}

/**
 * Which of `documentIds` (documents of `uid`) still exist, share-locked as `findDocumentRefs`.
 * Writes that carry links over without naming them (a deep copy on publish, the links an update
 * keeps) check them here right before inserting: a target deleted meanwhile is dropped instead
 * of linked, and one not yet deleted waits to be deleted after this write (removing its links).
 */
export async function liveDocumentIds(ctx: EngineContext, uid: string, documentIds: readonly string[]): Promise<Set<string>> {
  if (documentIds.length === 0) return new Set();
  const rows = (await ctx.knex(ctx.registry.contentType(uid).collectionName)
    .select('document_id').whereIn('document_id', [...new Set(documentIds)]).forShare()) as Array<{ document_id: unknown }>;
  return new Set(rows.map((r) => String(r.document_id)));
}
