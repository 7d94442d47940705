/**
 * Root query resolvers: `<plural>`, `<singular>(id)` and the single-type `<singular>`. Each turns
 * its arguments and selection into one AST query and makes one call to the operation layer
 * (permission check, sanitising, policies, middlewares, lifecycles) for the whole selected tree.
 */
import type { GraphQLFieldResolver, GraphQLResolveInfo } from 'graphql';
import type { PaginationMeta } from '../../operations/types.js';
import type { ContentType } from '../../model/types.js';
import type { Pagination, Query, Selection } from '../../query/ast.js';
import { checkQueryCost } from '../../query/query-cost.js';
import { parseLocale } from '../../query/parse-locale.js';
import {
  parseGraphqlFilters,
  parseGraphqlPagination,
  parseGraphqlSort,
  parsePublicationState,
  type PaginationArgInput,
} from '../../query/parse-graphql-args.js';
import type { GraphqlContext } from '../context.js';
import type { EntityResponseCollectionValue } from '../schema/content-types.js';
import type { PaginationInfo, PublicationStateValue } from '../schema/shared-types.js';
import type { EntityResponseValue } from './nested-fields.js';
import { preparedOperation } from './prepared-operation.js';
import { rootSelection } from './selection-to-populate.js';

export interface FindArgs {
  readonly filters?: unknown;
  readonly pagination?: PaginationArgInput | null;
  readonly sort?: readonly (string | null)[] | null;
  readonly publicationState?: PublicationStateValue | null;
  /** localized types (the i18n extension's `I18NLocaleCode`) */
  readonly locale?: string | null;
}

/** `{ locale }` of a localized type's root field (`all` → every locale); {} when absent or not localized. */
export function localeParam(contentType: ContentType, locale: string | null | undefined): { locale?: string } {
  const parsed = parseLocale(locale ?? undefined, contentType);
  return parsed === undefined ? {} : { locale: parsed };
}

/** v4 `meta.pagination`: always page-shaped, offset requests converted. */
export function paginationInfo(pagination: Pagination, total: number): PaginationInfo {
  if (pagination.kind === 'page') {
    const { page, pageSize } = pagination;
    return { total, page, pageSize, pageCount: pageSize > 0 ? Math.ceil(total / pageSize) : 0 };
  }
  const { start, limit } = pagination;
  if (limit <= 0) return { total, page: 1, pageSize: 0, pageCount: 0 };
  return { total, page: Math.floor(start / limit) + 1, pageSize: limit, pageCount: Math.ceil(total / limit) };
}

/** The page's `meta.pagination` in v4's shape (total counted only when the selection asks for it). */
function pageInfo(meta: PaginationMeta): PaginationInfo {
  const total = meta.total ?? 0;
  return 'page' in meta
    ? paginationInfo({ kind: 'page', page: meta.page, pageSize: meta.pageSize, withCount: false }, total)
    : paginationInfo({ kind: 'offset', start: meta.start, limit: meta.limit, withCount: false }, total);
}

/** The query budget of REST, over the root query and the alias variants it loads apart. */
export function checkCost<Q extends Selection & Partial<Pick<Query, 'filters' | 'sort'>>>(ctx: GraphqlContext, query: Q): Q {
  checkQueryCost({ ...query, populate: [...query.populate, ...[...ctx.deferred.values()].map((load) => load.node)] }, ctx.budget);
  return query;
}

/** The selection a single-entry read or a mutation response needs, within budget (sanitised by the operation layer). */
export function entitySelection(contentType: ContentType, ctx: GraphqlContext, info: GraphQLResolveInfo, status: Selection['status']): Selection {
  const selected = rootSelection(info, contentType, ctx.registry, 'entity', ctx.deferred, status);
  return checkCost(ctx, { fields: selected.fields, populate: selected.populate, status });
}

export function findResolver(contentType: ContentType): GraphQLFieldResolver<unknown, GraphqlContext, FindArgs, Promise<EntityResponseCollectionValue>> {
  const findMany = preparedOperation(contentType.uid, 'findMany', ({ args, ctx, info }: { args: FindArgs; ctx: GraphqlContext; info: GraphQLResolveInfo }) => {
    const status = parsePublicationState(args.publicationState, contentType.draftAndPublish);
    const filters = parseGraphqlFilters(args.filters, contentType, ctx.registry);
    const sort = parseGraphqlSort(args.sort, contentType, ctx.registry);
    const selected = rootSelection(info, contentType, ctx.registry, 'collection', ctx.deferred, status);
    const pagination = parseGraphqlPagination(args.pagination, ctx.limits, selected.wantsTotal);
    return { query: checkCost(ctx, { filters, sort, pagination, fields: selected.fields, populate: selected.populate, status, ...localeParam(contentType, args.locale) }) };
  });
  return async (_source, args, ctx, info) => {
    const page = await findMany(ctx, args, info);
    return { data: page.entries, meta: { pagination: async () => pageInfo(page.pagination) } };
  };
}

type FindOneArgs = { id?: string | null; locale?: string | null };

export function findOneResolver(contentType: ContentType): GraphQLFieldResolver<unknown, GraphqlContext, FindOneArgs, Promise<EntityResponseValue>> {
  // v4 had one row per entry, the live one once published: the published version, else the draft
  const findOne = preparedOperation(contentType.uid, 'findOne', ({ args, ctx, info }: { args: FindOneArgs; ctx: GraphqlContext; info: GraphQLResolveInfo }) =>
    ({ documentId: args.id ?? '', selection: entitySelection(contentType, ctx, info, 'published'), live: true, ...localeParam(contentType, args.locale) }));
  return async (_source, args, ctx, info) => {
    if (args.id === null || args.id === undefined || args.id === '') {
      await ctx.operations.forType(contentType.uid).check(ctx.caller, 'findOne');
      return { data: null };
    }
    return { data: await findOne(ctx, args, info) };
  };
}

export function findSingleResolver(contentType: ContentType): GraphQLFieldResolver<unknown, GraphqlContext, FindArgs, Promise<EntityResponseValue>> {
  const findFirst = preparedOperation(contentType.uid, 'findFirst', ({ args, ctx, info }: { args: FindArgs; ctx: GraphqlContext; info: GraphQLResolveInfo }) =>
    ({ selection: entitySelection(contentType, ctx, info, parsePublicationState(args.publicationState, contentType.draftAndPublish)), ...localeParam(contentType, args.locale) }));
  return async (_source, args, ctx, info) => ({ data: await findFirst(ctx, args, info) });
}
