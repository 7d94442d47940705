/**
 * The rows of a localized document's other locales: attributes shared by every locale
 * (model/i18n.ts) are copied from a sibling when a new locale version is made, and from the
 * written row to the siblings of the same publication state after every write.
 */
import type { Knex } from 'knex';
import { selectFirst } from '../db/direct-reads.js';
import { MEDIA_LINK_COLUMNS as M, MEDIA_LINK_TABLE, SYSTEM_COLUMNS, columnName } from '../db/naming.js';
import { toNumber } from '../db/values.js';
import { isLocalizedAttribute, isLocalizedType } from '../model/i18n.js';
import type { ContentType } from '../model/types.js';
import type { EngineContext } from './types.js';
import { copyParts } from './write/copy-entity.js';
import { deleteComponentsOf } from './write/delete-entity.js';

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

type Row = Record<string, unknown>;

/** The first row of `documentId` in another locale than `locale`, drafts first: where a new version takes shared values from. */
async function otherLocaleRow(ctx: EngineContext, schema: ContentType, columns: readonly string[], documentId: string, locale: string): Promise<Row | undefined> {
  return selectFirst(ctx.knex, ctx.knex(schema.collectionName)
    .select(columns)
    .where(SYSTEM_COLUMNS.documentId, documentId)
    .whereNot(SYSTEM_COLUMNS.locale, locale)
    .orderByRaw(`case when ${SYSTEM_COLUMNS.publishedAt} is null then 0 else 1 end`)
    .orderBy('id'));
}

/** The rows of the document of `row` in the other locales, in the same publication state. */
function sameStateSiblings(knex: Knex, schema: ContentType, row: Row): Knex.QueryBuilder {
  const siblings = knex(schema.collectionName)
    .where(SYSTEM_COLUMNS.documentId, row[SYSTEM_COLUMNS.documentId] as string)
    .whereNot(SYSTEM_COLUMNS.locale, row[SYSTEM_COLUMNS.locale] as string);
  if (schema.draftAndPublish) {
    if (row[SYSTEM_COLUMNS.publishedAt] === null) siblings.whereNull(SYSTEM_COLUMNS.publishedAt);
    else siblings.whereNotNull(SYSTEM_COLUMNS.publishedAt);
  }
  return siblings;
}

const ROW_PLACE = [SYSTEM_COLUMNS.documentId, SYSTEM_COLUMNS.locale, SYSTEM_COLUMNS.publishedAt];

/** The shared columns of another locale's row of `documentId` (draft first), or {} when there is none. */
export async function siblingSharedColumns(ctx: EngineContext, schema: ContentType, documentId: string, locale: string): Promise<Record<string, unknown>> {
  const columns = [...sharedScalarColumns(schema).values()];
  if (columns.length === 0) return {};
  return (await otherLocaleRow(ctx, schema, columns, documentId, locale)) ?? {};
}

/** Copies the shared columns of row `rowId` to the document's other locales in the same state. */
export async function syncSharedColumns(ctx: EngineContext, schema: ContentType, rowId: number | undefined): Promise<void> {
  const columns = [...sharedScalarColumns(schema).values()];
  if (columns.length === 0 || rowId === undefined) return;
  const knex: Knex = ctx.knex;
  const row = await selectFirst(knex, knex(schema.collectionName).select([...columns, ...ROW_PLACE]).where('id', rowId));
  if (!row) return;
  const values = Object.fromEntries(columns.map((column) => [column, row[column]]));
  await sameStateSiblings(knex, schema, row).update(values);
}

const sharedPartsOf = new WeakMap<ContentType, ReadonlySet<string>>();

/** The component, dynamic-zone and media attributes every locale of a document shares. */
export function sharedPartNames(schema: ContentType): ReadonlySet<string> {
  let names = sharedPartsOf.get(schema);
  if (names === undefined) {
    names = new Set(
      isLocalizedType(schema)
        ? Object.values(schema.attributes).filter((a) => (a.kind === 'component' || a.kind === 'dynamiczone' || a.kind === 'media') && !isLocalizedAttribute(a)).map((a) => a.name)
        : [],
    );
    sharedPartsOf.set(schema, names);
  }
  return names;
}

/** The rows of the document's other locales in the same publication state as row `rowId`. */
async function siblingRowIds(ctx: EngineContext, schema: ContentType, rowId: number): Promise<number[]> {
  const knex: Knex = ctx.knex;
  const row = await selectFirst(knex, knex(schema.collectionName).select(ROW_PLACE).where('id', rowId));
  if (!row) return [];
  return ((await sameStateSiblings(knex, schema, row).select('id')) as Row[]).map((r) => toNumber(r['id']));
}

/**
 * Replaces the shared components, zones and media named in `names` on the document's other
 * locales (same state) with copies of row `rowId`'s: each locale keeps its own component rows
 * (as Strapi 5 does), holding the same values.
 */
export async function syncSharedParts(ctx: EngineContext, schema: ContentType, rowId: number | undefined, names: ReadonlySet<string>): Promise<void> {
  const only = new Set([...names].filter((name) => sharedPartNames(schema).has(name)));
  if (only.size === 0 || rowId === undefined) return;
  const siblings = await siblingRowIds(ctx, schema, rowId);
  if (siblings.length === 0) return;
  for (const name of only) {
    const attribute = schema.attributes[name];
    if (attribute?.kind === 'media') {
      await ctx.knex(MEDIA_LINK_TABLE).where({ [M.relatedType]: schema.uid, [M.field]: name }).whereIn(M.related, siblings).delete();
    } else {
      await deleteComponentsOf(ctx, schema, siblings, name);
    }
  }
  for (const sibling of siblings) await copyParts(ctx, schema, rowId, sibling, only);
}

/** A new locale version takes the shared parts its data left out from another locale's row (draft first). */
export async function copySharedPartsFromSibling(ctx: EngineContext, schema: ContentType, rowId: number, left: ReadonlySet<string>): Promise<void> {
  const only = new Set([...left].filter((name) => sharedPartNames(schema).has(name)));
  if (only.size === 0) return;
  const row = await selectFirst(ctx.knex, ctx.knex(schema.collectionName).select(ROW_PLACE).where('id', rowId));
  if (!row) return;
  const source = await otherLocaleRow(ctx, schema, ['id'], row[SYSTEM_COLUMNS.documentId] as string, row[SYSTEM_COLUMNS.locale] as string);
  if (source) await copyParts(ctx, schema, toNumber(source['id']), rowId, only);
}
