/**
 * Resolvers of relation, media, component and dynamic-zone fields. They never query: the root
 * resolver loaded the whole selected tree in one repository call (see `selection-to-populate.ts`),
 * so these read the populated values and wrap them in the v4 envelope. Nested `pagination` is
 * applied here, by slicing the loaded list (the AST's populate has no pagination; filters and
 * sort were part of the populate). Alias variants with their own filters or sort come from a
 * deferred, batched load instead; component fields note the owner of the component entries
 * they hand on, so a variant below them finds its document.
 */
import type { GraphQLFieldResolver, GraphQLResolveInfo } from 'graphql';
import type { Entry } from '../../operations/types.js';
import { ForbiddenError } from '../../errors/index.js';
import { nestedListWindow, type PaginationArgInput } from '../../query/parse-graphql-args.js';
import type { GraphqlContext } from '../context.js';
import { deferredValue, noteOwner } from './deferred-loads.js';
import { isRecord } from '../../util/is-record.js';

type Parent = Readonly<Record<string, unknown>>;
interface ListArgs {
  readonly pagination?: PaginationArgInput | null;
}

export interface EntityResponseValue {
  readonly data: Entry | null;
}
export interface RelationCollectionValue {
  readonly data: readonly Entry[];
}

/**
 * The field's loaded value. A relation the query asked for but the answer lacks was left out by
 * sanitising for want of `find` on its type: the v4 plugin answers `Forbidden access` there.
 */
function loaded(parent: Parent, attribute: string, targetUid: string, ctx: GraphqlContext): unknown {
  const value = parent[attribute];
  if (value !== undefined) return value;
  return ctx.operations.mayFind(ctx.caller, targetUid).then((allowed) => {
    if (!allowed) throw new ForbiddenError('Forbidden access');
    return undefined;
  });
}

function asEntry(value: unknown): Entry | null {
  return isRecord(value) ? (value as Entry) : null;
}

function asList(value: unknown): Entry[] {
  if (Array.isArray(value)) return value.filter((item): item is Entry => asEntry(item) !== null);
  const single = asEntry(value);
  return single ? [single] : [];
}

function slice<T>(list: readonly T[], args: ListArgs, ctx: GraphqlContext): T[] {
  const { start, limit } = nestedListWindow(args.pagination, ctx.limits);
  return list.slice(start, start + limit);
}

/**
 * The loaded value of the field for `parent`, mapped; from a deferred alias load when the field
 * is one (see deferred-loads.ts).
 */
function withValue<T>(
  parent: Parent, ctx: GraphqlContext, info: GraphQLResolveInfo, attribute: string, targetUid: string | null, map: (value: unknown) => T,
): T | Promise<T> {
  const deferred = deferredValue(parent, ctx, info);
  if (deferred) return deferred.then(map);
  if (targetUid === null) return map(parent[attribute]);
  const value = loaded(parent, attribute, targetUid, ctx);
  return value instanceof Promise ? value.then(map) : map(value);
}

/** to-one relation or single media: `<Target>EntityResponse` */
export function toOneResolver(attribute: string, targetUid: string): GraphQLFieldResolver<Parent, GraphqlContext, unknown, EntityResponseValue | Promise<EntityResponseValue>> {
  return (parent, _args, ctx, info) =>
    withValue(parent, ctx, info, attribute, targetUid, (value) => ({ data: Array.isArray(value) ? asList(value)[0] ?? null : asEntry(value) }));
}

/** to-many relation or multiple media: `<Target>RelationResponseCollection` */
export function toManyResolver(attribute: string, targetUid: string): GraphQLFieldResolver<Parent, GraphqlContext, ListArgs, RelationCollectionValue | Promise<RelationCollectionValue>> {
  return (parent, args, ctx, info) => withValue(parent, ctx, info, attribute, targetUid, (value) => ({ data: slice(asList(value), args, ctx) }));
}

/** Component entries handed on, with their owner noted for the alias variants deferred below them. */
function owned<T extends Entry | null | readonly unknown[]>(parent: Parent, ctx: GraphqlContext, value: T): T {
  noteOwner(parent, ctx, Array.isArray(value) ? value : [value]);
  return value;
}

export function singleComponentResolver(attribute: string): GraphQLFieldResolver<Parent, GraphqlContext> {
  return (parent, _args, ctx) => owned(parent, ctx, asEntry(parent[attribute]));
}

export function repeatableComponentResolver(attribute: string): GraphQLFieldResolver<Parent, GraphqlContext, ListArgs> {
  return (parent, args, ctx, info) => withValue(parent, ctx, info, attribute, null, (value) => owned(parent, ctx, slice(asList(value), args, ctx)));
}

/** Dynamic-zone items; one whose component the zone no longer allows becomes an `Error` member. */
export function dynamicZoneResolver(attribute: string, allowed: readonly string[]): GraphQLFieldResolver<Parent, GraphqlContext> {
  return (parent, _args, ctx) =>
    owned(parent, ctx, asList(parent[attribute]).map((item) => {
      const uid = item['__component'];
      return typeof uid === 'string' && allowed.includes(uid)
        ? item
        : { __component: null, code: 'UNKNOWN_COMPONENT', message: `Unknown component ${String(uid)}` };
    }));
}
