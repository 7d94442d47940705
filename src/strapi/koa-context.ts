/**
 * A Koa-shaped `ctx` over a Fastify request/reply, enough for the custom middlewares Strapi
 * projects write (read the path, method, headers, query and state; set headers, status and
 * body; call `await next()`).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface KoaLikeContext {
  readonly request: { path: string; url: string; method: string; headers: FastifyRequest['headers']; header: FastifyRequest['headers']; query: unknown; body: unknown };
  readonly path: string;
  readonly url: string;
  readonly method: string;
  readonly headers: FastifyRequest['headers'];
  readonly query: unknown;
  readonly state: Record<string, unknown>;
  status: number;
  body: unknown;
  set(name: string | Record<string, string>, value?: string): void;
  get(name: string): string;
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
  const url = request.url;
  const path = url.split('?')[0] ?? url;
  let body: unknown;
  let bodySet = false;
  const setHeader = (name: string, value: string): void => {
    reply.header(name, value);
  };
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
    set(name, value) {
      if (typeof name === 'string') setHeader(name, value ?? '');
      else for (const [k, v] of Object.entries(name)) setHeader(k, v);
    },
    get: (name) => String(request.headers[name.toLowerCase()] ?? ''),
    remove: (name) => { reply.removeHeader(name); },
    throw(status, message) { throw new KoaHttpError(status, message ?? 'Error'); },
    response: { set: setHeader, get: (name) => reply.getHeader(name), remove: (name) => { reply.removeHeader(name); } },
    bodyWasSet: () => bodySet,
  };
}
