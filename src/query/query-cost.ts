/**
 * The size budget of one query, checked on the AST before any statement runs, for REST and
 * GraphQL alike (decisions.md "Cost of a request"). `populateDepthLimit` bounds how deep a
 * populate tree goes; this bounds how wide it and the filter trees get, and how many relation
 * hops one filter or sort path takes (each hop is a correlated subquery, nested).
 */
import { ValidationError } from '../errors/index.js';
import type { FilterNode, NestedSelection, PopulateNode, Query, Selection, SortNode } from './ast.js';

export interface QueryBudget {
  /** populate nodes in the whole tree (every populated attribute at any depth, per dynamic-zone component) */
  readonly maxPopulateNodes: number;
  /** filter nodes (conditions, `$and`/`$or`/`$not`, relation steps) in all filters of the query, populate filters included */
  readonly maxFilterNodes: number;
  /** relation or component steps along one filter or sort path */
  readonly maxRelationHops: number;
}

/** The config keys (under `api.rest`) that name each limit in error messages. */
const KEYS: Readonly<Record<keyof QueryBudget, string>> = {
  maxPopulateNodes: 'api.rest.maxPopulateNodes',
  maxFilterNodes: 'api.rest.maxFilterNodes',
  maxRelationHops: 'api.rest.maxRelationHops',
};

interface Tally {
  populate: number;
  filters: number;
}

function exceeded(budget: QueryBudget, limit: keyof QueryBudget, what: string, param: string): ValidationError {
  return new ValidationError(`${what} exceeds the limit of ${budget[limit]} (${KEYS[limit]})`, { source: 'query', param, limit: KEYS[limit], max: budget[limit] });
}

function countFilter(budget: QueryBudget, tally: Tally, node: FilterNode, hops: number, param: string): void {
  tally.filters += 1;
  if (tally.filters > budget.maxFilterNodes) throw exceeded(budget, 'maxFilterNodes', 'The number of filter nodes', param);
  switch (node.kind) {
    case 'compare':
      return;
    case 'and':
    case 'or':
      for (const item of node.items) countFilter(budget, tally, item, hops, param);
      return;
    case 'not':
      countFilter(budget, tally, node.item, hops, param);
      return;
    case 'nested':
      if (hops + 1 > budget.maxRelationHops) throw exceeded(budget, 'maxRelationHops', 'The number of relation hops in one filter path', param);
      countFilter(budget, tally, node.filter, hops + 1, param);
  }
}

function checkSort(budget: QueryBudget, sort: readonly SortNode[], param: string): void {
  for (const node of sort) {
    if (node.path.length - 1 > budget.maxRelationHops) throw exceeded(budget, 'maxRelationHops', 'The number of relation hops in one sort path', param);
  }
}

function countSelection(budget: QueryBudget, tally: Tally, selection: NestedSelection): void {
  if (selection.filters) countFilter(budget, tally, selection.filters, 0, 'populate');
  checkSort(budget, selection.sort, 'populate');
  countPopulate(budget, tally, selection.populate);
}

function countPopulate(budget: QueryBudget, tally: Tally, populate: readonly PopulateNode[]): void {
  for (const node of populate) {
    tally.populate += 1;
    if (tally.populate > budget.maxPopulateNodes) throw exceeded(budget, 'maxPopulateNodes', 'The number of populate nodes', 'populate');
    countSelection(budget, tally, node);
    for (const selection of Object.values(node.on ?? {})) {
      tally.populate += 1;
      countSelection(budget, tally, selection);
    }
  }
  if (tally.populate > budget.maxPopulateNodes) throw exceeded(budget, 'maxPopulateNodes', 'The number of populate nodes', 'populate');
}

/** Throws a 400 `ValidationError` naming the limit when the query is larger than the budget. */
export function checkQueryCost(query: Selection & Partial<Pick<Query, 'filters' | 'sort'>>, budget: QueryBudget): void {
  const tally: Tally = { populate: 0, filters: 0 };
  if (query.filters) countFilter(budget, tally, query.filters, 0, 'filters');
  if (query.sort) checkSort(budget, query.sort, 'sort');
  countPopulate(budget, tally, query.populate);
}
