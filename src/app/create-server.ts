/**
 * The HTTP server: Fastify with body limits, multipart, `/uploads` static files, the one REST
 * error shape for every failure, and `Server-Timing: db;count=…;dur=…` per request.
 */
import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import { runWithStatementCounter, currentCounter } from '../db/statement-counter.js';
import { clientErrorResponse, notFoundBody, toErrorBody } from '../rest/error-body.js';
import { Fastify, fastifyMultipart, fastifyStatic } from './fastify-packages.js';

export interface ServerOptions {
  readonly projectDir: string;
  readonly bodyLimit: number;
  readonly uploadSizeLimit: number;
  readonly serverTiming: boolean;
  readonly log: { error(msg: string, err?: unknown): void };
}

export async function createServer(options: ServerOptions): Promise<FastifyInstance> {
  const server = Fastify({
    logger: false,
    bodyLimit: options.bodyLimit,
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
  // GET) is no body, as in Strapi; anything else goes through Fastify's own (proto-safe) parser.
  const parseJson = server.getDefaultJsonParser('error', 'error');
  server.removeContentTypeParser('application/json');
  server.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') done(null, undefined);
    else parseJson(request, text, done);
  });

  server.addHook('onRequest', (_request, _reply, done) => {
    runWithStatementCounter(() => done());
  });
  if (options.serverTiming) {
    server.addHook('onSend', async (_request, reply, payload) => {
      const counter = currentCounter();
      if (counter) reply.header('Server-Timing', `db;count=${counter.count};dur=${counter.durationMs.toFixed(1)}`);
      return payload;
    });
  }

  await server.register(fastifyMultipart, {
    limits: { fileSize: options.uploadSizeLimit, files: 50, fields: 100, fieldSize: 1_048_576 },
    throwFileSizeLimit: true,
  });
  await server.register(fastifyStatic, {
    root: join(options.projectDir, 'public', 'uploads'),
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
  });

  server.setErrorHandler((error, request, reply) => {
    const { body, internal } = toErrorBody(error);
    if (internal) options.log.error(`${request.method} ${request.url} failed`, error);
    if (body.error.status === 401) reply.header('WWW-Authenticate', 'Bearer');
    void reply.code(body.error.status).send(body);
  });
  server.setNotFoundHandler((_request, reply) => {
    void reply.code(404).send(notFoundBody());
  });
  return server;
}
