/**
 * `fields=a,b` / `fields[0]=a`: a selection of readable scalars. null means the default set
 * (every visible scalar), which is also what `*` and an empty list ask for.
 */
import type { Schema } from '../model/types.js';
import { freeze } from './freeze.js';
import { type Location, invalidAt, isPlainObject } from './location.js';
import { visibleScalarType } from './schema-fields.js';

export function parseFields(value: unknown, schema: Schema, loc: Location): readonly string[] | null {
  if (value === undefined || value === null) return null;
  const names: string[] = [];
  if (typeof value === 'string') {
    names.push(...splitList(value));
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      if (typeof item !== 'string') throw invalidAt(loc, String(index));
      names.push(...splitList(item));
    });
  } else {
    const firstKey = isPlainObject(value) ? Object.keys(value)[0] : undefined;
    throw firstKey === undefined ? invalidAt(loc) : invalidAt(loc, firstKey);
  }

  let wildcard = false;
  for (const name of names) {
    if (name === '*') wildcard = true;
    else if (visibleScalarType(schema, name) === undefined) throw invalidAt(loc, name);
  }
  if (wildcard || names.length === 0) return null;
  return freeze([...new Set(names)]);
}

/** Comma list, trimmed, empty items dropped (Strapi trims too). */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}
