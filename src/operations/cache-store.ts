/**
 * Where the response cache keeps its answers (JSON text by key): in this process (lru-cache,
 * bounded by entries and characters) or in Redis (shared by every instance, each key expiring
 * after the TTL). A store never fails a request: a Redis error is a miss, and a write that fails
 * is dropped (response-cache.ts answers from the database then); while the connection is lost,
 * Redis is not asked at all, so no request waits on the reconnection.
 */
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { RedisConnection } from '../auth/redis-connection.js';

export interface CacheStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  /** drops every answer this store holds for this process (the memory store; Redis keys expire) */
  forget(): void;
}

export interface MemoryStoreOptions {
  readonly maxEntries: number;
  /** JSON characters held at most */
  readonly maxBytes: number;
  /** ms */
  readonly ttl: number;
}

export function memoryStore(options: MemoryStoreOptions): CacheStore {
  const lru = new LRUCache<string, string>({
    max: options.maxEntries,
    maxSize: options.maxBytes,
    sizeCalculation: (value, key) => value.length + key.length,
    ttl: options.ttl,
  });
  return {
    get: (key) => Promise.resolve(lru.get(key)),
    set(key, value) {
      lru.set(key, value);
      return Promise.resolve();
    },
    forget: () => lru.clear(),
  };
}

export interface RedisStoreOptions {
  readonly keyPrefix: string;
  /** ms */
  readonly ttl: number;
  /** told of the first failure after a success (so an outage is logged once, not per request) */
  readonly onError: (error: unknown) => void;
}

/** ioredis states of a connection that was lost: its commands would wait for a reconnect */
const LOST = new Set(['reconnecting', 'close', 'end']);

export function redisStore(connection: RedisConnection, options: RedisStoreOptions): CacheStore {
  let failing = false;
  /** the client, or undefined while the connection is lost: a miss at once rather than a wait */
  const usable = async (): Promise<Redis | undefined> => {
    const client = await connection.client();
    return LOST.has(client.status) ? undefined : client;
  };
  const failed = (error: unknown): undefined => {
    if (!failing) options.onError(error);
    failing = true;
    return undefined;
  };
  const key = (name: string): string => `${options.keyPrefix}:${name}`;
  return {
    async get(name) {
      try {
        const client = await usable();
        if (!client) return undefined;
        const value = await client.get(key(name));
        failing = false;
        return value ?? undefined;
      } catch (error) {
        return failed(error);
      }
    },
    async set(name, value) {
      try {
        const client = await usable();
        if (!client) return;
        await client.set(key(name), value, 'PX', options.ttl);
        failing = false;
      } catch (error) {
        failed(error);
      }
    },
    forget: () => undefined,
  };
}
