/** Small builders for Query AST literals in engine tests. */
import type {
  ComparisonOperator,
  FilterNode,
  FilterValue,
  NestedSelection,
  PopulateNode,
  Query,
  SortNode,
} from '../../src/query/ast.js';
import type { Entry } from '../../src/engine/types.js';

export const query = (over: Partial<Query> = {}): Query => ({
  filters: null,
  sort: [],
  pagination: { kind: 'page', page: 1, pageSize: 100, withCount: false },
  fields: null,
  populate: [],
  status: 'published',
  ...over,
});

export const cmp = (field: string, op: ComparisonOperator, value: FilterValue): FilterNode => ({ kind: 'compare', field, op, value });
export const and = (...items: FilterNode[]): FilterNode => ({ kind: 'and', items });
export const or = (...items: FilterNode[]): FilterNode => ({ kind: 'or', items });
export const not = (item: FilterNode): FilterNode => ({ kind: 'not', item });
export const nested = (attribute: string, filter: FilterNode): FilterNode => ({ kind: 'nested', attribute, filter });

export const asc = (...path: string[]): SortNode => ({ path, order: 'asc' });
export const desc = (...path: string[]): SortNode => ({ path, order: 'desc' });

export const pop = (attribute: string, over: Partial<PopulateNode> = {}): PopulateNode => ({
  attribute,
  fields: null,
  sort: [],
  filters: null,
  populate: [],
  on: null,
  ...over,
});

export const selection = (over: Partial<NestedSelection> = {}): NestedSelection => ({
  fields: null,
  sort: [],
  filters: null,
  populate: [],
  ...over,
});

/** `art-07` → 7: which seeded document an entry is */
export const indexOf = (entry: Entry | Record<string, unknown>): number => Number(String(entry.documentId).split('-')[1]);
export const indexes = (entries: readonly (Entry | Record<string, unknown>)[]): number[] => entries.map(indexOf);
