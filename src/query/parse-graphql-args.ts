/**
 * GraphQL arguments → the query AST. Pure: the input has already been coerced by graphql-js
 * (so it is well-typed and only holds fields the schema declares); this module maps names
 * (`eq` → `$eq`, `id` → `documentId`), applies the GraphQL pagination rules (default page size
 * `defaultLimit`, everything clamped by `amountLimit`) and validates sort strings against the model.
 */
import { PaginationError, ValidationError, invalidKey } from '../errors/index.js';
import type { Registry, Schema } from '../model/types.js';
import { systemFieldsOf } from './schema-fields.js';
import type {
  ComparisonOperator,
  FilterNode,
  FilterScalar,
  FilterValue,
  Pagination,
  PublicationStatus,
  SortNode,
  SortOrder,
} from './ast.js';
import { attributeOf, isHidden } from '../model/attributes.js';
import { isLocalizedType } from '../model/i18n.js';
import { isRecord } from '../util/is-record.js';

export interface GraphqlLimits {
  /** page size when none is given (v4 default 10) */
  readonly defaultLimit: number;
  /** the most items any list returns (default 100); larger requests are clamped */
  readonly amountLimit: number;
}

/** The `PaginationArg` input as graphql-js hands it over. */
export interface PaginationArgInput {
  readonly page?: number | null;
  readonly pageSize?: number | null;
  readonly start?: number | null;
  readonly limit?: number | null;
}

const OPERATORS: Readonly<Record<string, ComparisonOperator>> = {
  eq: '$eq', eqi: '$eqi', ne: '$ne', nei: '$nei', lt: '$lt', lte: '$lte', gt: '$gt', gte: '$gte',
  in: '$in', notIn: '$notIn', contains: '$contains', notContains: '$notContains',
  containsi: '$containsi', notContainsi: '$notContainsi', null: '$null', notNull: '$notNull',
  between: '$between', startsWith: '$startsWith', startsWithi: '$startsWithi',
  endsWith: '$endsWith', endsWithi: '$endsWithi',
};

const TIMESTAMPS = ['createdAt', 'updatedAt', 'publishedAt'] as const;

function combine(kind: 'and' | 'or', items: FilterNode[]): FilterNode | null {
  if (items.length === 0) return null;
  if (items.length === 1 && kind === 'and') return items[0] ?? null;
  return Object.freeze({ kind, items: Object.freeze(items) });
}

function filterScalar(value: unknown, path: readonly string[]): FilterScalar {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  throw new ValidationError(`Invalid value for filter at ${path.join('.')}: expected a scalar`, { path: path.join('.') });
}

function filterValue(op: ComparisonOperator, value: unknown, path: readonly string[]): FilterValue {
  if (op === '$in' || op === '$notIn' || op === '$between') {
    const list = Array.isArray(value) ? value : [value];
    if (op === '$between' && list.length !== 2) {
      throw new ValidationError(`between expects exactly two values at ${path.join('.')}`, { path: path.join('.') });
    }
    return Object.freeze(list.map((item) => filterScalar(item, path)));
  }
  if (op === '$null' || op === '$notNull') return value === true;
  return filterScalar(value, path);
}

/**
 * `{ eq: 'a', or: ['b', 'c'] }` on one field. `and`/`or` take values (the v4 plugin's
 * `[String]`), each compared for equality; operator objects are still read for server-side callers.
 */
function parseFieldOperators(field: string, input: Record<string, unknown>, path: readonly string[]): FilterNode | null {
  const items: FilterNode[] = [];
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    const here = [...path, key];
    if (key === 'and' || key === 'or') {
      const list = Array.isArray(value) ? value : [value];
      const parts = list
        .map((item, i) => (isRecord(item)
          ? parseFieldOperators(field, item, [...here, String(i)])
          : Object.freeze({ kind: 'compare' as const, field, op: item === null ? '$null' as const : '$eq' as const, value: item === null ? true : filterScalar(item, [...here, String(i)]) })))
        .filter((n): n is FilterNode => n !== null);
      const node = combine(key, parts);
      if (node) items.push(node);
    } else if (key === 'not') {
      if (!isRecord(value)) continue;
      const inner = parseFieldOperators(field, value, here);
      if (inner) items.push(Object.freeze({ kind: 'not', item: inner }));
    } else {
      const op = OPERATORS[key];
      if (!op) throw invalidKey('filters', here);
      items.push(Object.freeze({ kind: 'compare', field, op, value: filterValue(op, value, here) }));
    }
  }
  return combine('and', items);
}

/**
 * A `<Type>FiltersInput` / `<Component>FiltersInput` value → FilterNode (null when empty).
 * `id` on a content type is its documentId (the GraphQL `id` is the document's identity).
 */
export function parseGraphqlFilters(
  input: unknown,
  schema: Schema,
  registry: Registry,
  path: readonly string[] = [],
): FilterNode | null {
  if (!isRecord(input)) return null;
  const items: FilterNode[] = [];
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    const here = [...path, key];
    if (key === 'and' || key === 'or') {
      const list = (Array.isArray(value) ? value : [value]).filter(isRecord);
      const parts = list
        .map((item, i) => parseGraphqlFilters(item, schema, registry, [...here, String(i)]))
        .filter((n): n is FilterNode => n !== null);
      const node = combine(key, parts);
      if (node) items.push(node);
      continue;
    }
    if (key === 'not') {
      const inner = parseGraphqlFilters(value, schema, registry, here);
      if (inner) items.push(Object.freeze({ kind: 'not', item: inner }));
      continue;
    }
    if (!isRecord(value)) throw invalidKey('filters', here);
    const node = parseFieldFilter(key, value, schema, registry, here);
    if (node) items.push(node);
  }
  return combine('and', items);
}

function parseFieldFilter(
  key: string,
  value: Record<string, unknown>,
  schema: Schema,
  registry: Registry,
  path: readonly string[],
): FilterNode | null {
  if (key === 'id' && schema.modelType === 'contentType') return parseFieldOperators('documentId', value, path);
  if (((TIMESTAMPS as readonly string[]).includes(key) && schema.modelType === 'contentType') || (key === 'locale' && isLocalizedType(schema))) {
    return parseFieldOperators(key, value, path);
  }
  // attributeOf: also `localizations` of a localized type
  const attribute = attributeOf(schema, key);
  if (!attribute || isHidden(attribute)) throw invalidKey('filters', path);
  switch (attribute.kind) {
    case 'scalar':
      return parseFieldOperators(key, value, path);
    case 'relation': {
      const inner = parseGraphqlFilters(value, registry.contentType(attribute.target), registry, path);
      return inner ? Object.freeze({ kind: 'nested', attribute: key, filter: inner }) : null;
    }
    case 'component': {
      const inner = parseGraphqlFilters(value, registry.component(attribute.component), registry, path);
      return inner ? Object.freeze({ kind: 'nested', attribute: key, filter: inner }) : null;
    }
    case 'media':
    case 'dynamiczone':
      throw invalidKey('filters', path);
  }
}

/** Strapi's message for a sort direction other than asc/desc; which one, in `details` (as invalid keys). */
function invalidOrder(text: string, order: string): ValidationError {
  return new ValidationError('Invalid order. order can only be one of asc|desc|ASC|DESC', { key: text, order, path: null, source: 'query', param: 'sort' });
}

/** `["title:asc", "category.name:desc"]` (also `"a:asc,b:desc"` in one string), REST syntax. */
export function parseGraphqlSort(sort: readonly (string | null)[] | null | undefined, schema: Schema, registry: Registry): SortNode[] {
  if (!sort) return [];
  const nodes: SortNode[] = [];
  for (const raw of sort) {
    if (raw === null) continue;
    for (const part of raw.split(',')) {
      const text = part.trim();
      if (text === '') continue;
      const [fieldPath = '', direction, ...rest] = text.split(':');
      const order = (direction ?? 'asc').toLowerCase();
      if (order !== 'asc' && order !== 'desc') throw invalidOrder(text, direction ?? '');
      if (rest.length > 0) throw invalidKey('sort', [text]);
      const segments = fieldPath.split('.');
      validateSortPath(segments, schema, registry, text);
      nodes.push(Object.freeze({ path: Object.freeze(segments), order: order as SortOrder }));
    }
  }
  return nodes;
}

function validateSortPath(segments: readonly string[], schema: Schema, registry: Registry, text: string): void {
  let current: Schema = schema;
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    if (last && systemFieldsOf(current).includes(segment)) return;
    const attribute = current.attributes[segment];
    if (!attribute || isHidden(attribute)) throw invalidKey('sort', [text]);
    if (last) {
      if (attribute.kind !== 'scalar') throw invalidKey('sort', [text]);
      return;
    }
    if (attribute.kind === 'relation' && (attribute.relation === 'oneToOne' || attribute.relation === 'manyToOne')) {
      current = registry.contentType(attribute.target);
    } else if (attribute.kind === 'component' && !attribute.repeatable) {
      current = registry.component(attribute.component);
    } else {
      throw invalidKey('sort', [text]);
    }
  });
}

function checkNonNegative(name: string, value: number, allowMinusOne: boolean): void {
  if (!Number.isInteger(value) || value < 0) {
    if (allowMinusOne && value === -1) return;
    throw new ValidationError(`Invalid pagination: ${name} must be a positive integer (got ${value})`, { key: name, path: `pagination.${name}`, source: 'query', param: 'pagination' });
  }
}

/** A page size or limit after the GraphQL rules: -1 and anything above the cap → amountLimit. */
function clampSize(value: number | null | undefined, name: string, limits: GraphqlLimits): number {
  const cap = Math.max(0, limits.amountLimit);
  if (value === null || value === undefined) return Math.min(limits.defaultLimit, cap);
  checkNonNegative(name, value, true);
  return value === -1 ? cap : Math.min(value, cap);
}

/** `PaginationArg` → AST pagination. Mixing page and offset styles is a PaginationError. */
export function parseGraphqlPagination(
  input: PaginationArgInput | null | undefined,
  limits: GraphqlLimits,
  withCount: boolean,
): Pagination {
  const arg = input ?? {};
  const pageStyle = (arg.page ?? null) !== null || (arg.pageSize ?? null) !== null;
  const offsetStyle = (arg.start ?? null) !== null || (arg.limit ?? null) !== null;
  if (pageStyle && offsetStyle) throw new PaginationError('Cannot use both page & offset pagination in the same query');
  if (offsetStyle) {
    const start = arg.start ?? 0;
    checkNonNegative('start', start, false);
    return Object.freeze({ kind: 'offset', start, limit: clampSize(arg.limit, 'limit', limits), withCount });
  }
  const page = arg.page ?? 1;
  if (!Number.isInteger(page) || page < 1) {
    throw new ValidationError(`Invalid pagination: page must be a positive integer (got ${page})`, { key: 'page', path: 'pagination.page', source: 'query', param: 'pagination' });
  }
  return Object.freeze({ kind: 'page', page, pageSize: clampSize(arg.pageSize, 'pageSize', limits), withCount });
}

/** The slice of an already-loaded nested list (relation or repeatable component) a `pagination` argument selects. */
export function nestedListWindow(input: PaginationArgInput | null | undefined, limits: GraphqlLimits): { start: number; limit: number } {
  const pagination = parseGraphqlPagination(input, limits, false);
  return pagination.kind === 'offset'
    ? { start: pagination.start, limit: pagination.limit }
    : { start: (pagination.page - 1) * pagination.pageSize, limit: pagination.pageSize };
}

/**
 * `publicationState` → status. PREVIEW reads the draft versions: every document of a
 * draft-and-publish type has a draft row (the document service keeps that invariant, as
 * Strapi 5), so this yields each document once, as its draft.
 */
export function parsePublicationState(state: 'live' | 'preview' | null | undefined, draftAndPublish: boolean): PublicationStatus {
  return state === 'preview' && draftAndPublish ? 'draft' : 'published';
}
