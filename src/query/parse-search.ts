/**
 * `_q`, Strapi's search parameter: entries whose `id` or any text attribute (string, text,
 * richtext, email, uid, enumeration) contains the words, ignoring case; when `_q` is a number,
 * number attributes are searched too. It is turned into an `$or` of ordinary filters, so it
 * combines with `filters`, sort and pagination, and permissions see it like any other filter.
 * Private and password attributes are never searched (Strapi's database layer would).
 */
import { isHidden } from '../model/attributes.js';
import type { ScalarType, Schema } from '../model/types.js';
import type { FilterNode } from './ast.js';
import { type Location, invalidWithReason } from './location.js';

const TEXT_TYPES: readonly ScalarType[] = ['string', 'text', 'richtext', 'email', 'uid', 'enumeration'];
/** Their decimal digits are the same text on every database (text-operators.ts). */
const INTEGER_TYPES: readonly ScalarType[] = ['integer', 'biginteger'];
/** A float or decimal prints differently per database: a numeric `_q` compares them by value. */
const FRACTION_TYPES: readonly ScalarType[] = ['float', 'decimal'];

export function parseSearch(value: unknown, schema: Schema, loc: Location): FilterNode | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw invalidWithReason(loc, 'expected a string');
  const text = value.trim();
  if (text === '') return null;
  const numeric = Number.isFinite(Number(text));
  const contains = (field: string): FilterNode => ({ kind: 'compare', field, op: '$containsi', value: text });
  const items: FilterNode[] = [contains('id')];
  if (schema.modelType === 'contentType') items.push(contains('documentId'));
  for (const [name, attribute] of Object.entries(schema.attributes)) {
    if (attribute.kind !== 'scalar' || isHidden(attribute)) continue;
    if (TEXT_TYPES.includes(attribute.type)) items.push(contains(name));
    else if (numeric && INTEGER_TYPES.includes(attribute.type)) items.push(contains(name));
    else if (numeric && FRACTION_TYPES.includes(attribute.type)) items.push({ kind: 'compare', field: name, op: '$eq', value: Number(text) });
  }
  return { kind: 'or', items };
}
