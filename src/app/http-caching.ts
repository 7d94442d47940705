/**
 * HTTP caching of every GET (docs/cache.md): a weak `ETag` on each 200 answer with a body (a
 * hash of the bytes sent), and `If-None-Match` naming it answered `304 Not Modified` without a
 * body (the `fresh` package judges the request headers, as Express and Koa do), cache or no
 * cache. With the response cache on, `X-Cache: HIT|MISS` says whether the request's cached
 * reads were answered from it. Registered after the project's middlewares, so the tag is the
 * hash of the body they leave.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hash } from 'node:crypto';
import { createRequire } from 'node:module';
import type Fresh from 'fresh';
import type { ResponseCache } from '../operations/response-cache.js';

// CommonJS, loaded with require as fastify-packages.ts explains
const fresh = createRequire(import.meta.url)('fresh') as typeof Fresh;

/**
 * Weak: the tag names the JSON, not its encoding, so a proxy that compresses the body keeps it
 * valid (If-None-Match compares weakly anyway).
 */
export function entityTag(bytes: Buffer): string {
  // one-shot: no Hash object per response
  return `W/"${hash('sha1', bytes, 'base64url')}"`;
}

export function registerHttpCaching(server: FastifyInstance, cache: ResponseCache | undefined): void {
  // a callback hook: an async one costs promises on every request
  server.addHook('onSend', (request, reply, payload, done) => {
    if (cache) {
      const outcome = cache.outcome(request);
      if (outcome) reply.header('X-Cache', outcome);
    }
    done(null, tagged(request, reply, payload));
  });
}

/** The payload to send: a GET's 200 tagged, or emptied for a 304 when the client holds that tag. */
function tagged(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) return payload;
  if (!(typeof payload === 'string' || Buffer.isBuffer(payload)) || reply.hasHeader('etag')) return payload;
  // encoded once: the bytes hashed are the bytes sent (Fastify would encode a string again)
  const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
  const etag = entityTag(bytes);
  reply.header('ETag', etag);
  if (!fresh(request.headers, { etag })) return bytes;
  void reply.code(304);
  return '';
}
