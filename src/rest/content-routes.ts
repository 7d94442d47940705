/**
 * REST routes of every `api::` content type, Strapi 5's shape: collection types at
 * `/api/:pluralName[/:documentId]`, single types at `/api/:singularName`. Handlers only parse
 * the request, call the operation layer (permissions, sanitising, policies, middlewares,
 * lifecycles, repository) with the request as caller, and shape the reply. Each operation is
 * prepared once per route: its parser runs after the permission check.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TransportContext } from '../transport/transport-context.js';
import { MethodNotAllowedError, ValidationError } from '../errors/index.js';
import { sendNotFound } from './error-body.js';
import type { ContentType } from '../model/types.js';
import type { Selection } from '../query/ast.js';
import { callerOf as caller } from './request-caller.js';
import { parseLocale } from '../query/parse-locale.js';
import { parseRestQuery, parseSelection } from '../query/parse-rest-query.js';
import { requestQuery } from './request-query.js';

type Request = FastifyRequest<{ Params: { documentId?: string } }>;

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

const single = (data: unknown) => ({ data, meta: {} });

export function registerContentRoutes(ctx: TransportContext, schema: ContentType): void {
  const ops = ctx.operations.forType(schema.uid);
  const queryCtx = { registry: ctx.registry, rest: ctx.rest };
  /** Without query parameters the selection is always the same (frozen): parsed once, on first use. */
  let bare: Selection | undefined;
  const selection = (request: FastifyRequest): Selection => {
    const query = requestQuery(request);
    if (Object.keys(query).length > 0) return parseSelection(query, schema.uid, queryCtx);
    bare ??= parseSelection(query, schema.uid, queryCtx);
    return bare;
  };
  /** a collection type's documentId; a single type's one document (null) */
  const documentId = (request: Request): string | null => request.params.documentId ?? null;
  const write = (request: Request) => {
    const sel = selection(request);
    return { documentId: documentId(request), data: bodyData(request), status: sel.status, selection: sel };
  };
  const findMany = ops.prepare('findMany', (request: Request) => ({ query: parseRestQuery(requestQuery(request), schema.uid, queryCtx) }));
  const findOne = ops.prepare('findOne', (request: Request) => ({ documentId: request.params.documentId ?? '', selection: selection(request) }));
  const findFirst = ops.prepare('findFirst', (request: Request) => ({ selection: selection(request) }));
  const create = ops.prepare('create', (request: Request) => {
    const sel = selection(request);
    return { data: bodyData(request), status: sel.status, selection: sel };
  });
  // a single type's PUT: one transaction under the type's lock, so concurrent first PUTs still make one document
  const update = ops.prepare('update', write);
  // `locale` (localized types): that version; `*`: every version
  const remove = ops.prepare('delete', (request: Request) => ({ documentId: documentId(request), locale: parseLocale(requestQuery(request).locale, schema) }));

  // a missing document: the route answers nothing, and Strapi's 404 follows (not a thrown error)
  const get = async (request: Request, reply: FastifyReply) => {
    const entry = await (schema.kind === 'singleType' ? findFirst : findOne)(caller(request), request);
    return entry === null ? sendNotFound(reply) : single(entry);
  };
  const put = async (request: Request, reply: FastifyReply) => {
    const entry = await update(caller(request), request);
    return entry === null ? sendNotFound(reply) : single(entry);
  };
  const del = async (request: Request, reply: FastifyReply) => {
    const entry = await remove(caller(request), request);
    return entry === null ? sendNotFound(reply) : reply.code(204).send();
  };

  if (schema.kind === 'singleType') {
    const path = `/${schema.singularName}`;
    ctx.server.get(path, get);
    ctx.server.put(path, put);
    ctx.server.delete(path, del);
    ctx.server.route({ method: ['POST', 'PATCH'], url: path, handler: notAllowed });
    return;
  }

  const base = `/${schema.pluralName}`;
  const item = `${base}/:documentId`;
  ctx.server.get(base, async (request: Request) => {
    const page = await findMany(caller(request), request);
    return { data: page.entries, meta: { pagination: page.pagination } };
  });
  ctx.server.get(item, get);
  ctx.server.post(base, async (request: Request, reply) => reply.code(201).send(single(await create(caller(request), request))));
  ctx.server.put(item, put);
  ctx.server.delete(item, del);
  ctx.server.route({ method: ['PUT', 'DELETE', 'PATCH'], url: base, handler: notAllowed });
  ctx.server.route({ method: ['POST', 'PATCH'], url: item, handler: notAllowed });
}
