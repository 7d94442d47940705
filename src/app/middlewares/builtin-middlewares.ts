/**
 * Strapi's built-in middleware names, mapped onto Fastify plugins so a Strapi project's
 * `config/middlewares` works unchanged. `strapi::security` takes helmet options (as Strapi's
 * koa-helmet config), `strapi::cors` takes Strapi's cors options.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { fastifyCors, fastifyHelmet } from '../fastify-packages.js';
import type { Logger } from '../logger.js';
import type { MiddlewareEntry } from './middleware-entries.js';

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
    out[key] = typeof value === 'object' && value !== null && !Array.isArray(value) && typeof current === 'object' && current !== null && !Array.isArray(current)
      ? merge(current as Json, value as Json)
      : value;
  }
  return out;
}

function corsOptions(config: Json): Json {
  const origin = config.origin ?? '*';
  return {
    origin: origin === '*' ? true : origin,
    methods: config.methods ?? ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'],
    allowedHeaders: config.headers ?? ['Content-Type', 'Authorization', 'Origin', 'Accept'],
    exposedHeaders: config.expose ?? ['Server-Timing'],
    credentials: config.credentials ?? false,
    maxAge: config.maxAge,
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
    case 'strapi::cors':
      await server.register(fastifyCors, corsOptions(entry.config));
      return true;
    case 'strapi::security':
      await registerSecurity(server, merge(SECURITY_DEFAULTS as unknown as Json, entry.config));
      return true;
    case 'strapi::poweredBy': {
      const value = typeof entry.config.poweredBy === 'string' ? entry.config.poweredBy : 'Vellum';
      server.addHook('onSend', async (_request, reply, payload) => {
        reply.header('X-Powered-By', value);
        return payload;
      });
      return true;
    }
    case 'strapi::logger':
      server.addHook('onResponse', async (request, reply) => {
        log.info(`${request.method} ${request.url} ${reply.statusCode} (${reply.elapsedTime.toFixed(1)} ms)`);
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
