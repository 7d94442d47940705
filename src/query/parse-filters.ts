/**
 * `filters` (top level and inside populate): a condition object whose keys are attributes,
 * system fields or `$and/$or/$not`, with operator objects, implicit `$eq` (a single value) and
 * implicit `$in` (an array). Relations, media and components nest a condition on their target.
 * Empty objects are dropped, as Strapi does; anything unknown, hidden or ill-typed is a 400.
 */
import type { Attribute, Registry, ScalarType, Schema } from '../model/types.js';
import { assertNever } from '../model/types.js';
import { COMPARISON_OPERATORS, type ComparisonOperator, type FilterNode, type FilterValue } from './ast.js';
import { deepFreeze } from '../util/deep-freeze.js';
import { invalidValue, typedScalar } from './filter-values.js';
import { type Location, at, booleanLike, invalidAt, invalidAttributeAt, invalidWithReason } from './location.js';
import { isPlainObject } from '../util/is-record.js';
import { attributeOf, isHidden } from '../model/attributes.js';
import { targetSchema, visibleScalarType } from './schema-fields.js';
import { comparesAsText, isTextOperator } from './text-operators.js';
import { holdsOnMissingRow } from './missing-row.js';

export function parseFilters(value: unknown, schema: Schema, registry: Registry, loc: Location): FilterNode | null {
  if (value === undefined || value === null || value === '') return null;
  if (!isPlainObject(value)) throw invalidAt(loc);
  return deepFreeze(parseCondition(value, schema, registry, loc));
}

function isComparison(key: string): key is ComparisonOperator {
  return (COMPARISON_OPERATORS as readonly string[]).includes(key);
}

function combine(kind: 'and' | 'or', items: readonly (FilterNode | null)[]): FilterNode | null {
  const present = items.filter((item): item is FilterNode => item !== null);
  if (present.length === 0) return null;
  if (present.length === 1) return present[0] ?? null;
  return { kind, items: present };
}

/**
 * The operands of `$and`/`$or`: an array of objects, or one object read as a single operand.
 * Objects with only numeric keys are arrays that came through a parser other than ours.
 */
function operands(value: unknown, loc: Location): { item: Record<string, unknown>; loc: Location }[] {
  if (isPlainObject(value) && !Object.keys(value).every((key) => /^\d+$/.test(key))) return [{ item: value, loc }];
  const list = Array.isArray(value) ? value : isPlainObject(value) ? Object.values(value) : undefined;
  if (!list) throw invalidAt(loc);
  return list.map((item, index) => {
    if (!isPlainObject(item)) throw invalidAt(loc, String(index));
    return { item, loc: at(loc, String(index)) };
  });
}

function parseCondition(value: Record<string, unknown>, schema: Schema, registry: Registry, loc: Location): FilterNode | null {
  // `undefined` only comes from server-side callers (`{ title: maybeTitle }`): no condition.
  const entries = Object.entries(value).filter(([, inner]) => inner !== undefined);
  return combine('and', entries.map(([key, inner]) => parseEntry(key, inner, schema, registry, at(loc, key))));
}

function parseEntry(key: string, value: unknown, schema: Schema, registry: Registry, loc: Location): FilterNode | null {
  if (key === '$and' || key === '$or') {
    const items = operands(value, loc).map((operand) => parseCondition(operand.item, schema, registry, operand.loc));
    return combine(key === '$and' ? 'and' : 'or', items);
  }
  if (key === '$not') {
    if (!isPlainObject(value)) throw invalidAt(loc);
    const item = parseCondition(value, schema, registry, loc);
    return item ? { kind: 'not', item } : null;
  }
  const attribute = attributeOf(schema, key);
  if (!attribute) {
    const type = visibleScalarType(schema, key);
    if (type === undefined) throw invalidAt(loc);
    return parseFieldFilter(key, type, value, loc);
  }
  if (isHidden(attribute)) throw invalidAttributeAt(loc);
  return parseAttributeFilter(key, attribute, value, registry, loc);
}

function parseAttributeFilter(key: string, attribute: Attribute, value: unknown, registry: Registry, loc: Location): FilterNode | null {
  switch (attribute.kind) {
    case 'scalar':
      return parseFieldFilter(key, attribute.type, value, loc);
    case 'relation':
    case 'media':
    case 'component': {
      const target = targetSchema(registry, attribute);
      if (!target) throw invalidAttributeAt(loc);
      return parseNested(key, target, value, registry, loc);
    }
    case 'dynamiczone':
      throw invalidAttributeAt(loc);
    default:
      return assertNever(attribute);
  }
}

/**
 * A condition on the related rows; operators directly on a relation apply to the related `id`
 * (`filters[category][$eq]=3`), and `$null`/`$notNull` ask whether any related row exists.
 */
function parseNested(attribute: string, target: Schema, raw: unknown, registry: Registry, loc: Location): FilterNode | null {
  const exists: FilterNode = { kind: 'nested', attribute, filter: { kind: 'compare', field: 'id', op: '$notNull', value: true } };
  const nested = (filter: FilterNode | null): FilterNode | null => {
    if (!filter) return null;
    const node: FilterNode = { kind: 'nested', attribute, filter };
    // Strapi's LEFT JOIN also matches entries without a related row when the condition holds on
    // NULL columns (`filters[author][id][$null]=true`): see missing-row.ts
    return holdsOnMissingRow(filter) ? { kind: 'or', items: [node, { kind: 'not', item: exists }] } : node;
  };
  // `filters[category]` without a value: entries without a category, as `IS NULL` would give.
  const value = raw === null ? { $null: true } : raw;
  if (!isPlainObject(value)) return nested(parseFieldFilter('id', 'integer', value, loc));
  if (!Object.keys(value).every(isComparison)) return nested(parseCondition(value, target, registry, loc));

  const items: (FilterNode | null)[] = [];
  const onId: Record<string, unknown> = {};
  for (const [op, operand] of Object.entries(value)) {
    if (op !== '$null' && op !== '$notNull') {
      onId[op] = operand;
      continue;
    }
    if (isPlainObject(operand) && Object.keys(operand).length === 0) continue;
    const flag = booleanLike(operand);
    if (flag === undefined) throw invalidValue(at(loc, op), operand, 'a boolean (true, false, t, f, 1, 0)');
    items.push((op === '$notNull') === flag ? exists : { kind: 'not', item: exists });
  }
  items.push(nested(parseFieldFilter('id', 'integer', onId, loc)));
  return combine('and', items);
}

/** Conditions on one scalar field: an operator object, an array (`$in`) or a value (`$eq`). */
function parseFieldFilter(field: string, type: ScalarType, value: unknown, loc: Location): FilterNode | null {
  if (Array.isArray(value)) return compare(field, type, '$in', value, loc);
  if (!isPlainObject(value)) return compare(field, type, '$eq', value, loc);
  const entries = Object.entries(value).filter(([, operand]) => operand !== undefined);
  const items = entries.map(([op, operand]): FilterNode | null => {
    const opLoc = at(loc, op);
    if (op === '$and' || op === '$or') {
      const parts = operands(operand, opLoc).map((o) => parseFieldFilter(field, type, o.item, o.loc));
      return combine(op === '$and' ? 'and' : 'or', parts);
    }
    if (op === '$not') {
      if (!isPlainObject(operand)) throw invalidAt(opLoc);
      const item = parseFieldFilter(field, type, operand, opLoc);
      return item ? { kind: 'not', item } : null;
    }
    if (!isComparison(op)) throw invalidAt(opLoc);
    return compare(field, type, op, operand, opLoc);
  });
  return combine('and', items);
}

function compare(field: string, type: ScalarType, op: ComparisonOperator, raw: unknown, loc: Location): FilterNode | null {
  if (isPlainObject(raw)) {
    const first = Object.keys(raw)[0];
    if (first === undefined) return null;
    throw invalidAt(loc, first);
  }
  const node = (o: ComparisonOperator, value: FilterValue): FilterNode => ({ kind: 'compare', field, op: o, value });

  if (op === '$null' || op === '$notNull') {
    const flag = booleanLike(raw);
    if (flag === undefined) throw invalidValue(loc, raw, 'a boolean (true, false, t, f, 1, 0)');
    return node(op, flag);
  }
  // `filters[title]` or `[$eq]` without a value: Strapi compares with NULL (IS NULL).
  if (raw === null && op === '$eq') return node('$null', true);
  if (raw === null && op === '$ne') return node('$notNull', true);
  if (type === 'json' || type === 'blocks') {
    throw invalidWithReason(loc, `${type} attributes can only be filtered with $null and $notNull`);
  }
  if (isTextOperator(op) && !comparesAsText(type)) {
    throw invalidWithReason(loc, `${op} compares text and applies to text and integer attributes, not to ${type}`);
  }
  // Pattern and case-insensitive operators compare the text form: the value stays a string.
  const typeFor: ScalarType = isTextOperator(op) ? 'string' : type;

  if (op === '$in' || op === '$notIn' || op === '$between') {
    const list = Array.isArray(raw) ? raw : [raw];
    if (op === '$between' && list.length !== 2) throw invalidValue(loc, raw, 'exactly 2 values');
    return node(op, list.map((item, index) => {
      if (item === null) throw invalidValue(at(loc, String(index)), item, 'a value');
      return typedScalar(typeFor, item, at(loc, String(index)));
    }));
  }
  if (Array.isArray(raw)) throw invalidValue(loc, raw, 'a single value');
  if (raw === null || raw === undefined) throw invalidValue(loc, raw, 'a value');
  return node(op, typedScalar(typeFor, raw, loc));
}
