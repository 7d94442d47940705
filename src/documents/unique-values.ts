/**
 * Uniqueness of `unique` attributes (and uids) among the rows of the same publication state,
 * ignoring the document being written, as Strapi 5 checks it.
 */
import type { Knex } from 'knex';
import { ValidationError } from '../errors/index.js';
import { columnName } from '../db/naming.js';
import { toDbValue } from '../db/values.js';
import type { EngineContext } from '../engine/types.js';
import type { ContentType } from '../model/types.js';

export async function assertUnique(
  ctx: EngineContext, schema: ContentType, scalars: Readonly<Record<string, unknown>>, documentId: string | undefined, published: boolean,
): Promise<void> {
  const errors = [];
  for (const [name, value] of Object.entries(scalars)) {
    const attr = schema.attributes[name];
    if (!attr || attr.kind !== 'scalar' || value === null || value === undefined) continue;
    if (!attr.unique && attr.type !== 'uid') continue;
    const query = ctx.knex(schema.collectionName).first('id').where(columnName(name), toDbValue(attr.type, value, ctx.dialect.name) as Knex.Value);
    if (documentId !== undefined) query.whereNot('document_id', documentId);
    if (schema.draftAndPublish) query.where((qb) => (published ? qb.whereNotNull('published_at') : qb.whereNull('published_at')));
    if (await query) errors.push({ path: [name], message: 'This attribute must be unique', name: 'ValidationError' });
  }
  if (errors.length > 0) throw new ValidationError(errors.length === 1 ? `${errors[0]!.path[0]} must be unique` : `${errors.length} errors occurred`, { errors });
}

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Fills empty uid attributes from their `targetField`, suffixing `-1`, `-2`, … on collision. */
export async function fillUids(ctx: EngineContext, schema: ContentType, scalars: Record<string, unknown>, documentId: string | undefined): Promise<void> {
  for (const attr of Object.values(schema.attributes)) {
    if (attr.kind !== 'scalar' || attr.type !== 'uid' || attr.targetField === undefined) continue;
    if (scalars[attr.name] !== undefined && scalars[attr.name] !== null) continue;
    const source = scalars[attr.targetField];
    if (typeof source !== 'string' || slugify(source) === '') continue;
    const base = slugify(source);
    const column = columnName(attr.name);
    const query = ctx.knex(schema.collectionName).select(column).where((qb) => qb.where(column, base).orWhere(column, 'like', `${base}-%`));
    if (documentId !== undefined) query.whereNot('document_id', documentId);
    const taken = new Set(((await query) as Array<Record<string, unknown>>).map((r) => String(r[column])));
    let candidate = base;
    for (let n = 1; taken.has(candidate); n += 1) candidate = `${base}-${n}`;
    scalars[attr.name] = candidate;
  }
}
