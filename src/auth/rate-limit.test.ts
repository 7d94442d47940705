import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limit.js';

describe('createRateLimiter', () => {
  it('allows max requests per key and window, then refuses until the window ends', () => {
    let time = 1_000;
    const limiter = createRateLimiter({ interval: 60_000, max: 3 }, () => time);
    expect([1, 2, 3, 4].map(() => limiter.hit('a'))).toEqual([true, true, true, false]);
    expect(limiter.hit('b')).toBe(true);
    time += 59_999;
    expect(limiter.hit('a')).toBe(false);
    time += 1;
    expect(limiter.hit('a')).toBe(true);
  });
});
