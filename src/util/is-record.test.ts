import { describe, expect, it } from 'vitest';
import { isPlainObject, isRecord } from './is-record.js';

class Thing {}

describe('isRecord and isPlainObject', () => {
  it('accept object literals and null-prototype objects', () => {
    for (const value of [{}, { a: 1 }, Object.create(null) as object]) {
      expect(isRecord(value)).toBe(true);
      expect(isPlainObject(value)).toBe(true);
    }
  });

  it('refuse null, arrays and primitives', () => {
    for (const value of [null, undefined, [], [1], 'x', 1, true]) {
      expect(isRecord(value)).toBe(false);
      expect(isPlainObject(value)).toBe(false);
    }
  });

  it('differ on class instances, dates and buffers: records, but not plain objects', () => {
    for (const value of [new Thing(), new Date(0), Buffer.from('a')]) {
      expect(isRecord(value)).toBe(true);
      expect(isPlainObject(value)).toBe(false);
    }
  });
});
