/**
 * The lookups behind `unique` attributes and uids: whether a value is taken among the rows of
 * one publication state, and which `base` / `base-N` uid values are taken.
 */
import type { Knex } from 'knex';
import { selectFirst, selectRows } from '../db/direct-reads.js';
import { columnName } from '../db/naming.js';
import { toDbValue } from '../db/values.js';
import type { ScalarAttribute, ContentType } from '../model/types.js';
import { applyLocale } from './status.js';
import type { EngineContext } from './types.js';

/**
 * Whether another row holds `value` in `attr`: rows of `excludeDocumentId` do not count, and
 * with draft & publish only rows of the same state (`published` or draft) do.
 */
export async function isValueTaken(
  ctx: EngineContext, schema: ContentType, attr: ScalarAttribute, value: unknown, excludeDocumentId: string | undefined, published: boolean, locale?: string,
): Promise<boolean> {
  const query = ctx.knex(schema.collectionName).select('id').where(columnName(attr.name), toDbValue(attr.type, value, ctx.dialect.name) as Knex.Value);
  // localized types: unique per locale
  applyLocale(query, schema, schema.collectionName, locale);
  if (excludeDocumentId !== undefined) query.whereNot('document_id', excludeDocumentId);
  if (schema.draftAndPublish) query.where((qb) => (published ? qb.whereNotNull('published_at') : qb.whereNull('published_at')));
  return (await selectFirst(ctx.knex, query)) !== undefined;
}

/** The values of uid attribute `name` equal to `base` or starting with `base-`, outside `excludeDocumentId`. */
export async function takenUidValues(ctx: EngineContext, schema: ContentType, name: string, base: string, excludeDocumentId: string | undefined, locale?: string): Promise<Set<string>> {
  const column = columnName(name);
  const query = ctx.knex(schema.collectionName).select(column).where((qb) => qb.where(column, base).orWhere(column, 'like', `${base}-%`));
  applyLocale(query, schema, schema.collectionName, locale);
  if (excludeDocumentId !== undefined) query.whereNot('document_id', excludeDocumentId);
  return new Set((await selectRows(ctx.knex, query)).map((r) => String(r[column])));
}
