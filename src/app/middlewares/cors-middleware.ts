/**
 * `strapi::cors` on @fastify/cors, with Strapi 5's defaults. Without an `Origin` header a request
 * is not a CORS one (koa's cors): it only gets `Vary: Origin`, which our own hook sets without
 * running the plugin, whose handler rebuilds its options on every request it sees.
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
  return {
    origin: list === '*' ? true : list,
    methods: config.methods ?? ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'],
    allowedHeaders: config.headers ?? ['Content-Type', 'Authorization', 'Origin', 'Accept'],
    exposedHeaders: config.expose ?? ['Server-Timing'],
    credentials: config.credentials ?? true,
    maxAge: config.maxAge ?? 31_536_000,
  };
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
  const options = corsOptions(config) as FastifyCorsOptions;
  const cors = pluginHook(server, {
    delegator: (request, callback) => callback(null, request.headers.origin === undefined ? { origin: false } : options),
  });
  server.addHook('onRequest', (request, reply, done) => {
    // What the plugin does for such a request (its options say origin: false, computed per
    // request): `Vary: Origin`, no CORS header. A request with an Origin, an earlier Vary to
    // merge with, or a route with its own cors config goes through the plugin.
    if (request.headers.origin !== undefined || reply.hasHeader('vary') || (request.routeOptions.config as { cors?: unknown }).cors !== undefined) {
      cors(request, reply, done);
      return;
    }
    reply.header('Vary', 'Origin');
    done();
  });
}
