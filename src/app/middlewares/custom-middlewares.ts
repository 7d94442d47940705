/**
 * Runs a project's Koa-style middleware, `(config, { strapi }) => async (ctx, next) => {…}`, around
 * Fastify's request handling: the code before `await next()` runs on request, the code after it
 * once the response is ready (it may still change headers, status and body). A middleware that
 * does not call `next()` answers the request itself.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { koaContext, type KoaLikeContext } from '../../strapi/koa-context.js';

export type KoaMiddleware = (ctx: KoaLikeContext, next: () => Promise<void>) => unknown;

interface Pending {
  ctx: ReturnType<typeof koaContext>;
  resume: () => void;
  done: Promise<unknown>;
}

/** Registers the before-`next` halves in order and the after-`next` halves in reverse (Koa's onion). */
export function registerKoaMiddlewares(server: FastifyInstance, middlewares: readonly KoaMiddleware[]): void {
  // none: no hook at all (an idle onSend hook still costs every request its promise)
  if (middlewares.length === 0) return;
  const pending = new WeakMap<FastifyRequest, Pending[]>();

  middlewares.forEach((middleware) => {
    server.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const ctx = koaContext(request, reply);
      let resume!: () => void;
      const resumed = new Promise<void>((r) => { resume = r; });
      let nextCalled!: () => void;
      const calledNext = new Promise<'next'>((r) => { nextCalled = () => r('next'); });
      const done = Promise.resolve(middleware(ctx, () => { nextCalled(); return resumed; }));
      const first = await Promise.race([calledNext, done.then(() => 'done' as const)]);
      if (first === 'done') {
        // Answered without calling next(): Koa's default status for a body is 200, else 404.
        if (ctx.bodyWasSet() && reply.statusCode === 200) reply.code(200);
        else if (!ctx.bodyWasSet() && reply.statusCode === 200) reply.code(404);
        return reply.send(ctx.bodyWasSet() ? ctx.body : undefined);
      }
      const list = pending.get(request) ?? [];
      list.push({ ctx, resume, done });
      pending.set(request, list);
      return undefined;
    });
  });

  server.addHook('onSend', async (request, _reply, payload) => {
    const list = pending.get(request);
    if (!list) return payload;
    pending.delete(request);
    let current: unknown = payload;
    for (const item of [...list].reverse()) {
      item.ctx.body = current;
      item.resume();
      await item.done;
      current = item.ctx.body;
    }
    return typeof current === 'object' && current !== null && !Buffer.isBuffer(current) && typeof (current as { pipe?: unknown }).pipe !== 'function'
      ? JSON.stringify(current)
      : current;
  });
}
