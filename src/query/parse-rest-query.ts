/**
 * REST query parameters (already parsed by `parseQueryString`) → the query AST, validated
 * against the model: `filters`, `_q`, `sort`, `pagination`, `fields`, `populate`, `status`, `locale`.
 */
import { invalidKey } from '../errors/index.js';
import type { FilterNode, Query, Selection } from './ast.js';
import { deepFreeze } from '../util/deep-freeze.js';
import type { RestQueryContext } from './limits.js';
import type { Schema } from '../model/types.js';
import { parseFields } from './parse-fields.js';
import { parseLocale } from './parse-locale.js';
import { parseFilters } from './parse-filters.js';
import { parsePagination } from './parse-pagination.js';
import { parsePopulate } from './parse-populate.js';
import { parseSearch } from './parse-search.js';
import { parseSort } from './parse-sort.js';
import { parseStatus } from './parse-status.js';
import { checkQueryCost } from './query-cost.js';

export type { RestLimits, RestQueryContext } from './limits.js';

/** `locale` is read on localized types (parse-locale.ts) and ignored on others; `_q` is Strapi's search. */
const KNOWN_PARAMS = ['filters', 'sort', 'pagination', 'fields', 'populate', 'status', 'locale', '_q'];

/** Document-service internals that must never be reachable from a query string (GHSA-495j-h493-42q2). */
const FORBIDDEN_PARAMS = ['lookup'];

export function parseRestQuery(input: Record<string, unknown>, uid: string, ctx: RestQueryContext): Query {
  checkParams(input, ctx);
  const schema = ctx.registry.get(uid);
  return withinBudget(ctx, deepFreeze({
    filters: withSearch(
      parseFilters(input.filters, schema, ctx.registry, { param: 'filters', path: [] }),
      parseSearch(input._q, schema, { param: '_q', path: [] }),
    ),
    sort: parseSort(input.sort, schema, ctx.registry, { param: 'sort', path: [] }),
    pagination: parsePagination(input.pagination, ctx.rest),
    fields: parseFields(input.fields, schema, { param: 'fields', path: [] }),
    populate: parsePopulate(input.populate, schema, ctx),
    status: parseStatus(input.status),
    ...withLocale(input.locale, schema),
  }));
}

/** `{ locale }` when the type is localized and the request names one. */
function withLocale(value: unknown, schema: Schema): { locale?: string } {
  const locale = parseLocale(value, schema);
  return locale === undefined ? {} : { locale };
}

/**
 * The part of a query that shapes a single entry (single reads, write responses). The list-only
 * parameters are allowed but not read.
 */
export function parseSelection(input: Record<string, unknown>, uid: string, ctx: RestQueryContext): Selection {
  checkParams(input, ctx);
  const schema = ctx.registry.get(uid);
  return withinBudget(ctx, deepFreeze({
    fields: parseFields(input.fields, schema, { param: 'fields', path: [] }),
    populate: parsePopulate(input.populate, schema, ctx),
    status: parseStatus(input.status),
    ...withLocale(input.locale, schema),
  }));
}

/** `_q` narrows the same list `filters` selects. */
function withSearch(filters: FilterNode | null, search: FilterNode | null): FilterNode | null {
  if (!search) return filters;
  return filters ? { kind: 'and', items: [filters, search] } : search;
}

function withinBudget<Q extends Selection & Partial<Pick<Query, 'filters' | 'sort'>>>(ctx: RestQueryContext, query: Q): Q {
  if (ctx.rest.budget) checkQueryCost(query, ctx.rest.budget);
  return query;
}

function checkParams(input: Record<string, unknown>, ctx: RestQueryContext): void {
  for (const key of Object.keys(input)) {
    if (FORBIDDEN_PARAMS.includes(key)) throw invalidKey(key, [key]);
    if (ctx.rest.strictParams && !KNOWN_PARAMS.includes(key)) throw invalidKey(key, [key]);
  }
}
