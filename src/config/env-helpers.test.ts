import { describe, expect, it } from 'vitest';
import { StartupError } from '../errors/startup-error.js';
import { createEnvHelper } from './env-helpers.js';

describe('createEnvHelper', () => {
  const env = createEnvHelper({
    HOST: '0.0.0.0',
    EMPTY: '',
    PORT: '4000',
    NEGATIVE: '-3',
    RATIO: '0.75',
    WORD: 'abc',
    YES: 'true',
    ONE: '1',
    OFF: 'off',
    NO: 'FALSE',
    MAYBE: 'maybe',
    KEYS: 'a, b ,c',
    BRACKETS: '["x", "y"]',
    OBJ: '{"a":[1,2]}',
    BROKEN: '{a',
    DAY: '2024-05-06T07:08:09.000Z',
    MODE: 'fast',
  });

  it('returns the raw string, or the default when the variable is unset', () => {
    expect(env('HOST')).toBe('0.0.0.0');
    expect(env('HOST', 'x')).toBe('0.0.0.0');
    expect(env('MISSING')).toBeUndefined();
    expect(env('MISSING', 'fallback')).toBe('fallback');
    // plain env() keeps Strapi's semantics: a set but empty variable is the empty string
    expect(env('EMPTY', 'fallback')).toBe('');
  });

  it('reads integers and floats, refusing values that are not numbers', () => {
    expect(env.int('PORT', 1337)).toBe(4000);
    expect(env.int('NEGATIVE')).toBe(-3);
    expect(env.int('MISSING', 1337)).toBe(1337);
    expect(env.int('EMPTY', 7)).toBe(7);
    expect(env.float('RATIO')).toBe(0.75);
    expect(env.float('MISSING', 1.5)).toBe(1.5);
    expect(() => env.int('WORD')).toThrow(new StartupError('environment variable WORD must be an integer (got "abc")'));
    expect(() => env.int('RATIO')).toThrow(/RATIO must be an integer \(got "0.75"\)/);
    expect(() => env.float('WORD')).toThrow(/WORD must be a number/);
  });

  it('reads booleans in the usual spellings', () => {
    expect(env.bool('YES')).toBe(true);
    expect(env.bool('ONE')).toBe(true);
    expect(env.bool('OFF')).toBe(false);
    expect(env.bool('NO', true)).toBe(false);
    expect(env.bool('MISSING', true)).toBe(true);
    expect(env.bool('MISSING')).toBeUndefined();
    expect(() => env.bool('MAYBE')).toThrow(/environment variable MAYBE must be a boolean/);
  });

  it('reads comma lists, with or without brackets and quotes', () => {
    expect(env.array('KEYS')).toEqual(['a', 'b', 'c']);
    expect(env.array('BRACKETS')).toEqual(['x', 'y']);
    expect(env.array('MISSING', ['d'])).toEqual(['d']);
  });

  it('reads JSON and dates', () => {
    expect(env.json('OBJ')).toEqual({ a: [1, 2] });
    expect(env.json('MISSING', { b: 1 })).toEqual({ b: 1 });
    expect(() => env.json('BROKEN')).toThrow(/environment variable BROKEN must be valid JSON/);
    expect(env.date('DAY')?.toISOString()).toBe('2024-05-06T07:08:09.000Z');
    expect(() => env.date('WORD')).toThrow(/WORD must be a date/);
  });

  it('oneOf keeps an expected value and falls back otherwise', () => {
    expect(env.oneOf('MODE', ['fast', 'slow'], 'slow')).toBe('fast');
    expect(env.oneOf('WORD', ['fast', 'slow'], 'slow')).toBe('slow');
    expect(() => env.oneOf('MODE', ['fast'], 'slow' as 'fast')).toThrow(/default "slow" is not one of fast/);
  });
});
