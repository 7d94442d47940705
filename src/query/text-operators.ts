/**
 * Operators that compare the text form of a value (patterns and case-insensitive equality).
 * They are allowed only on types whose text form is the same on every database: text kinds, and
 * integers (their decimal digits). A boolean is `true` on PostgreSQL but `1` on SQLite and MySQL,
 * a datetime or a decimal prints differently on each, so on those types these operators would
 * answer differently per database; the query parser refuses them instead (decisions in
 * docs/rest-api.md), and the engine re-checks for callers that build the AST themselves.
 */
import { assertNever, type ScalarType } from '../model/types.js';
import type { ComparisonOperator } from './ast.js';

export const TEXT_OPERATORS: readonly ComparisonOperator[] = [
  '$eqi', '$nei', '$contains', '$notContains', '$containsi', '$notContainsi',
  '$startsWith', '$startsWithi', '$endsWith', '$endsWithi',
];

export function isTextOperator(op: ComparisonOperator): boolean {
  return TEXT_OPERATORS.includes(op);
}

/** Whether text operators may be used on a field of this type. */
export function comparesAsText(type: ScalarType): boolean {
  switch (type) {
    case 'string':
    case 'text':
    case 'richtext':
    case 'enumeration':
    case 'email':
    case 'uid':
    case 'password':
    case 'integer':
    case 'biginteger':
      return true;
    case 'float':
    case 'decimal':
    case 'boolean':
    case 'date':
    case 'time':
    case 'datetime':
    case 'timestamp':
    case 'json':
    case 'blocks':
      return false;
    default:
      return assertNever(type);
  }
}
