/** The rows of `i18n_locale` (the project's locales) and whether content still uses a locale. */
import { selectFirst, selectRows } from '../db/direct-reads.js';
import { LOCALE_COLUMNS as L, LOCALE_TABLE, SYSTEM_COLUMNS } from '../db/naming.js';
import { datetimeToDb, dbValueReader, timestampFromDb, toDbValue, toNumber } from '../db/values.js';
import { LOCALE_SCHEMA, isLocalizedType } from '../model/i18n.js';
import type { FilterNode, SortNode } from '../query/ast.js';
import { createAliases } from './aliases.js';
import { applyFilters, type StatementScope } from './compile-filters.js';
import { applySort } from './compile-sort.js';
import { inWriteTransaction, lockKeys } from './context.js';
import { newDocumentId } from './document-id.js';
import { deleteLocaleContent, type RemovedLocaleContent } from './locale-content.js';
import { applyWindow } from './paginate.js';
import type { EngineContext } from './types.js';

export interface LocaleRow {
  readonly id: number;
  readonly documentId: string;
  readonly name: string;
  readonly code: string;
  readonly isDefault: boolean;
  readonly createdAt: string | null;
  readonly updatedAt: string | null;
  readonly publishedAt: string | null;
}

const readBoolean = dbValueReader('boolean');
const flag = (ctx: EngineContext, value: boolean): unknown => toDbValue('boolean', value, ctx.dialect.name);

export async function readLocales(ctx: EngineContext): Promise<LocaleRow[]> {
  return toLocaleRows(await selectRows(ctx.knex, ctx.knex(LOCALE_TABLE).select('*').orderBy('id')));
}

export interface LocaleQuery {
  readonly filters: FilterNode | null;
  readonly sort: readonly SortNode[];
  readonly start: number;
  readonly limit: number;
}

/** One page of locales matching `filters` (fields of LOCALE_SCHEMA), in one statement. */
export async function queryLocales(ctx: EngineContext, query: LocaleQuery): Promise<LocaleRow[]> {
  if (query.limit <= 0) return [];
  const scope: StatementScope = { ctx, aliases: createAliases(), status: 'published' };
  const alias = scope.aliases.next();
  const qb = ctx.knex.from({ [alias]: LOCALE_TABLE }).select(`${alias}.*`);
  if (query.filters) applyFilters(scope, qb, LOCALE_SCHEMA, alias, query.filters);
  applySort(scope, qb, LOCALE_SCHEMA, alias, query.sort);
  return toLocaleRows(await selectRows(ctx.knex, applyWindow(qb, { offset: query.start, limit: query.limit })));
}

export async function countLocales(ctx: EngineContext, filters: FilterNode | null): Promise<number> {
  const scope: StatementScope = { ctx, aliases: createAliases(), status: 'published' };
  const alias = scope.aliases.next();
  const qb = ctx.knex.from({ [alias]: LOCALE_TABLE });
  if (filters) applyFilters(scope, qb, LOCALE_SCHEMA, alias, filters);
  const [row] = await selectRows(ctx.knex, qb.count({ count: '*' }));
  return toNumber(row?.['count'] ?? 0);
}

function toLocaleRows(rows: ReadonlyArray<Record<string, unknown>>): LocaleRow[] {
  return rows.map((row) => ({
    id: toNumber(row['id']),
    documentId: String(row[SYSTEM_COLUMNS.documentId]),
    name: String(row[L.name] ?? ''),
    code: String(row[L.code]),
    isDefault: readBoolean(row[L.isDefault]) === true,
    createdAt: timestampFromDb(row[SYSTEM_COLUMNS.createdAt]) as string | null,
    updatedAt: timestampFromDb(row[SYSTEM_COLUMNS.updatedAt]) as string | null,
    publishedAt: timestampFromDb(row[SYSTEM_COLUMNS.publishedAt]) as string | null,
  }));
}

/** Every locale change runs under this one lock: the default flag moves in one step. */
const LOCK = 'i18n:locales';

export async function insertLocale(ctx: EngineContext, code: string, name: string, isDefault: boolean): Promise<void> {
  await inWriteTransaction(ctx, async (trx) => {
    await lockKeys(trx, [LOCK]);
    if (await selectFirst(trx.knex, trx.knex(LOCALE_TABLE).select('id').where(L.code, code))) return;
    if (isDefault) await trx.knex(LOCALE_TABLE).update({ [L.isDefault]: flag(trx, false) });
    const stamp = datetimeToDb(new Date(), trx.dialect.name);
    await trx.knex(LOCALE_TABLE).insert({
      [SYSTEM_COLUMNS.documentId]: newDocumentId(), [L.name]: name, [L.code]: code, [L.isDefault]: flag(trx, isDefault),
      [SYSTEM_COLUMNS.createdAt]: stamp, [SYSTEM_COLUMNS.updatedAt]: stamp, [SYSTEM_COLUMNS.publishedAt]: stamp,
    });
  });
}

export async function setDefaultLocale(ctx: EngineContext, code: string): Promise<void> {
  await inWriteTransaction(ctx, async (trx) => {
    await lockKeys(trx, [LOCK]);
    await trx.knex(LOCALE_TABLE).update({ [L.isDefault]: flag(trx, false) }).whereNot(L.code, code);
    await trx.knex(LOCALE_TABLE).update({ [L.isDefault]: flag(trx, true) }).where(L.code, code);
  });
}

/** a locale's display name (Strapi's admin edits it; the code never changes) */
export async function renameLocale(ctx: EngineContext, code: string, name: string): Promise<void> {
  await inWriteTransaction(ctx, async (trx) => {
    await trx.knex(LOCALE_TABLE).update({ [L.name]: name, [SYSTEM_COLUMNS.updatedAt]: datetimeToDb(new Date(), trx.dialect.name) }).where(L.code, code);
  });
}

/** `withContent`: the locale's versions go in the same transaction (`locale-content.ts`). */
export async function deleteLocale(ctx: EngineContext, code: string, withContent = false): Promise<RemovedLocaleContent[]> {
  return inWriteTransaction(ctx, async (trx) => {
    await lockKeys(trx, [LOCK]);
    const removed = withContent ? await deleteLocaleContent(trx, code) : [];
    await trx.knex(LOCALE_TABLE).delete().where(L.code, code);
    return removed;
  });
}

/** The localized content types holding at least one version in `code`. */
export async function typesUsingLocale(ctx: EngineContext, code: string): Promise<string[]> {
  const used: string[] = [];
  for (const type of ctx.registry.contentTypes.values()) {
    if (!isLocalizedType(type)) continue;
    if (await selectFirst(ctx.knex, ctx.knex(type.collectionName).select('id').where(SYSTEM_COLUMNS.locale, code))) used.push(type.uid);
  }
  return used;
}
