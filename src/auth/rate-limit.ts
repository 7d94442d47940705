/**
 * Fixed-window request counting per key (`<ip>:<route>`), as Strapi limits its auth routes
 * (default 10 requests a minute), on rate-limiter-flexible. In memory by default; with a Redis
 * URL the counters live in Redis, so every instance behind a load balancer draws on one budget.
 * If Redis stops answering, each instance falls back to its own in-memory counters (limits
 * still hold, per instance) rather than letting every request through or refusing them all.
 */
import type { Redis } from 'ioredis';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';

type RateLimiterModule = typeof import('rate-limiter-flexible');

export interface RateLimiter {
  /** counts one request; resolves to the seconds to wait when the key is over its limit, else undefined */
  hit(key: string): Promise<number | undefined>;
  close(): Promise<void>;
}

export interface RateLimiterOptions {
  /** window in ms (rounded up to whole seconds: Redis expires keys by the second) */
  readonly interval: number;
  readonly max: number;
  /** `redis://…`; '' keeps the counters in this process */
  readonly redisUrl?: string;
  /** Redis key prefix (tests isolate their counters with it) */
  readonly keyPrefix?: string;
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const shape = { points: options.max, duration: Math.max(1, Math.ceil(options.interval / 1000)), keyPrefix: options.keyPrefix ?? 'vellum:auth' };
  let redis: Redis | undefined;
  const redisUrl = options.redisUrl;
  // rate-limiter-flexible (~40 modules) loads on the first counted request, not at start.
  // Redis is lazy too, module included: CLI commands and servers without Redis never load or
  // touch it; one retry, then the in-memory insurance answers instead of a request waiting on a
  // dead connection
  const limiter = once(async (): Promise<{ module: RateLimiterModule; limiter: RateLimiterAbstract }> => {
    const module = await import('rate-limiter-flexible');
    const memory = new module.RateLimiterMemory(shape);
    if (!redisUrl) return { module, limiter: memory };
    const { Redis } = await import('ioredis');
    redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
    redis.on('error', () => undefined); // reconnects on its own; each failed command falls back to memory
    return { module, limiter: new module.RateLimiterRedis({ ...shape, storeClient: redis, insuranceLimiter: memory }) };
  });
  return {
    async hit(key) {
      const { module, limiter: counter } = await limiter();
      try {
        await counter.consume(key);
        return undefined;
      } catch (refusal) {
        if (refusal instanceof module.RateLimiterRes) return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
        throw refusal;
      }
    },
    async close() {
      if (redis && redis.status !== 'end') await redis.quit().catch(() => redis?.disconnect());
    },
  };
}

/** The first call's promise, kept: concurrent first requests share one load. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}
