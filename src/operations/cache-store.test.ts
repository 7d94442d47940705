import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { redisConnection, type RedisConnection } from '../auth/redis-connection.js';
import { memoryStore, redisStore } from './cache-store.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const open: RedisConnection[] = [];
const connect = (url: string): RedisConnection => {
  const made = redisConnection(url);
  open.push(made);
  return made;
};
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

describe('cache stores', () => {
  it('memory: keeps answers up to its entry count, least recently used out first, and forgets them all', async () => {
    const store = memoryStore({ maxEntries: 2, maxBytes: 1_000, ttl: 60_000 });
    await store.set('a', '1');
    await store.set('b', '2');
    expect(await store.get('a')).toBe('1');
    await store.set('c', '3');
    expect(await store.get('b')).toBeUndefined();
    expect(await store.get('a')).toBe('1');
    store.forget();
    expect(await store.get('a')).toBeUndefined();
  });

  it('Redis: two stores (two instances) share answers under the prefix, with the TTL set', async () => {
    const keyPrefix = `vellum-test:${randomUUID()}`;
    const errors: unknown[] = [];
    const one = redisStore(connect(REDIS_URL), { keyPrefix, ttl: 60_000, onError: (e) => errors.push(e) });
    const two = redisStore(connect(REDIS_URL), { keyPrefix, ttl: 60_000, onError: (e) => errors.push(e) });
    await one.set('k', '{"data":1}');
    expect(await two.get('k')).toBe('{"data":1}');
    expect(await two.get('other')).toBeUndefined();
    const ttl = await (await connect(REDIS_URL).client()).pttl(`${keyPrefix}:k`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect(errors).toEqual([]);
  });

  it('Redis unreachable: every read is a miss, writes are dropped, the outage is reported once', async () => {
    const errors: unknown[] = [];
    // port 1: nothing listens there
    const store = redisStore(connect('redis://127.0.0.1:1'), { keyPrefix: 'x', ttl: 1_000, onError: (e) => errors.push(e) });
    await store.set('k', 'v');
    expect(await store.get('k')).toBeUndefined();
    expect(await store.get('k')).toBeUndefined();
    expect(errors).toHaveLength(1);
  });
});
