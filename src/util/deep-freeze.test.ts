import { describe, expect, it } from 'vitest';
import { deepFreeze } from './deep-freeze.js';

describe('deepFreeze', () => {
  it('freezes plain objects and arrays all the way down and returns the same value', () => {
    const value = { a: { b: [1, { c: 'x' }] }, d: Object.create(null) as Record<string, unknown> };
    value.d['e'] = { f: true };
    expect(deepFreeze(value)).toBe(value);
    expect(Object.isFrozen(value)).toBe(true);
    expect(Object.isFrozen(value.a)).toBe(true);
    expect(Object.isFrozen(value.a.b)).toBe(true);
    expect(Object.isFrozen(value.a.b[1])).toBe(true);
    expect(Object.isFrozen(value.d['e'])).toBe(true);
  });

  it('leaves class instances, dates and buffers unfrozen', () => {
    class Box {
      inner = { n: 1 };
    }
    const value = { box: new Box(), date: new Date(0), bytes: Buffer.from('ab') };
    deepFreeze(value);
    expect(Object.isFrozen(value)).toBe(true);
    expect(Object.isFrozen(value.box)).toBe(false);
    expect(Object.isFrozen(value.box.inner)).toBe(false);
    expect(Object.isFrozen(value.date)).toBe(false);
    expect(Object.isFrozen(value.bytes)).toBe(false);
  });

  it('ends on cycles', () => {
    const a: Record<string, unknown> = {};
    const b: Record<string, unknown> = { a };
    a['b'] = b;
    deepFreeze(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(Object.isFrozen(b)).toBe(true);
  });

  it('passes primitives and null through', () => {
    expect(deepFreeze(3)).toBe(3);
    expect(deepFreeze('s')).toBe('s');
    expect(deepFreeze(null)).toBe(null);
  });
});
