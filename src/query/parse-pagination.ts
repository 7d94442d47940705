/**
 * `pagination[page|pageSize]` or `pagination[start|limit]`, plus `pagination[withCount]`.
 * Edges follow decisions.md "Pagination edges": size 0 is a count-only query, `limit=-1`
 * means maxLimit, larger sizes are clamped, other negatives and non-integers are refused.
 */
import { PaginationError, ValidationError, invalidKey } from '../errors/index.js';
import type { Pagination } from './ast.js';
import { deepFreeze } from '../util/deep-freeze.js';
import type { RestLimits } from './limits.js';
import { booleanLike } from './location.js';
import { isPlainObject } from '../util/is-record.js';

const KEYS = ['page', 'pageSize', 'start', 'limit', 'withCount'] as const;
type Key = (typeof KEYS)[number];

export function parsePagination(value: unknown, limits: RestLimits): Pagination {
  const size = Math.min(limits.defaultLimit, limits.maxLimit);
  if (value === undefined || value === null) {
    return deepFreeze({ kind: 'page', page: 1, pageSize: size, withCount: limits.withCount });
  }
  if (!isPlainObject(value)) throw invalidKey('pagination', []);
  for (const key of Object.keys(value)) {
    if (!(KEYS as readonly string[]).includes(key) && limits.strictParams) throw invalidKey('pagination', [key]);
  }

  const withCount = parseWithCount(value.withCount, limits.withCount);
  const page = readInteger(value, 'page');
  const pageSize = readInteger(value, 'pageSize');
  const start = readInteger(value, 'start');
  const limit = readInteger(value, 'limit');

  const pageStyle = page !== undefined || pageSize !== undefined;
  const offsetStyle = start !== undefined || limit !== undefined;
  if (pageStyle && offsetStyle) {
    // names the first offset-style key: the one that conflicts with the page style
    throw new PaginationError('Cannot use both page & offset pagination in the same query', details(start !== undefined ? 'start' : 'limit'));
  }

  if (offsetStyle) {
    if (start !== undefined && start < 0) throw outOfRange('start', start, 'an integer >= 0');
    if (limit !== undefined && limit < -1) throw outOfRange('limit', limit, 'an integer >= 0, or -1');
    const effectiveLimit = limit === undefined ? size : limit === -1 ? limits.maxLimit : Math.min(limit, limits.maxLimit);
    return deepFreeze({ kind: 'offset', start: start ?? 0, limit: effectiveLimit, withCount });
  }

  if (page !== undefined && page < 1) throw outOfRange('page', page, 'an integer > 0');
  if (pageSize !== undefined && pageSize < 0) throw outOfRange('pageSize', pageSize, 'an integer >= 0');
  return deepFreeze({
    kind: 'page',
    page: page ?? 1,
    pageSize: pageSize === undefined ? size : Math.min(pageSize, limits.maxLimit),
    withCount,
  });
}

function parseWithCount(value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  const parsed = booleanLike(value);
  if (parsed === undefined) {
    throw new ValidationError('Invalid withCount parameter. Expected "t","1","true","false","0","f"', details('withCount'));
  }
  return parsed;
}

/** undefined when absent; throws when present but not an integer. */
function readInteger(source: Record<string, unknown>, key: Key): number | undefined {
  const value = source[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value)) {
    const parsed = Number(value);
    if (Number.isSafeInteger(parsed)) return parsed;
  }
  throw new PaginationError(
    `Invalid '${key}' parameter. Expected an integer, received: ${describe(value)}`,
    details(key),
  );
}

function outOfRange(key: Key, value: number, expected: string): PaginationError {
  return new PaginationError(`Invalid '${key}' parameter. Expected ${expected}, received: ${value}`, details(key));
}

function details(key: Key): Readonly<Record<string, unknown>> {
  return { key, path: key, source: 'query', param: 'pagination' };
}

function describe(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
