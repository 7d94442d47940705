/**
 * One lazily opened Redis connection (ioredis), for what several instances share: the auth
 * rate-limit counters (rate-limit.ts) and the response cache (operations/response-cache). Lazy,
 * module included: CLI commands and servers without Redis never load or touch it. One retry per
 * command, then the command fails and its user falls back (in-memory counters, a cache miss)
 * rather than a request waiting on a dead connection.
 */
import type { Redis } from 'ioredis';
import { loadPackage } from '../util/load-package.js';

export interface RedisConnection {
  /** the connected client (connects on first use) */
  client(): Promise<Redis>;
  /** quits the connection when one was opened */
  close(): Promise<void>;
}

export function redisConnection(url: string): RedisConnection {
  let redis: Redis | undefined;
  let opening: Promise<Redis> | undefined;
  return {
    client() {
      opening ??= loadPackage(() => import('ioredis')).then(({ Redis: Client }) => {
        redis = new Client(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
        redis.on('error', () => undefined); // reconnects on its own; each failed command is its user's to handle
        return redis;
      });
      return opening;
    },
    async close() {
      if (redis && redis.status !== 'end') await redis.quit().catch(() => redis?.disconnect());
    },
  };
}
