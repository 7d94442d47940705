/**
 * HTTP caching of every GET (docs/cache.md): a weak `ETag` on each 200 answer with a body (a
 * hash of the bytes sent), and `If-None-Match` naming it answered `304 Not Modified` without a
 * body (the `fresh` package judges the request headers, as Express and Koa do), cache or no
 * cache. With the response cache on, `X-Cache: HIT|MISS` says whether the request's cached
 * reads were answered from it. Registered after the project's middlewares, so the tag is the
 * hash of the body they leave.
 */
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
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
  return `W/"${createHash('sha1').update(bytes).digest('base64url')}"`;
}

export function registerHttpCaching(server: FastifyInstance, cache: ResponseCache | undefined): void {
  server.addHook('onSend', async (request, reply, payload) => {
    if (cache) {
      const outcome = cache.outcome(request);
      if (outcome) reply.header('X-Cache', outcome);
    }
    if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) return payload;
    if (!(typeof payload === 'string' || Buffer.isBuffer(payload)) || reply.hasHeader('etag')) return payload;
    // encoded once: the bytes hashed are the bytes sent (Fastify would encode a string again)
    const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const etag = entityTag(bytes);
    reply.header('ETag', etag);
    if (!fresh(request.headers, { etag })) return bytes;
    void reply.code(304);
    return '';
  });
}
