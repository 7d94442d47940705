import { describe, expect, it } from 'vitest';
import { dbValueReader, fromDbValue, timestampFromDb } from './values.js';

describe('timestampFromDb', () => {
  it('returns canonical ISO text as stored and normalises everything else through Date', () => {
    expect(timestampFromDb('2024-02-29T23:59:59.999Z')).toBe('2024-02-29T23:59:59.999Z');
    expect(timestampFromDb('0000-01-01T00:00:00.000Z')).toBe('0000-01-01T00:00:00.000Z');
    // out-of-range fields roll over exactly as `new Date(…).toISOString()` does
    expect(timestampFromDb('2023-02-29T00:00:00.000Z')).toBe('2023-03-01T00:00:00.000Z');
    expect(timestampFromDb('2024-04-31T10:00:00.000Z')).toBe('2024-05-01T10:00:00.000Z');
    expect(timestampFromDb('2024-01-01T24:00:00.000Z')).toBe('2024-01-02T00:00:00.000Z');
    expect(() => timestampFromDb('2024-01-01T23:59:60.000Z')).toThrow(RangeError);
    expect(timestampFromDb('2024-01-01 10:00:00.5')).toBe('2024-01-01T10:00:00.500Z');
    expect(timestampFromDb('2024-01-01T10:00:00+02:00')).toBe('2024-01-01T08:00:00.000Z');
    expect(timestampFromDb(new Date(Date.UTC(2024, 0, 1)))).toBe('2024-01-01T00:00:00.000Z');
    expect(timestampFromDb(null)).toBeNull();
  });
});

describe('dbValueReader', () => {
  it('converts as fromDbValue does, null and undefined included', () => {
    const samples: Array<[Parameters<typeof fromDbValue>[0], unknown]> = [
      ['datetime', '2024-02-30T00:00:00.000Z'], ['timestamp', '2024-01-01T00:00:00.000Z'], ['date', '2024-01-02'],
      ['time', '10:20'], ['json', '{"a":1}'], ['json', 'not json'], ['blocks', [1]], ['boolean', 1n], ['boolean', 0],
      ['biginteger', 9007199254740993n], ['integer', 5n], ['decimal', '1.5'], ['string', 12], ['uid', 'x'],
    ];
    for (const [type, raw] of samples) {
      expect(dbValueReader(type)(raw)).toEqual(fromDbValue(type, raw));
      expect(dbValueReader(type)(null)).toBeNull();
      expect(dbValueReader(type)(undefined)).toBeNull();
    }
    expect(dbValueReader('json')('{"a":1}')).toEqual({ a: 1 });
    expect(dbValueReader('biginteger')(9007199254740993n)).toBe('9007199254740993');
  });
});
