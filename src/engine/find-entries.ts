/**
 * List reads: one statement for the page of rows (filters, status, sort with `id` as the last
 * key, pagination, fields), then batched population. A page of size 0 runs nothing.
 */
import type { Knex } from 'knex';
import { selectRows, selectRowsByShape } from '../db/direct-reads.js';
import { toNumber } from '../db/values.js';
import type { FilterNode, PublicationStatus, Query } from '../query/ast.js';
import { createAliases } from './aliases.js';
import { applyFilters, type StatementScope } from './compile-filters.js';
import { applySort } from './compile-sort.js';
import { applyWindow, rowWindow } from './paginate.js';
import { populateEntries } from './populate/populate-entries.js';
import { rowReader } from './read-row.js';
import { selectColumns, selectFields } from './select-fields.js';
import { appliedLocale, applyLocale, applyStatus } from './status.js';
import { chargeEntries } from './entry-budget.js';
import type { EngineContext, Entry } from './types.js';

/** FROM <table> AS t0 WHERE <status> AND <filters>, shared by finds and counts. */
function baseQuery(scope: StatementScope, uid: string, filters: FilterNode | null, locale: string | undefined): { qb: Knex.QueryBuilder; alias: string } {
  const knex: Knex = scope.ctx.knex;
  const schema = scope.ctx.registry.contentType(uid);
  const alias = scope.aliases.next();
  const qb = knex.from({ [alias]: schema.collectionName });
  applyStatus(qb, schema, alias, scope.status);
  applyLocale(qb, schema, alias, locale);
  if (filters) applyFilters(scope, qb, schema, alias, filters);
  return { qb, alias };
}

export async function findEntries(ctx: EngineContext, uid: string, query: Query): Promise<Entry[]> {
  const window = rowWindow(query.pagination);
  if (window.limit === 0) return [];
  const schema = ctx.registry.contentType(uid);
  const scope: StatementScope = { ctx, aliases: createAliases(), status: query.status };
  const { qb, alias } = baseQuery(scope, uid, query.filters, query.locale);
  const fields = selectFields(schema, query.fields);
  qb.select(selectColumns(fields, alias));
  applySort(scope, qb, schema, alias, query.sort);
  const rows = await selectRows(ctx.knex, applyWindow(qb, window));
  const entries = rows.map(rowReader(fields));
  chargeEntries(entries.length);
  await populateEntries(ctx, schema, entries, query.populate, query.status);
  return entries;
}

export async function countEntries(ctx: EngineContext, uid: string, filters: FilterNode | null, status: PublicationStatus, locale?: string): Promise<number> {
  const build = (): Knex.QueryBuilder => baseQuery({ ctx, aliases: createAliases(), status }, uid, filters, locale).qb.count({ count: '*' });
  // without filters the statement is a function of the type, the status and whether a locale applies,
  // whose value is its one binding: compiled once (db/direct-reads.ts `selectRowsByShape`)
  const applied = filters === null ? appliedLocale(ctx.registry.contentType(uid), locale) : undefined;
  const shape = filters === null ? `count\0${uid}\0${status}\0${applied === undefined ? '' : 'locale'}` : undefined;
  const [row] = await selectRowsByShape(ctx.knex, shape, applied === undefined ? [] : [applied], build);
  return toNumber(row?.count ?? 0);
}
