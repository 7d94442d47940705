/**
 * REST routes of every `api::` content type, Strapi 5's shape: collection types at
 * `/api/:pluralName[/:documentId]`, single types at `/api/:singularName`. Controllers only
 * parse, authorize, call the document repository and shape the reply.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ContentAction, TransportContext } from '../app/plugin-context.js';
import { MethodNotAllowedError, NotFoundError, ValidationError } from '../errors/index.js';
import type { ContentType } from '../model/types.js';
import { parseRestQuery, parseSelection } from '../query/parse-rest-query.js';
import { requestQuery } from './request-query.js';

type Params = { documentId: string };

/** `{ data: {...} }` of a write request. */
function bodyData(request: FastifyRequest): Record<string, unknown> {
  const body = request.body as { data?: unknown } | undefined | null;
  const data = typeof body === 'object' && body !== null ? body.data : undefined;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new ValidationError('Missing "data" payload in the request body');
  }
  return data as Record<string, unknown>;
}

const notAllowed = async (): Promise<never> => {
  throw new MethodNotAllowedError();
};

export function registerContentRoutes(ctx: TransportContext, schema: ContentType): void {
  const repo = ctx.repository(schema.uid);
  const queryCtx = { registry: ctx.registry, rest: ctx.rest };
  // Every parsed query goes through the permission-aware sanitiser before the repository.
  const selection = (request: FastifyRequest, action: ContentAction) =>
    ctx.auth.sanitizeQuery(request, schema.uid, parseSelection(requestQuery(request), schema.uid, queryCtx), action);
  /** the body's `data`, after checking it names no relation target the actor cannot read */
  /** The authenticated user's documentId, recorded as `createdBy`/`updatedBy` where the type keeps them. */
  const author = async (request: FastifyRequest): Promise<string | undefined> => {
    const actor = await ctx.auth.actor(request);
    return actor.kind === 'user' ? String(actor.user.documentId) : undefined;
  };
  const writeData = async (request: FastifyRequest) => {
    const data = bodyData(request);
    await ctx.auth.checkWrite(request, schema.uid, data);
    return data;
  };
  const single = (data: unknown) => ({ data, meta: {} });

  if (schema.kind === 'singleType') {
    const path = `/${schema.singularName}`;
    ctx.server.get(path, async (request) => {
      await ctx.authorize(request, 'find', schema.uid);
      const entry = await repo.findSingle(await selection(request, 'find'));
      if (!entry) throw new NotFoundError();
      return single(entry);
    });
    ctx.server.put(path, async (request) => {
      await ctx.authorize(request, 'update', schema.uid);
      const sel = await selection(request, 'update');
      const data = await writeData(request);
      const existing = await repo.singleDocumentId();
      const entry = existing !== null
        ? await repo.update(existing, data, { status: sel.status, author: await author(request) }, sel)
        : await repo.create(data, { status: sel.status, author: await author(request) }, sel);
      return single(entry);
    });
    ctx.server.delete(path, async (request, reply: FastifyReply) => {
      await ctx.authorize(request, 'delete', schema.uid);
      const existing = await repo.singleDocumentId();
      if (existing === null || !(await repo.delete(existing))) throw new NotFoundError();
      return reply.code(204).send();
    });
    ctx.server.route({ method: ['POST', 'PATCH'], url: path, handler: notAllowed });
    return;
  }

  const base = `/${schema.pluralName}`;
  const item = `${base}/:documentId`;

  ctx.server.get(base, async (request) => {
    await ctx.authorize(request, 'find', schema.uid);
    const query = await ctx.auth.sanitizeQuery(request, schema.uid, parseRestQuery(requestQuery(request), schema.uid, queryCtx), 'find');
    const page = await repo.findPage(query);
    return { data: page.entries, meta: { pagination: page.pagination } };
  });
  ctx.server.get<{ Params: Params }>(item, async (request) => {
    await ctx.authorize(request, 'findOne', schema.uid);
    const entry = await repo.findOne(request.params.documentId, await selection(request, 'findOne'));
    if (!entry) throw new NotFoundError();
    return single(entry);
  });
  ctx.server.post(base, async (request, reply) => {
    await ctx.authorize(request, 'create', schema.uid);
    const sel = await selection(request, 'create');
    const entry = await repo.create(await writeData(request), { status: sel.status, author: await author(request) }, sel);
    return reply.code(201).send(single(entry));
  });
  ctx.server.put<{ Params: Params }>(item, async (request) => {
    await ctx.authorize(request, 'update', schema.uid);
    const sel = await selection(request, 'update');
    const entry = await repo.update(request.params.documentId, await writeData(request), { status: sel.status, author: await author(request) }, sel);
    if (!entry) throw new NotFoundError();
    return single(entry);
  });
  ctx.server.delete<{ Params: Params }>(item, async (request, reply) => {
    await ctx.authorize(request, 'delete', schema.uid);
    if (!(await repo.delete(request.params.documentId))) throw new NotFoundError();
    return reply.code(204).send();
  });
  ctx.server.route({ method: ['PUT', 'DELETE', 'PATCH'], url: base, handler: notAllowed });
  ctx.server.route({ method: ['POST', 'PATCH'], url: item, handler: notAllowed });
}
