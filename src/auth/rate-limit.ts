/**
 * Fixed-window request counting per key (`<ip>:<route>`), as Strapi limits its auth routes
 * (default 10 requests a minute), on rate-limiter-flexible. In memory by default; with a Redis
 * URL the counters live in Redis, so every instance behind a load balancer draws on one budget.
 * If Redis stops answering, each instance falls back to its own in-memory counters (limits
 * still hold, per instance) rather than letting every request through or refusing them all.
 */
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { redisConnection, type RedisConnection } from './redis-connection.js';
import { loadPackage } from '../util/load-package.js';

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
  const redisUrl = options.redisUrl;
  const redis: RedisConnection | undefined = redisUrl ? redisConnection(redisUrl) : undefined;
  // rate-limiter-flexible (~40 modules) loads on the first counted request, not at start; the
  // Redis connection (redis-connection.ts) is lazy too. Each failed Redis command falls back to
  // the in-memory insurance limiter.
  const limiter = once(async (): Promise<{ module: RateLimiterModule; limiter: RateLimiterAbstract }> => {
    const module = await loadPackage(() => import('rate-limiter-flexible'));
    const memory = new module.RateLimiterMemory(shape);
    if (!redis) return { module, limiter: memory };
    return { module, limiter: new module.RateLimiterRedis({ ...shape, storeClient: await redis.client(), insuranceLimiter: memory }) };
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
      await redis?.close();
    },
  };
}

/** The first call's promise, kept: concurrent first requests share one load. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}
