/**
 * Raw query string → nested object, as Strapi's `strapi::query` middleware parses it, with the
 * cost of parsing bounded: parameters, nesting depth, array length and total size.
 */
import qs from 'qs';
import { ValidationError } from '../errors/index.js';
import { isPlainObject } from '../util/is-record.js';

export const QUERY_STRING_LIMITS = {
  depth: 20,
  arrayLimit: 100,
  parameterLimit: 1000,
  /** objects, arrays and leaves together */
  maxNodes: 2000,
} as const;

const INDEX = /^(0|[1-9]\d*)$/;

export function parseQueryString(raw: string): Record<string, unknown> {
  const text = raw.startsWith('?') ? raw.slice(1) : raw;
  const parameterCount = text.split('&').filter((part) => part !== '').length;
  if (parameterCount > QUERY_STRING_LIMITS.parameterLimit) {
    // qs would silently drop the rest, which changes the meaning of the query.
    throw new ValidationError(
      `Too many query parameters (${parameterCount}). The maximum is ${QUERY_STRING_LIMITS.parameterLimit}.`,
      { source: 'query' },
    );
  }
  const parsed = qs.parse(text, {
    depth: QUERY_STRING_LIMITS.depth,
    arrayLimit: QUERY_STRING_LIMITS.arrayLimit,
    parameterLimit: QUERY_STRING_LIMITS.parameterLimit,
    strictNullHandling: true,
    allowDots: false,
  });
  const counter = { nodes: 0 };
  const result: Record<string, unknown> = {};
  for (const [param, value] of Object.entries(parsed)) {
    result[param] = normalise(value, param, [param], counter);
  }
  return result;
}

/**
 * qs turns an array with an index above `arrayLimit` into an object with numeric keys. Such an
 * object with more than `arrayLimit` entries is refused the way Strapi refuses it; a smaller one
 * (`a[150]=x`) becomes the array it was meant to be.
 */
function normalise(value: unknown, param: string, path: string[], counter: { nodes: number }): unknown {
  counter.nodes += 1;
  if (counter.nodes > QUERY_STRING_LIMITS.maxNodes) {
    throw new ValidationError(
      `Query string too complex: more than ${QUERY_STRING_LIMITS.maxNodes} values and objects.`,
      { source: 'query', param },
    );
  }
  if (Array.isArray(value)) {
    if (value.length > QUERY_STRING_LIMITS.arrayLimit) throw tooManyEntries(param, path, value.length);
    return value.map((item, index) => normalise(item, param, [...path, String(index)], counter));
  }
  if (!isPlainObject(value)) return value;
  const keys = Object.keys(value);
  if (keys.length > 0 && keys.every((key) => INDEX.test(key))) {
    if (keys.length > QUERY_STRING_LIMITS.arrayLimit) throw tooManyEntries(param, path, keys.length);
    return keys
      .sort((a, b) => Number(a) - Number(b))
      .map((key) => normalise(value[key], param, [...path, key], counter));
  }
  const out: Record<string, unknown> = {};
  // qs already drops prototype keys; this keeps the copy safe whatever parser produced `value`.
  for (const key of keys) if (key !== '__proto__') out[key] = normalise(value[key], param, [...path, key], counter);
  return out;
}

function tooManyEntries(param: string, path: readonly string[], count: number): ValidationError {
  const limit = QUERY_STRING_LIMITS.arrayLimit;
  const hint =
    param === 'populate'
      ? ' Consider using object notation (populate[field]=true), nested population, or reducing the number of fields.'
      : '';
  return new ValidationError(
    `Too many ${param} entries (${count}). The maximum number of ${param} entries when using array notation is ${limit}.${hint}`,
    { key: path[path.length - 1] ?? param, path: path.slice(1).join('.'), source: 'query', param },
  );
}
