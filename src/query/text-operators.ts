/**
 * Operators that compare the text form of a value (patterns and case-insensitive equality).
 * They are allowed only on types whose text form is the same on every database: text kinds, and
 * integers (their decimal digits). A boolean is `true` on PostgreSQL but `1` on SQLite and MySQL,
 * a datetime or a decimal prints differently on each, so on those types these operators would
 * answer differently per database; the query parser refuses them instead (decisions in
 * docs/rest-api.md), and the engine re-checks for callers that build the AST themselves.
 */
import { SCALAR_TRAITS } from '../model/scalar-traits.js';
import type { ScalarType } from '../model/types.js';
import type { ComparisonOperator } from './ast.js';

export const TEXT_OPERATORS: readonly ComparisonOperator[] = [
  '$eqi', '$nei', '$contains', '$notContains', '$containsi', '$notContainsi',
  '$startsWith', '$startsWithi', '$endsWith', '$endsWithi',
];

export function isTextOperator(op: ComparisonOperator): boolean {
  return TEXT_OPERATORS.includes(op);
}

/** Whether text operators may be used on a field of this type (`model/scalar-traits.ts`). */
export function comparesAsText(type: ScalarType): boolean {
  return SCALAR_TRAITS[type].comparesAsText;
}
