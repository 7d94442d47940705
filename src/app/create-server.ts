/**
 * The HTTP server: Fastify with body limits, multipart, `/uploads` static files, the one REST
 * error shape for every failure, and `Server-Timing: db;count=…;dur=…` per request.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { abortStatements, createStatementCounter, currentCounter, statementCounterScope } from '../db/statement-counter.js';
import { entryBudgetScope } from '../engine/entry-budget.js';
import { runScoped, scopeOf } from '../util/request-scope.js';
import { clientErrorResponse, sendNotFound, toErrorBody } from '../rest/error-body.js';
import { uploadResponseHeaders } from '../upload/served-headers.js';
import { Fastify, fastifyMultipart, fastifyStatic } from './fastify-packages.js';
import { lazyRequestLogger } from './lazy-request-logger.js';
import { RateLimitError, ValidationError, jsonShapeError } from '../errors/index.js';

export interface ServerOptions {
  readonly projectDir: string;
  readonly bodyLimit: number;
  readonly uploadSizeLimit: number;
  /** MIME types `/uploads` serves inline; everything else is a sandboxed download */
  readonly uploadInlineTypes: ReadonlySet<string>;
  readonly serverTiming: boolean;
  /** ms for a whole request (0: none), for its headers, and for an idle keep-alive connection (config `server.*Timeout`) */
  readonly requestTimeout: number;
  readonly headersTimeout: number;
  readonly keepAliveTimeout: number;
  /** `api.rest.maxResponseEntries`: entries one response may carry (engine/entry-budget.ts) */
  readonly maxResponseEntries: number;
  readonly log: { error(msg: string, err?: unknown): void };
  /** the pino logger Fastify logs through (request ids on `request.log`); none: Fastify stays silent */
  readonly pino?: FastifyBaseLogger;
  /** Fastify's `trustProxy` (config `server.proxy`): whom to believe about `X-Forwarded-For` */
  readonly trustProxy: boolean | readonly string[];
}

export async function createServer(options: ServerOptions): Promise<FastifyInstance> {
  // Node checks request and header deadlines on an interval (30 s by default): check often
  // enough that a slow client gets its 408 close to the configured time.
  const deadlines = [options.headersTimeout, options.requestTimeout].filter((ms) => ms > 0);
  const server = Fastify({
    ...(options.pino ? { loggerInstance: options.pino, childLoggerFactory: lazyRequestLogger } : { logger: false }),
    // one line per request comes from `strapi::logger` (middlewares), with path, status, duration
    logController: new Fastify.LogController({ disableRequestLogging: true }),
    // a proxy's request id is kept only from a trusted proxy; otherwise a fresh one
    requestIdHeader: options.trustProxy === false ? false : 'x-request-id',
    genReqId: () => randomUUID(),
    trustProxy: typeof options.trustProxy === 'boolean' ? options.trustProxy : [...options.trustProxy],
    bodyLimit: options.bodyLimit,
    // A client trickling its headers or body is cut off with a 408 (clientErrorResponse).
    requestTimeout: options.requestTimeout,
    keepAliveTimeout: options.keepAliveTimeout,
    http: {
      headersTimeout: options.requestTimeout > 0 ? Math.min(options.headersTimeout, options.requestTimeout) : options.headersTimeout,
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, ...deadlines.map((ms) => Math.floor(ms / 4)))),
    },
    // Query strings are parsed per route with qs (Strapi's bracket notation); keep Fastify's cheap.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    return503OnClosing: true,
    // Requests Node refuses before routing (oversized URL or headers) answer in the error shape too.
    clientErrorHandler(error, socket) {
      if ((error as { code?: string }).code === 'ECONNRESET' || socket.destroyed) return;
      socket.end(clientErrorResponse(error));
    },
  });

  // An empty body with `Content-Type: application/json` (what @strapi/client sends on DELETE and
  // GET) is no body, as in Strapi. Anything else is parsed by JSON.parse (iterative at any depth;
  // `__proto__` becomes an own key, harmless) and then refused when it nests too deeply or carries
  // a prototype key, with the path of the offending key (jsonShapeError).
  server.removeContentTypeParser('application/json');
  server.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') {
      done(null, undefined);
      return;
    }
    let value: unknown;
    try {
      // a leading byte-order mark is accepted, as Fastify's own parser accepts it
      value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    } catch {
      done(new ValidationError('Malformed JSON body'), undefined);
      return;
    }
    const refused = jsonShapeError(value, 'body');
    if (refused) done(refused, undefined);
    else done(null, value);
  });

  server.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    // whatever the security middleware's configuration: no response is ever content-sniffed
    reply.header('X-Content-Type-Options', 'nosniff');
    const counter = createStatementCounter();
    // The client went away before its response was written (closed the socket, aborted the
    // fetch): cancel the request's statements still running and start no new ones, so an
    // abandoned request never holds a pooled connection (decisions.md "Cost of a request").
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) abortStatements(counter);
    });
    // one scope (one AsyncLocalStorage run) for both values the request carries
    runScoped(scopeOf(statementCounterScope(counter), entryBudgetScope(options.maxResponseEntries)), () => done());
  });
  if (options.serverTiming) {
    server.addHook('onSend', (_request, reply, payload, done) => {
      const counter = currentCounter();
      if (counter) reply.header('Server-Timing', `db;count=${counter.count};dur=${counter.durationMs.toFixed(1)}`);
      done(null, payload);
    });
  }

  // Files stream to the provider (never buffered); `fileSize` cuts a part at the limit. Form
  // fields are held in memory: `fileInfo` for 50 files fits well within 100 fields of 64 KB.
  await server.register(fastifyMultipart, {
    limits: { fileSize: options.uploadSizeLimit, files: 50, fields: 100, fieldSize: 65_536 },
    throwFileSizeLimit: true,
  });
  // Encapsulated: the served-upload headers apply to `/uploads` only.
  await server.register(async (uploads) => {
    uploads.addHook('onSend', async (_request, reply, payload) => {
      const status = reply.statusCode;
      if ((status >= 200 && status < 300) || status === 304) {
        reply.headers(uploadResponseHeaders(String(reply.getHeader('content-type') ?? ''), options.uploadInlineTypes));
      }
      return payload;
    });
    await uploads.register(fastifyStatic, {
      root: join(options.projectDir, 'public', 'uploads'),
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
    });
  });

  server.setErrorHandler((error, request, reply) => {
    const { body, internal } = toErrorBody(error);
    if (internal) options.log.error(`${request.method} ${request.url} failed`, error);
    if (body.error.status === 401) reply.header('WWW-Authenticate', 'Bearer');
    if (error instanceof RateLimitError && error.retryAfter !== undefined) reply.header('Retry-After', String(error.retryAfter));
    void reply.code(body.error.status).send(body);
  });
  server.setNotFoundHandler((_request, reply) => {
    void sendNotFound(reply);
  });
  return server;
}
