/**
 * Fixed-window request counting per key (`<ip>:<route>`), as Strapi limits its auth routes
 * (default 10 requests a minute), on rate-limiter-flexible. In memory by default; with a Redis
 * URL the counters live in Redis, so every instance behind a load balancer draws on one budget.
 * If Redis stops answering, each instance falls back to its own in-memory counters (limits
 * still hold, per instance) rather than letting every request through or refusing them all.
 */
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { redisConnection, type RedisConnection } from './redis-connection.js';

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
  const memory = new RateLimiterMemory(shape);
  const redisUrl = options.redisUrl;
  const redis: RedisConnection | undefined = redisUrl ? redisConnection(redisUrl) : undefined;
  let redisLimiter: Promise<RateLimiterAbstract> | undefined;
  // each failed Redis command falls back to the in-memory insurance limiter
  const limiter = (): Promise<RateLimiterAbstract> | RateLimiterAbstract => {
    if (!redis) return memory;
    redisLimiter ??= redis.client().then((storeClient) => new RateLimiterRedis({ ...shape, storeClient, insuranceLimiter: memory }));
    return redisLimiter;
  };
  return {
    async hit(key) {
      try {
        await (await limiter()).consume(key);
        return undefined;
      } catch (refusal) {
        if (refusal instanceof RateLimiterRes) return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
        throw refusal;
      }
    },
    async close() {
      await redis?.close();
    },
  };
}
