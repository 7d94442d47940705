/**
 * The one Koa-style `ctx` type of the Strapi adapter (`KoaContext`) and the parts of it every
 * ctx shares, over a Fastify request/reply. Three places hand project code a ctx, each this type
 * with its own additions: `config/middlewares` ones (`koaContext` here: read the path, method,
 * headers, query and state; set headers, status and body; call `await next()`), controllers,
 * policies and route middlewares (rest/rest-context.ts: params, Strapi's response helpers), and
 * GraphQL policies and resolver middlewares as `context.http` (graphql/request-state.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

/** What every Koa-style ctx offers: the request as read, and `ctx.state`. */
export interface KoaContext<State = Record<string, unknown>> {
  readonly request: { readonly method: string; readonly url: string; readonly headers: FastifyRequest['headers']; readonly body: unknown };
  readonly method: string;
  readonly url: string;
  readonly headers: FastifyRequest['headers'];
  readonly state: State;
}

/** A ctx that answers over the reply: headers, status and body (middlewares, controllers). */
export interface KoaReplyContext<State = Record<string, unknown>> extends KoaContext<State> {
  readonly path: string;
  status: number;
  body: unknown;
  set(name: string | Record<string, string>, value?: string): void;
  get(name: string): string;
}

/** `ctx.url` split as Koa does, and `ctx.set` / `ctx.get` over the reply and the request headers. */
export function replyAccess(request: FastifyRequest, reply: FastifyReply): Pick<KoaReplyContext, 'url' | 'path' | 'set' | 'get'> & { setHeader(name: string, value: string): void } {
  const url = request.url;
  const setHeader = (name: string, value: string): void => {
    reply.header(name, value);
  };
  return {
    url,
    path: url.split('?')[0] ?? url,
    setHeader,
    set(name, value) {
      if (typeof name === 'string') setHeader(name, value ?? '');
      else for (const [k, v] of Object.entries(name)) setHeader(k, v);
    },
    get: (name) => String(request.headers[name.toLowerCase()] ?? ''),
  };
}

export interface KoaLikeContext extends KoaReplyContext {
  readonly request: KoaContext['request'] & { path: string; header: FastifyRequest['headers']; query: unknown };
  readonly query: unknown;
  remove(name: string): void;
  throw(status: number, message?: string): never;
  readonly response: { set(name: string, value: string): void; get(name: string): unknown; remove(name: string): void };
}

export class KoaHttpError extends Error {
  constructor(readonly statusCode: number, message: string) {
    super(message);
  }
}

export function koaContext(request: FastifyRequest, reply: FastifyReply): KoaLikeContext & { bodyWasSet(): boolean } {
  const { url, path, setHeader, set, get } = replyAccess(request, reply);
  let body: unknown;
  let bodySet = false;
  return {
    request: { path, url, method: request.method, headers: request.headers, header: request.headers, query: request.query, body: request.body },
    path,
    url,
    method: request.method,
    headers: request.headers,
    query: request.query,
    state: {},
    get status() { return reply.statusCode; },
    set status(code: number) { reply.code(code); },
    get body() { return body; },
    set body(value: unknown) { body = value; bodySet = true; },
    set,
    get,
    remove: (name) => { reply.removeHeader(name); },
    throw(status, message) { throw new KoaHttpError(status, message ?? 'Error'); },
    response: { set: setHeader, get: (name) => reply.getHeader(name), remove: (name) => { reply.removeHeader(name); } },
    bodyWasSet: () => bodySet,
  };
}
