/**
 * FilterNode → WHERE clause on a query builder whose schema rows are aliased `alias`.
 * Null semantics are SQL's (decisions.md): `$ne`, `$notIn`, `$not` and the negated pattern
 * operators never match a NULL value; `$null`/`$notNull` select NULLs explicitly. Case rules are
 * the same on every database: the plain operators are case-sensitive, the `i` variants not.
 */
import type { Knex } from 'knex';
import { escapeLike } from '../db/dialect.js';
import { ValidationError } from '../errors/index.js';
import { toDbValue } from '../db/values.js';
import type { Schema } from '../model/types.js';
import { assertNever } from '../model/types.js';
import type { ComparisonOperator, FilterNode, FilterScalar, FilterValue, PublicationStatus } from '../query/ast.js';
import { comparesAsText, isTextOperator } from '../query/text-operators.js';
import type { AliasGenerator } from './aliases.js';
import { joinLinkTarget, keyColumn, singleTarget } from './attribute-links.js';
import { scalarField } from './scalar-fields.js';
import type { EngineContext } from './types.js';

/** What every part of one statement shares: the connection, its alias names, the status read. */
export interface StatementScope {
  readonly ctx: EngineContext;
  readonly aliases: AliasGenerator;
  readonly status: PublicationStatus;
}

type Compare = Extract<FilterNode, { kind: 'compare' }>;

export function applyFilters(scope: StatementScope, qb: Knex.QueryBuilder, schema: Schema, alias: string, node: FilterNode): void {
  qb.where((b) => compileNode(scope, b, schema, alias, node));
}

// Every node adds at least one condition: knex drops an empty group, which inside an `or`
// would silently turn "match everything" into "this branch is absent".
const MATCH_ALL = '1 = 1';
const MATCH_NONE = '1 = 0';

function compileNode(scope: StatementScope, b: Knex.QueryBuilder, schema: Schema, alias: string, node: FilterNode): void {
  switch (node.kind) {
    case 'compare':
      compileCompare(scope, b, schema, alias, node);
      return;
    case 'and':
      if (node.items.length === 0) b.whereRaw(MATCH_ALL);
      for (const item of node.items) b.where((sub) => compileNode(scope, sub, schema, alias, item));
      return;
    case 'or':
      if (node.items.length === 0) b.whereRaw(MATCH_ALL);
      else b.where((group) => {
        for (const item of node.items) group.orWhere((sub) => compileNode(scope, sub, schema, alias, item));
      });
      return;
    case 'not':
      b.whereNot((sub) => compileNode(scope, sub, schema, alias, node.item));
      return;
    case 'nested':
      b.whereExists(existsRelated(scope, schema, alias, node.attribute, node.filter));
      return;
    default:
      assertNever(node);
  }
}

/** SELECT 1 FROM link JOIN target WHERE <link correlated to the outer row> AND <filter on target>. */
function existsRelated(scope: StatementScope, schema: Schema, alias: string, attribute: string, filter: FilterNode): Knex.QueryBuilder {
  const knex: Knex = scope.ctx.knex;
  const target = singleTarget(scope.ctx.registry, schema, attribute);
  const linkAlias = scope.aliases.next();
  const targetAlias = scope.aliases.next();
  const sub = knex.select(knex.raw('1')).from({ [linkAlias]: target.link.table });
  joinLinkTarget(scope.ctx, sub, target, { link: linkAlias, target: targetAlias, parent: alias }, scope.status);
  sub.where(`${linkAlias}.${target.link.parentColumn}`, knex.ref(`${alias}.${keyColumn(target.link.parentKey)}`));
  applyFilters(scope, sub, target.schema, targetAlias, filter);
  return sub;
}

const asList = (value: FilterValue): readonly FilterScalar[] => (Array.isArray(value) ? value : [value as FilterScalar]);

function asText(value: FilterValue): string {
  const first = Array.isArray(value) ? value[0] : value;
  return first === null || first === undefined ? '' : String(first);
}

/** `$null: true` / `$notNull: 'true'`: the flag may come typed or as a query-string word. */
function asFlag(value: FilterValue): boolean {
  const v = Array.isArray(value) ? value[0] : value;
  if (typeof v === 'string') return ['true', 't', '1'].includes(v.toLowerCase());
  return v === true || v === 1;
}

type PatternOperator = Extract<ComparisonOperator, `$${string}${'ontains' | 'ith'}${'' | 'i'}`>;
const PATTERNS: Readonly<Record<PatternOperator, { wrap: (s: string) => string; insensitive: boolean; negate: boolean }>> = {
  $contains: { wrap: (s) => `%${s}%`, insensitive: false, negate: false },
  $notContains: { wrap: (s) => `%${s}%`, insensitive: false, negate: true },
  $containsi: { wrap: (s) => `%${s}%`, insensitive: true, negate: false },
  $notContainsi: { wrap: (s) => `%${s}%`, insensitive: true, negate: true },
  $startsWith: { wrap: (s) => `${s}%`, insensitive: false, negate: false },
  $startsWithi: { wrap: (s) => `${s}%`, insensitive: true, negate: false },
  $endsWith: { wrap: (s) => `%${s}`, insensitive: false, negate: false },
  $endsWithi: { wrap: (s) => `%${s}`, insensitive: true, negate: false },
};

const RANGE = { $lt: '<', $lte: '<=', $gt: '>', $gte: '>=' } as const;

function compileCompare(scope: StatementScope, b: Knex.QueryBuilder, schema: Schema, alias: string, node: Compare): void {
  const { dialect } = scope.ctx;
  const field = scalarField(schema, node.field);
  const column = `${alias}.${field.column}`;
  // toDbValue returns exactly what knex binds (strings, numbers, booleans, Dates, null)
  const db = (v: FilterScalar): Knex.Value => toDbValue(field.type, v, dialect.name) as Knex.Value;
  const { op, value } = node;
  if (isTextOperator(op) && !comparesAsText(field.type)) {
    // The REST parser refuses these; other callers (GraphQL inputs) reach here with them.
    throw new ValidationError(`${op} compares text and applies to text and integer attributes, not to ${field.type} (${node.field})`, {
      key: op,
      path: `${node.field}.${op}`,
    });
  }
  switch (op) {
    case '$eq':
      if (Array.isArray(value)) compileIn(b, column, value.map(db));
      else if (value === null) b.whereNull(column);
      else b.where(column, db(value as FilterScalar));
      return;
    case '$ne':
      if (value === null) b.whereNotNull(column);
      else b.where(column, '<>', db(value as FilterScalar));
      return;
    case '$eqi':
      b.where(dialect.equalsInsensitive(column, asText(value)));
      return;
    case '$nei':
      b.whereNotNull(column).whereNot(dialect.equalsInsensitive(column, asText(value)));
      return;
    case '$lt':
    case '$lte':
    case '$gt':
    case '$gte':
      b.where(column, RANGE[op], db(asList(value)[0] ?? null));
      return;
    case '$in':
      compileIn(b, column, asList(value).map(db));
      return;
    case '$notIn': {
      // a NULL in a NOT IN list makes it match nothing at all; dropping it keeps the obvious meaning
      const list = asList(value).filter((v) => v !== null).map(db);
      if (list.length === 0) b.whereRaw(MATCH_ALL);
      else b.whereNotIn(column, list);
      return;
    }
    case '$between': {
      const [low = null, high = null] = asList(value);
      b.whereBetween(column, [db(low), db(high)]);
      return;
    }
    case '$null':
      if (asFlag(value)) b.whereNull(column);
      else b.whereNotNull(column);
      return;
    case '$notNull':
      if (asFlag(value)) b.whereNotNull(column);
      else b.whereNull(column);
      return;
    case '$contains':
    case '$notContains':
    case '$containsi':
    case '$notContainsi':
    case '$startsWith':
    case '$startsWithi':
    case '$endsWith':
    case '$endsWithi': {
      const pattern = PATTERNS[op];
      const match = dialect.like(column, pattern.wrap(escapeLike(asText(value))), pattern.insensitive);
      if (pattern.negate) b.whereNotNull(column).whereNot(match);
      else b.where(match);
      return;
    }
    default:
      assertNever(op);
  }
}

function compileIn(b: Knex.QueryBuilder, column: string, list: readonly Knex.Value[]): void {
  if (list.length === 0) b.whereRaw(MATCH_NONE);
  else b.whereIn(column, list);
}
