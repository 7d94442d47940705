/**
 * `strapi::security`: helmet with Strapi 5's defaults merged with the project's options (as
 * Strapi's koa-helmet config). Helmet's headers depend on its options alone, so they are
 * computed once, at start-up, and set on each response by one hook.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { fastifyHelmet } from '../fastify-packages.js';
import { isRecord } from '../../util/is-record.js';

type Json = Record<string, unknown>;

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

function merge(base: Json, override: Json): Json {
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = out[key];
    out[key] = isRecord(value) && isRecord(current) ? merge(current, value) : value;
  }
  return out;
}

/** What helmet's middleware touches of a response. */
interface HeaderTarget {
  setHeader(name: string, value: string): void;
  removeHeader(name: string): void;
}
type HeadersMiddleware = (req: IncomingMessage, res: HeaderTarget, next: (error?: unknown) => void) => void;
type HelmetFactory = (options: Json) => HeadersMiddleware;

/** The `helmet` that @fastify/helmet itself loads, so the headers are exactly the plugin's. */
function loadHelmet(): HelmetFactory {
  const pluginPath = createRequire(import.meta.url).resolve('@fastify/helmet');
  return createRequire(pluginPath)('helmet') as HelmetFactory;
}

/** A CSP directive may be a function of the request (helmet calls it per response). */
function hasFunction(value: unknown): boolean {
  if (typeof value === 'function') return true;
  if (Array.isArray(value)) return value.some(hasFunction);
  return isRecord(value) && Object.values(value).some(hasFunction);
}

type HeaderStep = { readonly set: true; readonly name: string; readonly value: string } | { readonly set: false; readonly name: string };

/**
 * Helmet's middleware run once against a recorder: the header calls it makes, in its order,
 * replayed on every response with the same casing and order as helmet's own calls would give.
 * Undefined when the options do not build (the plugin then reports them).
 */
function recordHeaders(configuration: Json): readonly HeaderStep[] | undefined {
  const steps: HeaderStep[] = [];
  const recorder: HeaderTarget = {
    setHeader: (name, value) => steps.push({ set: true, name, value: String(value) }),
    removeHeader: (name) => steps.push({ set: false, name }),
  };
  let failed = false;
  try {
    loadHelmet()(configuration)({} as IncomingMessage, recorder, (error) => {
      if (error) failed = true;
    });
  } catch {
    return undefined;
  }
  return failed ? undefined : steps;
}

/**
 * The global configuration never changes, so its headers are recorded once and set by our own
 * hook (@fastify/helmet would build a fresh helmet middleware, parsing the CSP directives, on
 * every request). CSP nonces, a directive computed per request, or options helmet refuses: the
 * plugin is used as it comes.
 */
async function registerSecurity(server: FastifyInstance, options: Json): Promise<void> {
  const { enableCSPNonces, global, ...configuration } = options;
  const steps = enableCSPNonces !== true && global !== false && !hasFunction(configuration) ? recordHeaders(configuration) : undefined;
  if (steps === undefined) {
    await server.register(fastifyHelmet, options);
    return;
  }
  server.addHook('onRequest', (_request, reply, done) => {
    const res: ServerResponse = reply.raw;
    for (const step of steps) {
      if (step.set) res.setHeader(step.name, step.value);
      else res.removeHeader(step.name);
    }
    done();
  });
}

export function registerSecurityMiddleware(server: FastifyInstance, config: Json): Promise<void> {
  return registerSecurity(server, merge(SECURITY_DEFAULTS as unknown as Json, config));
}
