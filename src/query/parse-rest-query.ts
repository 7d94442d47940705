/**
 * REST query parameters (already parsed by `parseQueryString`) → the query AST, validated
 * against the model: `filters`, `sort`, `pagination`, `fields`, `populate`, `status`, `locale`.
 */
import { invalidKey } from '../errors/index.js';
import type { Query, Selection } from './ast.js';
import { freeze } from './freeze.js';
import type { RestQueryContext } from './limits.js';
import { parseFields } from './parse-fields.js';
import { parseFilters } from './parse-filters.js';
import { parsePagination } from './parse-pagination.js';
import { parsePopulate } from './parse-populate.js';
import { parseSort } from './parse-sort.js';
import { parseStatus } from './parse-status.js';

export type { RestLimits, RestQueryContext } from './limits.js';

/** `locale` is accepted and ignored until i18n exists. */
const KNOWN_PARAMS = ['filters', 'sort', 'pagination', 'fields', 'populate', 'status', 'locale'];

/** Document-service internals that must never be reachable from a query string (GHSA-495j-h493-42q2). */
const FORBIDDEN_PARAMS = ['lookup'];

export function parseRestQuery(input: Record<string, unknown>, uid: string, ctx: RestQueryContext): Query {
  checkParams(input, ctx);
  const schema = ctx.registry.get(uid);
  return freeze({
    filters: parseFilters(input.filters, schema, ctx.registry, { param: 'filters', path: [] }),
    sort: parseSort(input.sort, schema, ctx.registry, { param: 'sort', path: [] }),
    pagination: parsePagination(input.pagination, ctx.rest),
    fields: parseFields(input.fields, schema, { param: 'fields', path: [] }),
    populate: parsePopulate(input.populate, schema, ctx),
    status: parseStatus(input.status),
  });
}

/**
 * The part of a query that shapes a single entry (single reads, write responses). The list-only
 * parameters are allowed but not read.
 */
export function parseSelection(input: Record<string, unknown>, uid: string, ctx: RestQueryContext): Selection {
  checkParams(input, ctx);
  const schema = ctx.registry.get(uid);
  return freeze({
    fields: parseFields(input.fields, schema, { param: 'fields', path: [] }),
    populate: parsePopulate(input.populate, schema, ctx),
    status: parseStatus(input.status),
  });
}

function checkParams(input: Record<string, unknown>, ctx: RestQueryContext): void {
  for (const key of Object.keys(input)) {
    if (FORBIDDEN_PARAMS.includes(key)) throw invalidKey(key, [key]);
    if (ctx.rest.strictParams && !KNOWN_PARAMS.includes(key)) throw invalidKey(key, [key]);
  }
}
