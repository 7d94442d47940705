/**
 * `sort` in every form Strapi accepts: `a`, `a:desc`, `a:asc,b:desc`, arrays of those, objects
 * (`sort[a]=desc`, `sort[rel][field]=asc`), arrays of objects, and dotted paths through to-one
 * relations and single components. The engine appends the `id` tie-breaker, not the parser.
 */
import type { ValidationError } from '../errors/index.js';
import type { Registry, Schema } from '../model/types.js';
import type { SortNode, SortOrder } from './ast.js';
import { splitList } from './parse-fields.js';
import { deepFreeze } from '../util/deep-freeze.js';
import { type Location, invalidAt, invalidAttributeAt } from './location.js';
import { isPlainObject } from '../util/is-record.js';
import { attributeOf, isHidden } from '../model/attributes.js';
import { isToOne, targetSchema, visibleScalarType } from './schema-fields.js';

export function parseSort(value: unknown, schema: Schema, registry: Registry, loc: Location): readonly SortNode[] {
  const out: SortNode[] = [];
  const add = (path: readonly string[], order: SortOrder): void => {
    resolveSortPath(schema, registry, loc, path, order);
    out.push({ path, order });
  };
  if (value === undefined || value === null) return deepFreeze(out);
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      if (typeof item === 'string') collectString(item, loc, add);
      else if (isPlainObject(item)) collectObject(item, [], loc, add);
      else throw invalidAt(loc, String(index));
    });
  } else if (typeof value === 'string') {
    collectString(value, loc, add);
  } else if (isPlainObject(value)) {
    collectObject(value, [], loc, add);
  } else {
    throw invalidAt(loc);
  }
  return deepFreeze(out);
}

type Add = (path: readonly string[], order: SortOrder) => void;

function collectString(value: string, loc: Location, add: Add): void {
  for (const token of splitList(value)) {
    const parts = token.split(':');
    const field = (parts[0] ?? '').trim();
    const path = field.split('.');
    if (parts.length > 2) throw invalidAt(loc, token);
    const direction = parts[1]?.trim() ?? 'asc';
    const order = sortOrder(direction);
    if (!order) throw badDirection(loc, path, direction);
    add(path, order);
  }
}

function collectObject(value: Record<string, unknown>, prefix: readonly string[], loc: Location, add: Add): void {
  for (const [key, inner] of Object.entries(value)) {
    const path = [...prefix, ...key.split('.')];
    if (typeof inner === 'string') {
      const order = sortOrder(inner.trim());
      if (!order) throw badDirection(loc, path, inner.trim());
      add(path, order);
    } else if (isPlainObject(inner)) {
      collectObject(inner, path, loc, add);
    } else {
      throw invalidAt(loc, ...path);
    }
  }
}

/** The offending direction is the key: `title:up` → `Invalid key up at title.up`. */
function badDirection(loc: Location, path: readonly string[], direction: string): ValidationError {
  return direction === '' ? invalidAt(loc, ...path) : invalidAt(loc, ...path, direction);
}

function sortOrder(direction: string): SortOrder | undefined {
  const lower = direction.toLowerCase();
  return lower === 'asc' || lower === 'desc' ? lower : undefined;
}

/**
 * Every segment but the last is a visible to-one attribute; the last a visible scalar. Errors
 * name what Strapi's sort validator names: a relation, media or component at the end is walked
 * into with the direction as a key (`sort=category:asc` → `Invalid key asc at category`).
 */
function resolveSortPath(schema: Schema, registry: Registry, loc: Location, path: readonly string[], order: SortOrder): void {
  let current = schema;
  path.forEach((segment, index) => {
    const upTo = path.slice(0, index + 1);
    const attribute = attributeOf(current, segment);
    if (index === path.length - 1) {
      if (visibleScalarType(current, segment) !== undefined) return;
      if (!attribute) throw invalidAt(loc, ...upTo);
      if (isHidden(attribute) || attribute.kind === 'dynamiczone') throw invalidAttributeAt(loc, ...upTo);
      throw invalidAt(loc, ...upTo, order);
    }
    const next = attribute && !isHidden(attribute) && isToOne(attribute) ? targetSchema(registry, attribute) : null;
    if (!next) throw attribute ? invalidAttributeAt(loc, ...upTo) : invalidAt(loc, ...upTo);
    current = next;
  });
}
