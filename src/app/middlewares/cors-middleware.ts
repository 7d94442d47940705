/**
 * `strapi::cors` on @fastify/cors, with Strapi 5's defaults. A request without an `Origin` header
 * gets what Strapi 5 (@koa/cors 5, which no longer skips such requests) answers: its origin option
 * says `*` then, which credentials turn into the request's (absent, so empty) origin; hence
 * `Access-Control-Allow-Origin: ` (empty) and `Access-Control-Allow-Credentials: true` on every
 * answer by default, `*` without credentials. Our own hook sets these without running the plugin,
 * whose handler rebuilds its options on every request it sees.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { FastifyCorsOptions } from '@fastify/cors';
import { fastifyCors } from '../fastify-packages.js';

type Json = Record<string, unknown>;
type Hook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/**
 * Strapi 5's cors defaults: any origin, with credentials, so a request's `Origin` is echoed back
 * with `Access-Control-Allow-Credentials: true` (a browser refuses `*` with credentials);
 * preflights cached for a year. `origin` may be a list or a comma-separated string of origins.
 * `Server-Timing` is exposed in addition to Strapi's (none), so browser clients can read it.
 */
function corsOptions(config: Json): Json {
  const origin = config.origin ?? '*';
  const list = typeof origin === 'string' && origin.includes(',') ? origin.split(',').map((o) => o.trim()) : origin;
  const credentials = config.credentials ?? true;
  return {
    // `*` with credentials echoes the request's origin; without, it is sent as is
    origin: list === '*' && credentials === true ? true : list,
    methods: config.methods ?? ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'],
    allowedHeaders: config.headers ?? ['Content-Type', 'Authorization', 'Origin', 'Accept'],
    exposedHeaders: config.expose ?? ['Server-Timing'],
    credentials,
    maxAge: config.maxAge ?? 31_536_000,
  };
}

/** The headers of an answer to a request without `Origin` (not a preflight), as Strapi 5 sends them. */
function originlessHeaders(options: Json): Record<string, string> {
  const credentials = options.credentials === true;
  const headers: Record<string, string> = { 'Access-Control-Allow-Origin': credentials ? '' : '*' };
  if (credentials) headers['Access-Control-Allow-Credentials'] = 'true';
  const expose = options.exposedHeaders;
  const exposed = Array.isArray(expose) ? expose.join(',') : typeof expose === 'string' ? expose : '';
  if (exposed !== '') headers['Access-Control-Expose-Headers'] = exposed;
  return headers;
}

/**
 * Runs the plugin's own registration against a view of the server that keeps its one
 * `onRequest` hook for us instead of adding it; its request decorator and its `OPTIONS *`
 * preflight route go to the server. A plugin version that needs more of the server fails here,
 * at start-up.
 */
function pluginHook(server: FastifyInstance, options: FastifyCorsOptions): Hook {
  let hook: Hook | undefined;
  const view = {
    decorateRequest: server.decorateRequest.bind(server),
    options: server.options.bind(server),
    addHook(name: string, handler: Hook) {
      if (name !== 'onRequest' || hook) throw new Error(`@fastify/cors: unexpected ${name} hook`);
      hook = handler;
    },
  };
  (fastifyCors as unknown as (instance: typeof view, opts: FastifyCorsOptions, next: (error?: Error) => void) => void)(view, options, (error) => {
    if (error) throw error;
  });
  if (!hook) throw new Error('@fastify/cors registered no hook');
  return hook;
}

export function registerCors(server: FastifyInstance, config: Json): void {
  // the project's values, unchecked as before (the plugin validates what it uses)
  const json = corsOptions(config);
  const options = json as FastifyCorsOptions;
  const originless = originlessHeaders(json);
  const cors = pluginHook(server, {
    delegator: (request, callback) => callback(null, request.headers.origin === undefined ? { origin: false } : options),
  });
  server.addHook('onRequest', (request, reply, done) => {
    // A request with an Origin, an earlier Vary to merge with, or a route with its own cors
    // config goes through the plugin (which, for an origin-less request, only adds `Vary`).
    // A preflight always carries an Origin: an origin-less OPTIONS goes on to its route, as in Strapi.
    const bare = request.headers.origin === undefined && request.method !== 'OPTIONS';
    if (request.headers.origin !== undefined || reply.hasHeader('vary') || (request.routeOptions.config as { cors?: unknown }).cors !== undefined) {
      const withOriginless = (error?: Error): void => {
        if (!error) reply.headers(originless);
        done(error);
      };
      cors(request, reply, bare ? withOriginless : done);
      return;
    }
    reply.header('Vary', 'Origin');
    if (bare) reply.headers(originless);
    done();
  });
}
