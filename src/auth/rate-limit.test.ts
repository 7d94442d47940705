import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createRateLimiter, type RateLimiter } from './rate-limit.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const open: RateLimiter[] = [];
const limiter = (options: Parameters<typeof createRateLimiter>[0]): RateLimiter => {
  const made = createRateLimiter(options);
  open.push(made);
  return made;
};
afterEach(async () => {
  await Promise.all(open.splice(0).map((l) => l.close()));
});

describe('createRateLimiter', () => {
  it('in memory: allows max requests per key and window, then answers the seconds to wait', async () => {
    const memory = limiter({ interval: 60_000, max: 3 });
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await memory.hit('a'));
    expect(answers.slice(0, 3)).toEqual([undefined, undefined, undefined]);
    expect(answers[3]).toBeGreaterThanOrEqual(59);
    expect(answers[3]).toBeLessThanOrEqual(60);
    expect(await memory.hit('b')).toBeUndefined();
  });

  it('in Redis: two limiters (two instances) draw on one budget per key', async () => {
    const keyPrefix = `vellum-test:${randomUUID()}`;
    const one = limiter({ interval: 60_000, max: 3, redisUrl: REDIS_URL, keyPrefix });
    const two = limiter({ interval: 60_000, max: 3, redisUrl: REDIS_URL, keyPrefix });
    const answers = [await one.hit('ip:login'), await two.hit('ip:login'), await one.hit('ip:login'), await two.hit('ip:login')];
    expect(answers.slice(0, 3)).toEqual([undefined, undefined, undefined]);
    expect(answers[3]).toBeGreaterThanOrEqual(59);
    expect(await one.hit('ip:login')).toBeGreaterThanOrEqual(59);
    expect(await two.hit('other:login')).toBeUndefined();
  });
});
