import { Type } from '@sinclair/typebox';
import { boolean, byteSize, integer, nonEmptyString, object, oneOf } from './fields.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** `config/server` */
export const ServerSchema = object({
  host: nonEmptyString({ description: 'Address the HTTP server listens on.', envVar: 'HOST', default: '127.0.0.1' }),
  port: integer({ description: 'Port the HTTP server listens on (0: any free port).', envVar: 'PORT', min: 0, max: 65535, default: 1337 }),
  bodyLimit: byteSize({ description: 'Largest accepted request body (JSON and forms; uploads have their own limit).', default: 1_048_576 }),
  url: Type.String({
    description: 'Public URL of the server, as Strapi’s `server.url`: links in emails (email confirmation) start with it. Empty: `http://<host>:<port>`.',
    default: '',
    errorMessage: 'must be a URL (a string)',
  }),
  serverTiming: boolean({ description: 'Send `Server-Timing` in production too (it is always sent in development and test).', default: false }),
  requestTimeout: integer({
    description: 'Milliseconds a client has to send a whole request (headers and body) before a 408 (0: no limit).',
    min: 0,
    default: 30_000,
  }),
  headersTimeout: integer({ description: 'Milliseconds a client has to send the request headers before a 408.', min: 1, default: 10_000 }),
  keepAliveTimeout: integer({ description: 'Milliseconds an idle keep-alive connection stays open.', min: 1, default: 5_000 }),
  shutdownTimeout: integer({
    description: 'Milliseconds in-flight requests get to finish after SIGTERM/SIGINT before their connections are closed.',
    min: 0,
    default: 10_000,
  }),
  proxy: oneOf([Type.Boolean(), Type.Array(Type.String()), Type.Object({ koa: Type.Boolean() })], {
    description:
      'Trust `X-Forwarded-For` (client addresses for rate limits and logs) from a proxy: `true` (any), a list of proxy addresses or CIDR ranges, or Strapi 5’s `{ koa: true }`. Off: the socket address counts, so a spoofed header changes nothing.',
    default: false,
    errorMessage: 'must be a boolean, an array of addresses, or { koa: <boolean> }',
    docType: 'boolean, string[] or { koa }',
  }),
  logLevel: Type.Union(
    LOG_LEVELS.map((level) => Type.Literal(level)),
    {
      description: 'Lowest level written to the JSON log on stdout (pino levels).',
      envVar: 'LOG_LEVEL',
      default: 'info',
      errorMessage: `must be one of ${LOG_LEVELS.join(', ')}`,
      docType: LOG_LEVELS.map((level) => `"${level}"`).join(' | '),
    },
  ),
  redis: Type.String({
    description: 'Redis URL (`redis://[:password@]host:6379[/db]`). When set, rate limits are counted in Redis, shared by every instance, and the response cache (`api.rest.cache`, store `auto`) keeps its answers there; empty: in memory.',
    envVar: 'REDIS_URL',
    default: '',
    secret: true,
    errorMessage: 'must be a Redis URL (a string)',
  }),
  health: object({
    enabled: boolean({ description: 'Serve the liveness and readiness endpoints (no auth, no rate limit).', default: true }),
    livenessPath: nonEmptyString({ description: 'Liveness: 200 while the process answers.', default: '/_health', pattern: '^/' }),
    readinessPath: nonEmptyString({
      description: 'Readiness: 200 when the database answers and its schema is the one this instance synced; 503 otherwise and while draining.',
      default: '/_ready',
      pattern: '^/',
    }),
  }),
  webhooks: object({
    defaultHeaders: Type.Record(Type.String(), Type.String(), {
      description: 'Headers every webhook request carries (Strapi’s `server.webhooks.defaultHeaders`); a webhook’s own headers win over them.',
      default: {},
      errorMessage: 'must be an object of header names to string values',
      docType: 'object: name → value',
    }),
    allowPrivateTargets: boolean({
      description: 'Let webhooks reach loopback, private and link-local addresses (checked on the address connected to at every delivery). Off: such targets are refused (SSRF).',
      default: false,
    }),
    timeout: integer({ description: 'Milliseconds one delivery attempt may take, answer included.', min: 1, default: 10_000 }),
    maxAttempts: integer({ description: 'Attempts per delivery before it is dead.', min: 1, default: 10 }),
    maxAge: integer({ description: 'Milliseconds after its event (or its redelivery) a failing delivery is still retried; past it, dead.', min: 1, default: 86_400_000 }),
    backoff: integer({ description: 'Milliseconds before the first retry; each retry waits twice as long as the one before (with random jitter), at most `maxBackoff`.', min: 1, default: 1_000 }),
    maxBackoff: integer({ description: 'Longest wait between two attempts, in milliseconds.', min: 1, default: 3_600_000 }),
    pollInterval: integer({ description: 'Milliseconds between two looks at the outbox for deliveries other instances wrote or retries that came due (this instance’s own writes start at once).', min: 10, default: 1_000 }),
    concurrency: integer({ description: 'Deliveries one instance sends at once.', min: 1, max: 100, default: 5 }),
    retention: integer({ description: 'Milliseconds delivered and dead deliveries, and every attempt, stay in the delivery log.', min: 1, default: 604_800_000 }),
  }),
  app: object({
    keys: Type.Optional(
      Type.Array(Type.String(), {
        description: 'Application keys, used when the `APP_KEYS` environment variable is not set.',
        errorMessage: 'must be an array of strings',
        secret: true,
        docType: 'string[]',
      }),
    ),
  }),
});
