/**
 * Root query resolvers: `<plural>`, `<singular>(id)` and the single-type `<singular>`. Each
 * asks the permission seam first, turns its arguments and selection into one AST query, and
 * makes one repository call for the whole selected tree.
 */
import type { GraphQLFieldResolver } from 'graphql';
import type { Entry } from '../../engine/types.js';
import type { Page } from '../../documents/types.js';
import type { ContentType } from '../../model/types.js';
import type { Pagination, Selection } from '../../query/ast.js';
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
import { prunePopulate } from './prune-populate.js';
import { rootSelection } from './selection-to-populate.js';

export interface FindArgs {
  readonly filters?: unknown;
  readonly pagination?: PaginationArgInput | null;
  readonly sort?: readonly (string | null)[] | null;
  readonly publicationState?: PublicationStateValue | null;
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

function totalOf(page: Page): number | undefined {
  return page.pagination.total;
}

export function findResolver(contentType: ContentType): GraphQLFieldResolver<unknown, GraphqlContext, FindArgs, Promise<EntityResponseCollectionValue>> {
  return async (_source, args, ctx, info) => {
    await ctx.authorize('find', contentType.uid);
    const status = parsePublicationState(args.publicationState, contentType.draftAndPublish);
    const filters = parseGraphqlFilters(args.filters, contentType, ctx.registry);
    const sort = parseGraphqlSort(args.sort, contentType, ctx.registry);
    const selected = rootSelection(info, contentType, ctx.registry, 'collection', ctx.deferred, status);
    const pagination = parseGraphqlPagination(args.pagination, ctx.limits, selected.wantsTotal);
    const populate = await prunePopulate(selected.populate, contentType, ctx);
    const repository = ctx.repository(contentType.uid);
    const query = await ctx.sanitize(contentType.uid, { filters, sort, pagination, fields: selected.fields, populate, status }, 'find');
    const page = await repository.findPage(query);
    return {
      data: page.entries,
      meta: {
        async pagination() {
          return paginationInfo(pagination, totalOf(page) ?? (selected.wantsTotal ? await repository.count(filters, status) : 0));
        },
      },
    };
  };
}

/** The selection a single-entry read or a mutation response needs. */
export async function entitySelection(
  contentType: ContentType,
  ctx: GraphqlContext,
  info: Parameters<GraphQLFieldResolver<unknown, GraphqlContext>>[3],
  status: Selection['status'],
): Promise<Selection> {
  const selected = rootSelection(info, contentType, ctx.registry, 'entity', ctx.deferred, status);
  return { fields: selected.fields, populate: await prunePopulate(selected.populate, contentType, ctx), status };
}

/** A read's selection after the permission-aware check (401 for anonymous draft reads). */
export function sanitizedSelection(contentType: ContentType, ctx: GraphqlContext, selection: Selection, action: 'find' | 'findOne'): Promise<Selection> {
  return ctx.sanitize(contentType.uid, selection, action);
}

/**
 * A document as `<singular>(id)` and the mutations show it: its published version when it has
 * one, else its draft (v4 had one row per entry, which was the live one once published).
 */
export async function readDocument(contentType: ContentType, ctx: GraphqlContext, documentId: string, selection: Selection): Promise<Entry | null> {
  const repository = ctx.repository(contentType.uid);
  const published = await repository.findOne(documentId, { ...selection, status: 'published' });
  if (published || !contentType.draftAndPublish) return published;
  const draft = await repository.findOne(documentId, { ...selection, status: 'draft' });
  // a draft is shown only to callers who may read drafts (decisions.md "Drafts and anonymous readers")
  if (draft) await ctx.sanitize(contentType.uid, { ...selection, status: 'draft' }, 'findOne');
  return draft;
}

export function findOneResolver(contentType: ContentType): GraphQLFieldResolver<unknown, GraphqlContext, { id?: string | null }, Promise<EntityResponseValue>> {
  return async (_source, args, ctx, info) => {
    await ctx.authorize('findOne', contentType.uid);
    if (args.id === null || args.id === undefined || args.id === '') return { data: null };
    const selection = await sanitizedSelection(contentType, ctx, await entitySelection(contentType, ctx, info, 'published'), 'findOne');
    return { data: await readDocument(contentType, ctx, args.id, selection) };
  };
}

export function findSingleResolver(contentType: ContentType): GraphQLFieldResolver<unknown, GraphqlContext, FindArgs, Promise<EntityResponseValue>> {
  return async (_source, args, ctx, info) => {
    await ctx.authorize('find', contentType.uid);
    const status = parsePublicationState(args.publicationState, contentType.draftAndPublish);
    const selection = await sanitizedSelection(contentType, ctx, await entitySelection(contentType, ctx, info, status), 'find');
    return { data: await ctx.repository(contentType.uid).findSingle(selection) };
  };
}
