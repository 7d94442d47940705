/**
 * Strapi's built-in middleware names, mapped onto Fastify plugins so a Strapi project's
 * `config/middlewares` works unchanged. `strapi::security` takes helmet options (as Strapi's
 * koa-helmet config), `strapi::cors` takes Strapi's cors options.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type { FastifyCorsOptions } from '@fastify/cors';
import { fastifyCors, fastifyHelmet } from '../fastify-packages.js';
import type { Logger } from '../logger.js';
import type { MiddlewareEntry } from './middleware-entries.js';
import { isRecord } from '../../util/is-record.js';

/** Strapi 5's security defaults: helmet's, with images and media from data:/blob: allowed. */
const SECURITY_DEFAULTS = {
  contentSecurityPolicy: {
    useDefaults: true,
    directives: {
      'connect-src': ["'self'", 'https:'],
      'img-src': ["'self'", 'data:', 'blob:'],
      'media-src': ["'self'", 'data:', 'blob:'],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: false,
  originAgentCluster: false,
  xFrameOptions: { action: 'sameorigin' },
} as const;

type Json = Record<string, unknown>;

function merge(base: Json, override: Json): Json {
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = out[key];
    out[key] = isRecord(value) && isRecord(current) ? merge(current, value) : value;
  }
  return out;
}

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

type HeadersMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
type HelmetFactory = (options: Json) => HeadersMiddleware;

/** The `helmet` that @fastify/helmet itself loads, so the headers are exactly the plugin's. */
function loadHelmet(): HelmetFactory {
  const pluginPath = createRequire(import.meta.url).resolve('@fastify/helmet');
  return createRequire(pluginPath)('helmet') as HelmetFactory;
}

const ignore = (): void => undefined;

/**
 * @fastify/helmet builds a fresh helmet middleware (parsing the CSP directives) on every request.
 * The global configuration never changes, so its middleware is built once and applied by our own
 * hook; the plugin stays registered, non-global, for what varies per route or request (route
 * `helmet` options, `reply.helmet()`). CSP nonces differ per request: then, or when the
 * configuration does not build, the plugin is used as it comes.
 */
async function registerSecurity(server: FastifyInstance, options: Json): Promise<void> {
  const { enableCSPNonces, global, ...configuration } = options;
  let headers: HeadersMiddleware | undefined;
  if (enableCSPNonces !== true && global !== false) {
    try {
      headers = loadHelmet()(configuration);
    } catch {
      headers = undefined;
    }
  }
  if (headers === undefined) {
    await server.register(fastifyHelmet, options);
    return;
  }
  const apply = headers;
  await server.register(fastifyHelmet, { ...options, global: false });
  server.addHook('onRequest', (request, reply, done) => {
    // routes with their own helmet options were served by the plugin's hook
    if ((request.routeOptions.config as { helmet?: unknown }).helmet === undefined) apply(request.raw, reply.raw, ignore);
    done();
  });
}

/** Registers a built-in; returns false for names Vellum does not know. */
export async function registerBuiltin(server: FastifyInstance, entry: MiddlewareEntry, log: Logger): Promise<boolean> {
  switch (entry.name) {
    case 'strapi::cors': {
      // the project's values, unchecked as before (the plugin validates what it uses)
      const options = corsOptions(entry.config) as FastifyCorsOptions;
      // without an Origin header the request is not a CORS one: no CORS headers (koa's cors)
      await server.register(fastifyCors, {
        delegator: (req, callback) => callback(null, req.headers.origin === undefined ? { origin: false } : options),
      });
      return true;
    }
    case 'strapi::security':
      await registerSecurity(server, merge(SECURITY_DEFAULTS as unknown as Json, entry.config));
      return true;
    case 'strapi::poweredBy': {
      const value = typeof entry.config.poweredBy === 'string' ? entry.config.poweredBy : 'Vellum';
      server.addHook('onSend', async (request, reply, payload) => {
        // Strapi sets it after the request was handled, so not on errors its handlers throw
        // (4xx/5xx in the error shape); an unknown route's 404 is not thrown, and keeps it
        if (reply.statusCode < 400 || request.is404) reply.header('X-Powered-By', value);
        return payload;
      });
      return true;
    }
    case 'strapi::logger':
      // One line per request. The path leaves out the query string (reset codes, tokens in
      // links); no headers are logged, so credentials never reach the log.
      server.addHook('onResponse', async (request, reply) => {
        const path = request.url.split('?', 1)[0] ?? request.url;
        const durationMs = Math.round(reply.elapsedTime * 10) / 10;
        if (log.pino) {
          request.log.info({ method: request.method, path, status: reply.statusCode, durationMs, ip: request.ip }, 'request completed');
        } else {
          log.info(`${request.method} ${path} ${reply.statusCode} (${durationMs.toFixed(1)} ms)`);
        }
      });
      return true;
    // Built into Vellum's server: errors shape, qs parsing, body limits (server.bodyLimit),
    // /uploads static files. Sessions and favicons are not served.
    case 'strapi::errors':
    case 'strapi::query':
    case 'strapi::body':
    case 'strapi::session':
    case 'strapi::favicon':
    case 'strapi::public':
      return true;
    default:
      return false;
  }
}
