import { describe, expect, it } from 'vitest';
import { runScoped, scoped, scopeSlot } from './request-scope.js';

const A = scopeSlot<number>('a');
const B = scopeSlot<string>('b');

describe('request scope', () => {
  it('carries each slot through async calls, and nothing outside a scope', async () => {
    expect(scoped(A)).toBeUndefined();
    const seen = await runScoped({ [A]: 1, [B]: 'x' }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return [scoped(A), scoped(B)];
    });
    expect(seen).toEqual([1, 'x']);
  });

  it('lets a nested unit of work replace one slot and keep the others', async () => {
    await runScoped({ [A]: 1, [B]: 'outer' }, async () => {
      const inner = await runScoped({ [A]: 2 }, async () => [scoped(A), scoped(B)]);
      expect(inner).toEqual([2, 'outer']);
      expect(scoped(A)).toBe(1);
    });
  });
});
