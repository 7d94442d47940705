/**
 * `fields=a,b` / `fields[0]=a`: a selection of readable scalars. null means the default set
 * (every visible scalar), which is also what `*` and an empty list ask for.
 */
import type { Schema } from '../model/types.js';
import { deepFreeze } from '../util/deep-freeze.js';
import { type Location, invalidAt, invalidAttributeAt } from './location.js';
import { attributeOf } from '../model/attributes.js';
import { ValidationError } from '../errors/index.js';
import { visibleScalarType } from './schema-fields.js';

export function parseFields(value: unknown, schema: Schema, loc: Location): readonly string[] | null {
  if (value === undefined || value === null) return null;
  const names: string[] = [];
  if (typeof value === 'string') {
    names.push(...splitList(value));
  } else if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    for (const item of value) names.push(...splitList(item));
  } else {
    throw invalidFieldsParameter(loc);
  }

  let wildcard = false;
  for (const name of names) {
    if (name === '*') wildcard = true;
    else if (visibleScalarType(schema, name) === undefined) {
      throw attributeOf(schema, name) ? invalidAttributeAt(loc, name) : invalidAt(loc, name);
    }
  }
  if (wildcard || names.length === 0) return null;
  return deepFreeze([...new Set(names)]);
}

/** Strapi's message for a `fields` that is neither a string nor a list of strings. */
function invalidFieldsParameter(loc: Location): ValidationError {
  const { details } = invalidAt(loc);
  return new ValidationError('Invalid fields parameter. Expected a string or an array of strings', details);
}

/** Comma list, trimmed, empty items dropped (Strapi trims too). */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}
