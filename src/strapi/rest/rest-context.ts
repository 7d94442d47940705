/**
 * The Koa-style `ctx` Strapi controllers, policies and route middlewares are written against,
 * over one Fastify request: `ctx.query` (writable: a route middleware may set
 * `ctx.query.populate` before the core controller reads it), `ctx.params`, `ctx.request.body`,
 * `ctx.state.user` / `ctx.state.auth`, `ctx.body`, `ctx.status`, `ctx.set`, and Strapi's
 * response helpers, which throw the error a client then gets in the one error shape.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  BadRequestError,
  ForbiddenError,
  HttpClientError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
  type ErrorDetails,
} from '../../errors/index.js';
import type { Caller } from '../../operations/types.js';
import { replyAccess, type KoaReplyContext } from '../koa-context.js';

export interface RestState extends Record<string, unknown> {
  user?: unknown;
  auth?: { strategy: { name: string }; credentials: unknown };
  route?: { method: string; path: string; handler: string };
}

export interface RestContext extends KoaReplyContext<RestState> {
  readonly request: {
    readonly method: string;
    readonly url: string;
    readonly path: string;
    readonly headers: FastifyRequest['headers'];
    readonly header: FastifyRequest['headers'];
    body: unknown;
    query: Record<string, unknown>;
    readonly ip: string;
  };
  query: Record<string, unknown>;
  params: Record<string, string>;
  throw(status: number, message?: string, details?: ErrorDetails): never;
  badRequest(message?: string, details?: ErrorDetails): never;
  unauthorized(message?: string, details?: ErrorDetails): never;
  forbidden(message?: string, details?: ErrorDetails): never;
  notFound(message?: string, details?: ErrorDetails): never;
  /** the caller the operation layer sees for this request (the route's `auth` carried along) */
  readonly caller: Caller;
}

/** What the route pipeline reads back once the chain is done. */
export interface RestContextHandle {
  readonly ctx: RestContext;
  bodySet(): boolean;
  statusSet(): boolean;
}

export function createRestContext(
  request: FastifyRequest,
  reply: FastifyReply,
  query: Record<string, unknown>,
  auth: Caller['auth'],
  /** the permission the route checked (`Caller.checked`) */
  checked?: string,
): RestContextHandle {
  const { url, path, set, get } = replyAccess(request, reply);
  let body: unknown;
  let bodySet = false;
  let statusSet = false;
  const req = { method: request.method, url, path, headers: request.headers, header: request.headers, body: request.body, query, ip: request.ip };
  let caller: Caller | undefined;
  const ctx: RestContext = {
    request: req,
    // one object behind ctx.query and ctx.request.query, as in Koa: setting either is seen by both
    get query() { return req.query; },
    set query(value: Record<string, unknown>) { req.query = value; },
    params: { ...(request.params as Record<string, string>) },
    state: {},
    method: request.method,
    url,
    path,
    headers: request.headers,
    get body() { return body; },
    set body(value: unknown) { body = value; bodySet = true; },
    get status() { return reply.statusCode; },
    set status(code: number) { reply.code(code); statusSet = true; },
    set,
    get,
    throw(status, message, details) {
      if (status === 400) throw new ValidationError(message, details);
      if (status >= 500) throw new Error(message ?? `HTTP ${status}`);
      throw new HttpClientError(status, message);
    },
    badRequest: (message, details) => { throw new BadRequestError(message, details); },
    unauthorized: (message, details) => { throw new UnauthorizedError(message, details); },
    forbidden: (message, details) => { throw new ForbiddenError(message, details); },
    notFound: (message, details) => { throw new NotFoundError(message, details); },
    get caller() {
      caller ??= checked === undefined ? { request, auth, transport: ctx } : { request, auth, transport: ctx, checked };
      return caller;
    },
  };
  return { ctx, bodySet: () => bodySet, statusSet: () => statusSet };
}
