import { describe, expect, it } from 'vitest';
import { boundHeapGrowth } from './heap-growth.js';

describe('boundHeapGrowth', () => {
  it('sets the growth when the process has no flag of its own', () => {
    expect(boundHeapGrowth([])).toBe(true);
    expect(boundHeapGrowth(['--max-semi-space-size=8'])).toBe(true);
  });

  it("leaves an operator's own --heap-growing-percent alone", () => {
    expect(boundHeapGrowth(['--heap-growing-percent=80'])).toBe(false);
    expect(boundHeapGrowth(['--heap_growing_percent=80'])).toBe(false);
  });
});
