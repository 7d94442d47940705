/**
 * Uniqueness of `unique` attributes (and uids) among the rows of the same publication state,
 * ignoring the document being written, as Strapi 5 checks it.
 */
import { UniqueError, ValidationError } from '../errors/index.js';
import { lockKeys, uniqueViolation } from '../engine/context.js';
import type { EngineContext } from '../engine/types.js';
import { isValueTaken, takenUidValues } from '../engine/unique-lookups.js';
import { columnName, uniqueIndexName } from '../db/naming.js';
import type { ContentType, ScalarAttribute } from '../model/types.js';

const isUnique = (attr: ScalarAttribute): boolean => attr.unique || attr.type === 'uid';

/**
 * The lock a check of `value` of `attr` holds until its transaction ends (any state: simpler, and
 * only over-serializes). Emails fold case: users-permissions compares and stores them lowercased
 * (registration, login), so writers of `Ann@x.io` and `ann@x.io` must meet on one key; for other
 * email attributes the fold only over-serializes. Other values (usernames included) compare
 * exactly, as the check and the unique indexes do.
 */
const uniqueKey = (schema: ContentType, attr: ScalarAttribute, value: unknown, locale: string | undefined): string =>
  `unique:${schema.uid}:${locale === undefined ? '' : `${locale}:`}${attr.name}:${attr.type === 'email' ? String(value).toLowerCase() : String(value)}`;

function uniqueError(names: readonly string[]): UniqueError {
  const errors = names.map((name) => ({ path: [name], message: 'This attribute must be unique', name: 'ValidationError' }));
  return new UniqueError(errors.length === 1 ? `${names[0]} must be unique` : `${errors.length} errors occurred`, { errors });
}

export async function assertUnique(
  ctx: EngineContext, schema: ContentType, scalars: Readonly<Record<string, unknown>>, documentId: string | undefined, published: boolean, locale?: string,
): Promise<void> {
  const checked: Array<[ScalarAttribute, unknown]> = [];
  for (const [name, value] of Object.entries(scalars)) {
    const attr = schema.attributes[name];
    if (attr?.kind === 'scalar' && isUnique(attr) && value !== null && value !== undefined) checked.push([attr, value]);
  }
  if (checked.length === 0) return;
  // Held until commit: a concurrent writer of the same value checks after this one's row exists.
  await lockKeys(ctx, checked.map(([attr, value]) => uniqueKey(schema, attr, value, locale)));
  const taken = [];
  for (const [attr, value] of checked) if (await isValueTaken(ctx, schema, attr, value, documentId, published, locale)) taken.push(attr.name);
  if (taken.length > 0) throw uniqueError(taken);
}

/**
 * A unique index refused a row (the backstop behind the locks): the same 400 as the check above,
 * naming the attribute. Any other error is returned as it is.
 */
export function uniqueViolationError(ctx: EngineContext, schema: ContentType, error: unknown): unknown {
  const violation = uniqueViolation(ctx, error);
  if (violation === undefined) return error;
  const table = schema.collectionName;
  const names = Object.values(schema.attributes)
    .filter((attr): attr is ScalarAttribute => attr.kind === 'scalar' && isUnique(attr))
    .filter((attr) => {
      const column = columnName(attr.name);
      const indexes = (['draft', 'published', 'all'] as const).map((scope) => uniqueIndexName(table, column, scope));
      return violation.text.includes(`${table}.${column}`) || indexes.some((index) => violation.text.includes(index));
    })
    .map((attr) => attr.name);
  if (names.length > 0) return uniqueError(names);
  // one draft / one published row per document: only a write racing past the document lock gets here
  return new ValidationError('The document was changed by a concurrent write; send the request again', { errors: [] });
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
export async function fillUids(ctx: EngineContext, schema: ContentType, scalars: Record<string, unknown>, documentId: string | undefined, locale?: string): Promise<void> {
  for (const attr of Object.values(schema.attributes)) {
    if (attr.kind !== 'scalar' || attr.type !== 'uid' || attr.targetField === undefined) continue;
    if (scalars[attr.name] !== undefined && scalars[attr.name] !== null) continue;
    const source = scalars[attr.targetField];
    if (typeof source !== 'string' || slugify(source) === '') continue;
    const base = slugify(source);
    // every writer deriving from `base` waits here, so two never pick the same free suffix
    await lockKeys(ctx, [`uid:${schema.uid}:${locale === undefined ? '' : `${locale}:`}${attr.name}:${base}`]);
    const taken = await takenUidValues(ctx, schema, attr.name, base, documentId, locale);
    let candidate = base;
    for (let n = 1; taken.has(candidate); n += 1) candidate = `${base}-${n}`;
    scalars[attr.name] = candidate;
  }
}
