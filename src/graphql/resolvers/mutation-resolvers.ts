/**
 * Root mutation resolvers with the v4 plugin's draft/publish rules (decisions.md "GraphQL writes
 * and draft/publish"): `create<Type>` makes a draft unless `data.publishedAt` is given, and
 * checks required attributes unless `data.publishedAt` is null;
 * `update<Type>` on a published document changes what is live, `data.publishedAt: null`
 * unpublishes, a value publishes; `delete<Type>` returns the deleted entity. Unknown ids are a
 * NOT_FOUND error. Each parses its input and calls the operation layer, the same as REST.
 */
import type { GraphQLFieldResolver, GraphQLResolveInfo } from 'graphql';
import { NotFoundError } from '../../errors/index.js';
import type { ContentType } from '../../model/types.js';
import type { PublicationStatus, Selection } from '../../query/ast.js';
import type { WriteStatus } from '../../operations/types.js';
import type { GraphqlContext } from '../context.js';
import { resolveFileIds } from './file-ids.js';
import type { EntityResponseValue } from './nested-fields.js';
import { preparedOperation, type ResolverInput } from './prepared-operation.js';
import { entitySelection, localeParam } from './query-resolvers.js';

type Data = Record<string, unknown>;
/** `locale` (localized types): the version written, as the i18n extension's argument */
type Localized = { locale?: string | null };
type Resolver<Args> = GraphQLFieldResolver<unknown, GraphqlContext, Args, Promise<EntityResponseValue>>;

/** `publishedAt` is an instruction, not a value the document service stores. */
function splitPublishedAt(data: Data): { rest: Data; publishedAt: unknown } {
  const { publishedAt, ...rest } = { ...data };
  return { rest, publishedAt };
}

/**
 * A write's response selection, within budget; the alias variants loaded apart from it go through
 * the same permission-aware check before anything is written (a draft-status response may not
 * follow relations into other documents' drafts for the public role: a 401, as every anonymous
 * draft read). The root selection is sanitised by the operation itself.
 */
async function writeSelection(contentType: ContentType, ctx: GraphqlContext, info: GraphQLResolveInfo, status: PublicationStatus, action: 'create' | 'update'): Promise<Selection> {
  const selection = entitySelection(contentType, ctx, info, status);
  for (const load of ctx.deferred.values()) {
    await ctx.operations.forType(load.parentUid).sanitize(ctx.caller, { fields: [], populate: [load.node], status: load.status }, action);
  }
  return selection;
}

export function notFound(contentType: ContentType, id: string): NotFoundError {
  return new NotFoundError(`${contentType.displayName} with id "${id}" not found`, { id });
}

/**
 * v4's entity service validates a create as a published entry unless `publishedAt` is exactly
 * null, so a draft made by leaving `publishedAt` out still needs its required attributes.
 */
const checkRequiredOnCreate = (publishedAt: unknown): boolean => publishedAt !== null;

export function createResolver(contentType: ContentType): Resolver<{ data: Data } & Localized> {
  const create = preparedOperation(contentType.uid, 'create', async ({ args, ctx, info }: ResolverInput<{ data: Data } & Localized>) => {
    const { rest, publishedAt } = splitPublishedAt(args.data);
    const status: PublicationStatus = !contentType.draftAndPublish || (publishedAt !== undefined && publishedAt !== null) ? 'published' : 'draft';
    const selection = await writeSelection(contentType, ctx, info, status, 'create');
    return { data: await resolveFileIds(rest, contentType, ctx), status, selection, checkRequired: checkRequiredOnCreate(publishedAt), ...localeParam(contentType, args.locale) };
  });
  return async (_source, args, ctx, info) => ({ data: await create(ctx, args, info) });
}

/** `publishedAt` absent: the change goes live when the document is published (decided in the write's transaction). */
function statusForUpdate(contentType: ContentType, publishedAt: unknown): WriteStatus {
  if (!contentType.draftAndPublish) return 'published';
  if (publishedAt === null) return 'draft';
  if (publishedAt !== undefined) return 'published';
  return 'keep';
}

/** `documentId` null: the single type's one document, created when missing. */
export function updateParams(contentType: ContentType, documentId: (args: { id?: string | null }) => string | null) {
  return async ({ args, ctx, info }: ResolverInput<{ id?: string | null; data: Data } & Localized>) => {
    const { rest, publishedAt } = splitPublishedAt(args.data);
    const status = statusForUpdate(contentType, publishedAt);
    const id = documentId(args);
    const locale = localeParam(contentType, args.locale);
    // The write decides 'keep' inside its transaction; the selection (aliased fields loaded later)
    // follows the state read now, which only a concurrent publish/unpublish can change in between.
    const selectionStatus = status === 'keep' ? await ctx.operations.forType(contentType.uid).liveStatus(id, locale.locale) : status;
    const selection = await writeSelection(contentType, ctx, info, selectionStatus, 'update');
    const data = await resolveFileIds(rest, contentType, ctx);
    return { documentId: id, data, status, unpublish: contentType.draftAndPublish && publishedAt === null, selection, checkRequired: checkRequiredOnCreate(publishedAt), ...locale };
  };
}

export function updateResolver(contentType: ContentType): Resolver<{ id: string; data: Data } & Localized> {
  const update = preparedOperation(contentType.uid, 'update', updateParams(contentType, (args) => args.id ?? ''));
  return async (_source, args, ctx, info) => {
    const updated = await update(ctx, args, info);
    if (!updated) throw notFound(contentType, args.id);
    return { data: updated };
  };
}

/** Single types: `update<Type>(data)` creates the document when there is none yet (one transaction). */
export function updateSingleResolver(contentType: ContentType): Resolver<{ data: Data } & Localized> {
  const update = preparedOperation(contentType.uid, 'update', updateParams(contentType, () => null));
  return async (_source, args, ctx, info) => ({ data: await update(ctx, args, info) });
}

/** The deleted entity as `<singular>(id)` shows it, read and deleted in one transaction. */
export function deleteResolver(contentType: ContentType): Resolver<{ id: string } & Localized> {
  const remove = preparedOperation(contentType.uid, 'delete', ({ args, ctx, info }: ResolverInput<{ id: string } & Localized>) =>
    ({ documentId: args.id, selection: entitySelection(contentType, ctx, info, 'published'), live: true, ...localeParam(contentType, args.locale) }));
  return async (_source, args, ctx, info) => {
    const deleted = await remove(ctx, args, info);
    if (!deleted?.value) throw notFound(contentType, args.id);
    return { data: deleted.value };
  };
}

export function deleteSingleResolver(contentType: ContentType): Resolver<Localized> {
  const remove = preparedOperation(contentType.uid, 'delete', ({ args, ctx, info }: ResolverInput<Localized>) =>
    ({ documentId: null, selection: entitySelection(contentType, ctx, info, 'published'), live: true, ...localeParam(contentType, args.locale) }));
  return async (_source, args, ctx, info) => ({ data: (await remove(ctx, args, info))?.value ?? null });
}
