/** Values that have broken parsers, validators and drivers before, shared by the families. */
import fc from 'fast-check';

export const ODD_STRINGS = [
  '', ' ', 'null', 'undefined', 'true', 'false', '0', '-1', '1e400', 'NaN', 'Infinity', '9007199254740993',
  '99999999999999999999', '-9223372036854775809', '9223372036854775808', '2024-02-30', '2024-01-01T24:00:00Z',
  '25:61', '00:10:00', '0000-01-01', '9999-12-31T23:59:59-14:00', '%', '_', '\\', "'", '"', '[', ']', '{}', '[]',
  "'; DROP TABLE articles; --", '\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '💥', 'ÜNÏ', '\u202e', '__proto__', 'constructor',
  'toString', 'hasOwnProperty', 'valueOf', 'shared.quote', 'shared.nope', '*', 'x'.repeat(5000), '<script>alert(1)</script>',
];

export const ODD_KEYS = [
  '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__',
  '', ' ', '0', '-1', '999999999999', '$eq', '$and', 'id', 'documentId', 'publishedAt', 'createdAt', 'locale', 'a.b', '*',
];

export const oddString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 10 }) },
);

export const oddNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -0, 1, -1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, -(2 ** 53), 1e308, -1e308, 5e-324, 0.1, 1.5, 123456789.123456789),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value, bounded in size; odd keys and strings mixed in. */
export const jsonValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    oddNumber,
    oddString,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...ODD_KEYS), fc.string({ maxLength: 8 })), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** A JSON text nested `depth` levels deep, which naive recursion stumbles on. */
export function deepJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/**
 * `encodeURIComponent` that does not throw on lone surrogates: they go out as their WTF-8 bytes
 * (invalid UTF-8), which is exactly what a hostile client sends.
 */
export function percentEncode(s: string): string {
  let out = '';
  let run = '';
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i);
    const pair = code >= 0xd800 && code <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    if (pair) { run += s[i]! + s[i + 1]!; i++; continue; }
    if ((code & 0xf800) !== 0xd800) { run += s[i]!; continue; }
    out += encodeURIComponent(run) + [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    run = '';
  }
  return out + encodeURIComponent(run);
}
