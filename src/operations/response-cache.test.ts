import { describe, expect, it } from 'vitest';
import { memoryStore } from './cache-store.js';
import { createResponseCache } from './response-cache.js';

function setUp(maxBytes = 1_000_000) {
  let stamp: string | null = null;
  let loads = 0;
  const cache = createResponseCache({
    store: memoryStore({ maxEntries: 100, maxBytes, ttl: 60_000 }),
    stamp: () => Promise.resolve(stamp),
    fingerprint: 'model',
  });
  const load = <T>(value: T) => () => {
    loads += 1;
    return Promise.resolve(value);
  };
  return {
    cache,
    load,
    loads: () => loads,
    setStamp: (next: string) => {
      stamp = next;
    },
  };
}

describe('createResponseCache', () => {
  it('answers the same arguments from the store, as a copy, and notes HIT or MISS per request', async () => {
    const { cache, load, loads } = setUp();
    const first = {};
    const second = {};
    const value = { entries: [{ id: 1, title: 'a' }] };
    expect(await cache.read(first, 'api::a.a', 'findPage', [{ q: 1 }], load(value))).toBe(value);
    expect(cache.outcome(first)).toBe('MISS');
    const held = await cache.read(second, 'api::a.a', 'findPage', [{ q: 1 }], load({ entries: [] }));
    expect(held).toEqual(value);
    expect(held).not.toBe(value);
    expect(loads()).toBe(1);
    expect(cache.outcome(second)).toBe('HIT');
    expect(cache.outcome({})).toBeUndefined();
    // one miss in a request makes it a MISS, whatever hit before or after
    await cache.read(second, 'api::a.a', 'findPage', [{ q: 2 }], load(value));
    await cache.read(second, 'api::a.a', 'findPage', [{ q: 1 }], load(value));
    expect(cache.outcome(second)).toBe('MISS');
  });

  it('keeps apart other arguments, types, methods and stamps', async () => {
    const { cache, load, loads, setStamp } = setUp();
    const request = {};
    await cache.read(request, 'api::a.a', 'findOne', ['doc', { fields: null }], load(1));
    await cache.read(request, 'api::a.a', 'findOne', ['doc', { fields: ['title'] }], load(2));
    await cache.read(request, 'api::b.b', 'findOne', ['doc', { fields: null }], load(3));
    await cache.read(request, 'api::a.a', 'findSingle', ['doc', { fields: null }], load(4));
    expect(loads()).toBe(4);
    setStamp('after a write');
    expect(await cache.read(request, 'api::a.a', 'findOne', ['doc', { fields: null }], load(5))).toBe(5);
    expect(loads()).toBe(5);
  });

  it('tells non-finite numbers from null in the arguments', async () => {
    const { cache, load } = setUp();
    await cache.read({}, 'api::a.a', 'count', [{ value: null }], load('null'));
    expect(await cache.read({}, 'api::a.a', 'count', [{ value: Number.POSITIVE_INFINITY }], load('infinity'))).toBe('infinity');
  });

  it('answers values JSON cannot hold without keeping them, and keeps nothing larger than the store', async () => {
    const { cache, load, loads } = setUp(50);
    expect(await cache.read({}, 'api::a.a', 'count', [], load(10n))).toBe(10n);
    expect(await cache.read({}, 'api::a.a', 'count', [], load(10n))).toBe(10n);
    expect(loads()).toBe(2);
    const big = 'x'.repeat(100);
    await cache.read({}, 'api::a.a', 'findOne', [big], load(big));
    await cache.read({}, 'api::a.a', 'findOne', [big], load(big));
    expect(loads()).toBe(4);
  });
});
