/**
 * Root mutation resolvers with the v4 plugin's draft/publish rules (decisions.md "GraphQL writes
 * and draft/publish"): `create<Type>` makes a draft unless `data.publishedAt` is given;
 * `update<Type>` on a published document changes what is live, `data.publishedAt: null`
 * unpublishes, a value publishes; `delete<Type>` returns the deleted entity. Unknown ids are a
 * NOT_FOUND error. Validation is the document service's, the same as REST.
 */
import type { GraphQLFieldResolver } from 'graphql';
import { NotFoundError } from '../../errors/index.js';
import type { ContentType } from '../../model/types.js';
import type { PublicationStatus } from '../../query/ast.js';
import type { GraphqlContext } from '../context.js';
import { resolveFileIds } from './file-ids.js';
import type { EntityResponseValue } from './nested-fields.js';
import { entitySelection, readDocument } from './query-resolvers.js';

type Data = Record<string, unknown>;
type Resolver<Args> = GraphQLFieldResolver<unknown, GraphqlContext, Args, Promise<EntityResponseValue>>;

/** `publishedAt` is an instruction, not a value the document service stores. */
function splitPublishedAt(data: Data): { rest: Data; publishedAt: unknown } {
  const { publishedAt, ...rest } = { ...data };
  return { rest, publishedAt };
}

function notFound(contentType: ContentType, id: string): NotFoundError {
  return new NotFoundError(`${contentType.displayName} with id "${id}" not found`, { id });
}

export function createResolver(contentType: ContentType): Resolver<{ data: Data }> {
  return async (_source, args, ctx, info) => {
    await ctx.authorize('create', contentType.uid);
    const { rest, publishedAt } = splitPublishedAt(args.data);
    await ctx.checkWrite(contentType.uid, rest);
    const status: PublicationStatus = !contentType.draftAndPublish || (publishedAt !== undefined && publishedAt !== null) ? 'published' : 'draft';
    const selection = await entitySelection(contentType, ctx, info, status);
    const data = await resolveFileIds(rest, contentType, ctx);
    return { data: await ctx.repository(contentType.uid).create(data, { status, author: await ctx.author() }, selection) };
  };
}

async function statusForUpdate(contentType: ContentType, ctx: GraphqlContext, documentId: string, publishedAt: unknown): Promise<PublicationStatus> {
  if (!contentType.draftAndPublish) return 'published';
  if (publishedAt === null) return 'draft';
  if (publishedAt !== undefined) return 'published';
  const live = await ctx.repository(contentType.uid).findOne(documentId, { fields: [], populate: [], status: 'published' });
  return live ? 'published' : 'draft';
}

async function updateDocument(contentType: ContentType, ctx: GraphqlContext, documentId: string, input: Data, info: Parameters<Resolver<unknown>>[3]) {
  const repository = ctx.repository(contentType.uid);
  const { rest, publishedAt } = splitPublishedAt(input);
  await ctx.checkWrite(contentType.uid, rest);
  const status = await statusForUpdate(contentType, ctx, documentId, publishedAt);
  const selection = await entitySelection(contentType, ctx, info, status);
  const data = await resolveFileIds(rest, contentType, ctx);
  const unpublish = contentType.draftAndPublish && publishedAt === null;
  return repository.update(documentId, data, { status, unpublish, author: await ctx.author() }, selection);
}

export function updateResolver(contentType: ContentType): Resolver<{ id: string; data: Data }> {
  return async (_source, args, ctx, info) => {
    await ctx.authorize('update', contentType.uid);
    const updated = await updateDocument(contentType, ctx, args.id, args.data, info);
    if (!updated) throw notFound(contentType, args.id);
    return { data: updated };
  };
}

export function deleteResolver(contentType: ContentType): Resolver<{ id: string }> {
  return async (_source, args, ctx, info) => {
    await ctx.authorize('delete', contentType.uid);
    const selection = await entitySelection(contentType, ctx, info, 'published');
    const entry = await readDocument(contentType, ctx, args.id, selection);
    if (!entry || !(await ctx.repository(contentType.uid).delete(args.id))) throw notFound(contentType, args.id);
    return { data: entry };
  };
}

/** Single types: `update<Type>(data)` creates the document when there is none yet. */
export function updateSingleResolver(contentType: ContentType): Resolver<{ data: Data }> {
  return async (_source, args, ctx, info) => {
    await ctx.authorize('update', contentType.uid);
    const existing = await ctx.repository(contentType.uid).singleDocumentId();
    if (existing !== null) return { data: await updateDocument(contentType, ctx, existing, args.data, info) };
    const { rest, publishedAt } = splitPublishedAt(args.data);
    await ctx.checkWrite(contentType.uid, rest);
    const status: PublicationStatus = !contentType.draftAndPublish || (publishedAt !== undefined && publishedAt !== null) ? 'published' : 'draft';
    const selection = await entitySelection(contentType, ctx, info, status);
    return { data: await ctx.repository(contentType.uid).create(await resolveFileIds(rest, contentType, ctx), { status, author: await ctx.author() }, selection) };
  };
}

export function deleteSingleResolver(contentType: ContentType): Resolver<Record<string, never>> {
  return async (_source, _args, ctx, info) => {
    await ctx.authorize('delete', contentType.uid);
    const selection = await entitySelection(contentType, ctx, info, 'published');
    const documentId = await ctx.repository(contentType.uid).singleDocumentId();
    if (documentId === null) return { data: null };
    const entry = await readDocument(contentType, ctx, documentId, selection);
    await ctx.repository(contentType.uid).delete(documentId);
    return { data: entry };
  };
}
