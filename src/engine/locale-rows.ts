/**
 * The rows of a localized document's other locales: attributes shared by every locale
 * (model/i18n.ts) are copied from a sibling when a new locale version is made, and from the
 * written row to the siblings of the same publication state after every write.
 */
import type { Knex } from 'knex';
import { SYSTEM_COLUMNS, columnName } from '../db/naming.js';
import { isLocalizedAttribute, isLocalizedType } from '../model/i18n.js';
import type { ContentType } from '../model/types.js';
import type { EngineContext } from './types.js';

const sharedColumnsOf = new WeakMap<ContentType, ReadonlyMap<string, string>>();

/** attribute name → column of the scalar attributes every locale of a document shares */
export function sharedScalarColumns(schema: ContentType): ReadonlyMap<string, string> {
  let columns = sharedColumnsOf.get(schema);
  if (columns === undefined) {
    columns = new Map(
      isLocalizedType(schema)
        ? Object.values(schema.attributes).filter((a) => a.kind === 'scalar' && !isLocalizedAttribute(a)).map((a) => [a.name, columnName(a.name)])
        : [],
    );
    sharedColumnsOf.set(schema, columns);
  }
  return columns;
}

/** The shared columns of another locale's row of `documentId` (draft first), or {} when there is none. */
export async function siblingSharedColumns(ctx: EngineContext, schema: ContentType, documentId: string, locale: string): Promise<Record<string, unknown>> {
  const columns = [...sharedScalarColumns(schema).values()];
  if (columns.length === 0) return {};
  const row = (await ctx.knex(schema.collectionName)
    .first(columns)
    .where(SYSTEM_COLUMNS.documentId, documentId)
    .whereNot(SYSTEM_COLUMNS.locale, locale)
    .orderByRaw(`case when ${SYSTEM_COLUMNS.publishedAt} is null then 0 else 1 end`)
    .orderBy('id')) as Record<string, unknown> | undefined;
  return row ?? {};
}

/** Copies the shared columns of row `rowId` to the document's other locales in the same state. */
export async function syncSharedColumns(ctx: EngineContext, schema: ContentType, rowId: number | undefined): Promise<void> {
  const columns = [...sharedScalarColumns(schema).values()];
  if (columns.length === 0 || rowId === undefined) return;
  const knex: Knex = ctx.knex;
  const row = (await knex(schema.collectionName)
    .first([...columns, SYSTEM_COLUMNS.documentId, SYSTEM_COLUMNS.locale, SYSTEM_COLUMNS.publishedAt])
    .where('id', rowId)) as Record<string, unknown> | undefined;
  if (!row) return;
  const values = Object.fromEntries(columns.map((column) => [column, row[column]]));
  const siblings = knex(schema.collectionName)
    .where(SYSTEM_COLUMNS.documentId, row[SYSTEM_COLUMNS.documentId] as string)
    .whereNot(SYSTEM_COLUMNS.locale, row[SYSTEM_COLUMNS.locale] as string);
  if (schema.draftAndPublish) {
    if (row[SYSTEM_COLUMNS.publishedAt] === null) siblings.whereNull(SYSTEM_COLUMNS.publishedAt);
    else siblings.whereNotNull(SYSTEM_COLUMNS.publishedAt);
  }
  await siblings.update(values);
}
