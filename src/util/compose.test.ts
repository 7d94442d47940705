import { describe, expect, it } from 'vitest';
import { compose } from './compose.js';

describe('compose', () => {
  it('runs the middlewares in order around last, each seeing what the rest of the chain returned', async () => {
    const seen: string[] = [];
    const result = await compose<{ n: number }>([
      async (ctx, next) => { seen.push(`a${ctx.n}`); const inner = await next(); seen.push('a-after'); return `a(${String(inner)})`; },
      async (ctx, next) => { ctx.n += 1; seen.push(`b${ctx.n}`); return next(); },
    ], { n: 1 }, async (ctx) => { seen.push(`last${ctx.n}`); return 'core'; }, 'a test middleware');
    expect(result).toBe('a(core)');
    expect(seen).toEqual(['a1', 'b2', 'last2', 'a-after']);
  });

  it('refuses a second next() naming who called it', async () => {
    await expect(compose([async (_ctx, next) => { await next(); return next(); }], {}, async () => 'core', 'a route middleware'))
      .rejects.toThrow('a route middleware called next() more than once');
  });

  it('lets a middleware answer without calling next()', async () => {
    let reached = false;
    expect(await compose([async () => 'short'], {}, async () => { reached = true; return 'core'; }, 'x')).toBe('short');
    expect(reached).toBe(false);
  });
});
