/**
 * `ctx.state` and the Koa-style `ctx.http` (koa-context.ts `KoaContext`) that Strapi resolver
 * middlewares and policies read, derived from the request's actor once per request.
 */
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../operations/types.js';
import type { HttpContext, RequestState } from './types.js';

export function stateOf(actor: Actor): RequestState {
  switch (actor.kind) {
    case 'user':
      return { user: actor.user, auth: { strategy: { name: 'users-permissions' }, credentials: actor.user }, isAuthenticated: true };
    case 'token':
      return { auth: { strategy: { name: 'api-token' }, credentials: actor.token }, isAuthenticated: true };
    case 'admin':
      return { auth: { strategy: { name: 'admin' }, credentials: actor.admin.user }, isAuthenticated: true };
    case 'public':
      return { auth: { strategy: { name: 'users-permissions' }, credentials: null }, isAuthenticated: false };
  }
}

export function httpContextOf(request: FastifyRequest, state: RequestState): HttpContext {
  const headers = request.headers;
  return {
    request: { headers, method: request.method, url: request.url, ip: request.ip, body: request.body },
    state,
    headers,
    method: request.method,
    url: request.url,
  };
}
