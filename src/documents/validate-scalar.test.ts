import { describe, expect, it } from 'vitest';
import type { ScalarAttribute, ScalarType } from '../model/types.js';
import { validateScalar } from './validate-scalar.js';

const attr = (type: ScalarType, extra: Partial<ScalarAttribute> = {}): ScalarAttribute => ({
  kind: 'scalar', type, name: 'x', required: false, private: false, unique: false, raw: {}, ...extra,
});

describe('validateScalar: values every database can store', () => {
  it.each<[ScalarType, unknown, string]>([
    ['integer', 2147483648, 'x must be between -2147483648 and 2147483647'],
    ['integer', '-2147483649', 'x must be between -2147483648 and 2147483647'],
    ['decimal', 100000000, 'x must be between -99999999.99 and 99999999.99'],
    ['decimal', -123456789.5, 'x must be between -99999999.99 and 99999999.99'],
    ['string', 'a\u0000b', 'x must not contain NUL characters'],
    ['text', '\u0000', 'x must not contain NUL characters'],
    ['email', 'a\u0000@b.c', 'x must not contain NUL characters'],
    ['json', { nested: ['ok', 'a\u0000'] }, 'x must not contain NUL characters'],
    ['json', { 'key\u0000': 1 }, 'x must not contain NUL characters'],
    ['blocks', [{ type: 'paragraph', children: [{ type: 'text', text: '\u0000' }] }], 'x must not contain NUL characters'],
    ['date', '2023-02-29', 'x must be a valid date (YYYY-MM-DD)'],
    ['date', '2024-04-31', 'x must be a valid date (YYYY-MM-DD)'],
    ['date', '0000-01-01', 'x must be a valid date (YYYY-MM-DD)'],
    ['datetime', '0000-06-01T00:00:00Z', 'x must be a valid datetime (ISO 8601)'],
    ['datetime', '+010000-01-01T00:00:00Z', 'x must be a valid datetime (ISO 8601)'],
    // decimal(10,2) rounds before it checks the precision
    ['decimal', 99999999.995, 'x must be between -99999999.99 and 99999999.99'],
    ['decimal', '-99999999.999', 'x must be between -99999999.99 and 99999999.99'],
    ['float', '1e400', 'x must be a `number` type'],
    ['float', 'NaN', 'x must be a `number` type'],
    // lone UTF-16 surrogates have no UTF-8 form
    ['string', 'a\ud800', 'x must be well-formed Unicode (no lone surrogate)'],
    ['richtext', '\udc00b', 'x must be well-formed Unicode (no lone surrogate)'],
    ['json', { list: ['\ud83d'] }, 'x must be well-formed Unicode (no lone surrogate)'],
    ['json', { '\udfff': 1 }, 'x must be well-formed Unicode (no lone surrogate)'],
    // varchar(255), counted in characters as the databases count them
    ['string', 'x'.repeat(256), 'x must be at most 255 characters'],
    ['email', `${'a'.repeat(250)}@b.com`, 'x must be at most 255 characters'],
    ['enumeration', 'x'.repeat(300), 'x must be one of the following values: '],
    ['json', JSON.parse(`${'['.repeat(65)}${']'.repeat(65)}`), 'x must not nest deeper than 64 levels'],
  ])('refuses %s %j', (type, value, message) => {
    expect(validateScalar(attr(type), 'x', value)).toEqual({ ok: false, message });
  });

  it.each<[ScalarType, unknown, unknown]>([
    ['integer', 2147483647, 2147483647],
    ['integer', '-2147483648', -2147483648],
    ['decimal', 99999999.99, 99999999.99],
    ['date', '2024-02-29', '2024-02-29'],
    ['date', '0001-01-01', '0001-01-01'],
    ['date', '2000-02-29', '2000-02-29'],
    ['datetime', '9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
    ['json', { text: 'back\\u0000slash' }, { text: 'back\\u0000slash' }],
    ['string', 'Ünïcode 💥', 'Ünïcode 💥'],
    ['decimal', -99999999.994, -99999999.994],
    ['string', '💥'.repeat(255), '💥'.repeat(255)],
    ['json', JSON.parse(`${'['.repeat(64)}${']'.repeat(64)}`), JSON.parse(`${'['.repeat(64)}${']'.repeat(64)}`)],
  ])('accepts %s %j', (type, value, stored) => {
    expect(validateScalar(attr(type), 'x', value)).toEqual({ ok: true, value: stored });
  });

  it('refuses 1900-02-29 but accepts 2000-02-29 (century leap rules)', () => {
    expect(validateScalar(attr('date'), 'x', '1900-02-29').ok).toBe(false);
    expect(validateScalar(attr('date'), 'x', '2000-02-29').ok).toBe(true);
  });
});
