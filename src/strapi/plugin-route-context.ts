/**
 * The Koa-style `ctx` a Strapi policy or route middleware gets on a built-in plugin route (upload,
 * users-permissions) changed by a project's extension: read-only request facts
 * (`ctx.request.body`, `ctx.query`, `ctx.params`, headers), `ctx.state.user` / `ctx.state.auth`
 * of the caller, `ctx.state.route`, and the throwing helpers (`ctx.forbidden()`, …), whose
 * errors reach the client in the one error shape. After `next()` a middleware finds the
 * route's result in `ctx.body`; Vellum answers that result (a route keeps its answer's shape).
 * One ctx per operation, shared by its policies and middlewares.
 */
import type { FastifyRequest } from 'fastify';
import { BadRequestError, ForbiddenError, HttpClientError, NotFoundError, UnauthorizedError, ValidationError, type ErrorDetails } from '../errors/index.js';
import type { GuardContext } from '../transport/route-settings.js';

export interface PluginRouteContext extends Record<string, unknown> {
  readonly state: Record<string, unknown>;
  body: unknown;
}

const contexts = new WeakMap<GuardContext, PluginRouteContext>();

function stateOf(guard: GuardContext, route: Readonly<Record<string, string>>): Record<string, unknown> {
  const { actor } = guard;
  if (actor?.kind === 'user') return { route, user: actor.user, auth: { strategy: { name: 'users-permissions' }, credentials: actor.user } };
  if (actor?.kind === 'token') return { route, auth: { strategy: { name: 'api-token' }, credentials: actor.token } };
  return { route };
}

export function pluginRouteContext(guard: GuardContext, route: Readonly<Record<string, string>>): PluginRouteContext {
  const known = contexts.get(guard);
  if (known) return known;
  const request = guard.caller?.request as FastifyRequest | undefined;
  const url = request?.url ?? '';
  const path = url.split('?')[0] ?? url;
  const headers = request?.headers ?? {};
  const query = { ...((request?.query ?? {}) as Record<string, unknown>) };
  const ctx: PluginRouteContext = {
    request: { method: request?.method, url, path, headers, header: headers, body: request?.body, query, ip: request?.ip },
    query,
    params: { ...((request?.params ?? {}) as Record<string, string>) },
    state: stateOf(guard, route),
    method: request?.method,
    url,
    path,
    headers,
    body: undefined,
    get: (name: string) => String(headers[name.toLowerCase()] ?? ''),
    throw(status: number, message?: string, details?: ErrorDetails) {
      if (status === 400) throw new ValidationError(message, details);
      if (status >= 500) throw new Error(message ?? `HTTP ${status}`);
      throw new HttpClientError(status, message);
    },
    badRequest: (message?: string, details?: ErrorDetails) => { throw new BadRequestError(message, details); },
    unauthorized: (message?: string, details?: ErrorDetails) => { throw new UnauthorizedError(message, details); },
    forbidden: (message?: string, details?: ErrorDetails) => { throw new ForbiddenError(message, details); },
    notFound: (message?: string, details?: ErrorDetails) => { throw new NotFoundError(message, details); },
  };
  contexts.set(guard, ctx);
  return ctx;
}
