/**
 * SortNode[] → ORDER BY. A path through relations or single components becomes a correlated
 * scalar subquery (the first linked target's value), so sorting never joins — and never
 * duplicates — the outer rows. NULLs come first ascending and last descending on every dialect.
 */
import type { Knex } from 'knex';
import type { Schema } from '../model/types.js';
import type { SortNode } from '../query/ast.js';
import { joinLinkTarget, keyColumn, singleTarget } from './attribute-links.js';
import type { StatementScope } from './compile-filters.js';
import { scalarField } from './scalar-fields.js';

export interface SortOptions {
  /** add `id` ascending as the last key (unless already sorted by id) */
  readonly tieBreaker: boolean;
}

export function applySort(
  scope: StatementScope,
  qb: Knex.QueryBuilder,
  schema: Schema,
  alias: string,
  sort: readonly SortNode[],
  options: SortOptions = { tieBreaker: true },
): void {
  const { dialect } = scope.ctx;
  for (const node of sort) {
    const expression = sortExpression(scope, schema, alias, node.path);
    qb.orderByRaw(dialect.orderBy(expression, node.order, node.order === 'asc' ? 'first' : 'last'));
  }
  const byId = sort.some((node) => node.path.length === 1 && node.path[0] === 'id');
  if (options.tieBreaker && !byId) qb.orderBy(`${alias}.id`, 'asc');
}

function sortExpression(scope: StatementScope, schema: Schema, alias: string, path: readonly string[]): Knex.Raw | string {
  const [first, ...rest] = path;
  if (first === undefined) throw new Error('empty sort path');
  if (rest.length === 0) return `${alias}.${scalarField(schema, first).column}`;
  return scope.ctx.knex.raw('?', [pathSubquery(scope, schema, alias, path)]);
}

/** (SELECT tN.<field> FROM link JOIN target [JOIN link JOIN target …] WHERE <correlated> LIMIT 1) */
function pathSubquery(scope: StatementScope, schema: Schema, outerAlias: string, path: readonly string[]): Knex.QueryBuilder {
  const knex: Knex = scope.ctx.knex;
  const hops = path.slice(0, -1);
  const field = path[path.length - 1] as string;
  const sub = knex.queryBuilder();
  const orders: string[] = [];
  let current = schema;
  let currentAlias = outerAlias;
  hops.forEach((attribute, i) => {
    const target = singleTarget(scope.ctx.registry, current, attribute);
    const linkAlias = scope.aliases.next();
    const targetAlias = scope.aliases.next();
    const parentKey = `${currentAlias}.${keyColumn(target.link.parentKey)}`;
    const linkParent = `${linkAlias}.${target.link.parentColumn}`;
    if (i === 0) sub.from({ [linkAlias]: target.link.table }).where(linkParent, knex.ref(parentKey));
    else sub.join({ [linkAlias]: target.link.table }, linkParent, parentKey);
    joinLinkTarget(scope.ctx, sub, target, { link: linkAlias, target: targetAlias, parent: currentAlias }, scope.status);
    if (target.link.orderColumn) orders.push(`${linkAlias}.${target.link.orderColumn}`);
    orders.push(`${targetAlias}.id`);
    current = target.schema;
    currentAlias = targetAlias;
  });
  sub.select(`${currentAlias}.${scalarField(current, field).column}`);
  for (const order of orders) sub.orderBy(order, 'asc');
  return sub.limit(1, { skipBinding: true });
}
