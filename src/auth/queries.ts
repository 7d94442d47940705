/** Small AST builders for the auth stores' own reads (never from client input). */
import type { FilterNode, FilterScalar, PopulateNode, Query } from '../query/ast.js';

export function eq(field: string, value: FilterScalar): FilterNode {
  return { kind: 'compare', field, op: '$eq', value };
}

export function anyOf(...items: FilterNode[]): FilterNode {
  return items.length === 1 ? items[0]! : { kind: 'or', items };
}

export function allOf(...items: FilterNode[]): FilterNode {
  return items.length === 1 ? items[0]! : { kind: 'and', items };
}

/** A relation populated with only `fields` (id and documentId always come). */
export function populateFields(attribute: string, fields: readonly string[]): PopulateNode {
  return { attribute, fields, sort: [], filters: null, populate: [], on: null };
}

/** Every matching row, in id order, without a count. */
export function allRows(filters: FilterNode | null, populate: readonly PopulateNode[] = [], fields: readonly string[] | null = null): Query {
  return {
    filters,
    sort: [{ path: ['id'], order: 'asc' }],
    pagination: { kind: 'offset', start: 0, limit: -1, withCount: false },
    fields,
    populate,
    status: 'published',
  };
}

/** The selection writes read back with: the default fields, nothing populated. */
export const PLAIN = { fields: null, populate: [], status: 'published' } as const;
