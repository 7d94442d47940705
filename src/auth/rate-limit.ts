/**
 * Fixed-window request counting per key (`<ip>:<route>`), as Strapi limits its auth routes
 * (default 10 requests a minute). In memory: a restart or a second server starts afresh.
 */
export interface RateLimiter {
  /** counts one request; false when the key is over its limit in the current window */
  hit(key: string): boolean;
}

export function createRateLimiter(options: { interval: number; max: number }, now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    hit(key) {
      const time = now();
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (w.resetAt <= time) windows.delete(k);
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= time) {
        window = { count: 0, resetAt: time + options.interval };
        windows.set(key, window);
      }
      window.count += 1;
      return window.count <= options.max;
    },
  };
}
