import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors/index.js';
import { parseQueryString } from './parse-query-string.js';

function failure(raw: string): { name: string; status: number; message: string; details: unknown } {
  try {
    parseQueryString(raw);
  } catch (error) {
    if (error instanceof ValidationError) {
      return { name: error.name, status: error.status, message: error.message, details: error.details };
    }
    throw error;
  }
  throw new Error(`parseQueryString(${raw.slice(0, 60)}) did not fail`);
}

const indexed = (param: string, count: number): string =>
  Array.from({ length: count }, (_, i) => `${param}[${i}]=f${i}`).join('&');

describe('parseQueryString', () => {
  it.each([
    ['bracket notation', 'a[b][0]=c', { a: { b: ['c'] } }],
    ['percent-encoded brackets and colon', 'sort%5B0%5D=title%3Adesc', { sort: ['title:desc'] }],
    ['literal brackets with encoded colon', 'sort[0]=title%3Adesc', { sort: ['title:desc'] }],
    ['a leading question mark', '?sort=title', { sort: 'title' }],
    ['a key without value is null (strictNullHandling)', 'populate&x=', { populate: null, x: '' }],
    ['dots stay in keys (allowDots false)', 'populate[blocks][on][shared.quote]=true', { populate: { blocks: { on: { 'shared.quote': 'true' } } } }],
    ['plus as space', 'filters[title]=a+b', { filters: { title: 'a b' } }],
    ['prototype keys are dropped', '__proto__[x]=1&a=1', { a: '1' }],
    ['a sparse high index becomes an array', 'a[150]=x', { a: ['x'] }],
    ['repeated keys make an array', 'a=1&a=2', { a: ['1', '2'] }],
  ])('parses %s', (_name, raw, expected) => {
    expect(parseQueryString(raw)).toEqual(expected);
  });

  it('parses what qs.stringify produces', () => {
    const query = { populate: { author: { fields: ['name'], filters: { name: { $eq: 'Ada' } } } }, sort: ['title:asc'] };
    expect(parseQueryString(qs.stringify(query, { encodeValuesOnly: true }))).toEqual(query);
  });

  it('keeps 100 indexed entries as an array', () => {
    const parsed = parseQueryString(indexed('populate', 100));
    expect(Array.isArray(parsed.populate)).toBe(true);
    expect((parsed.populate as unknown[]).length).toBe(100);
  });

  it('refuses more than 100 indexed populate entries as Strapi does', () => {
    expect(failure(indexed('populate', 105))).toEqual({
      name: 'ValidationError',
      status: 400,
      message:
        'Too many populate entries (105). The maximum number of populate entries when using array notation is 100.' +
        ' Consider using object notation (populate[field]=true), nested population, or reducing the number of fields.',
      details: { key: 'populate', path: '', source: 'query', param: 'populate' },
    });
  });

  it('names the parameter and path of an over-long nested array', () => {
    const raw = Array.from({ length: 101 }, (_, i) => `filters[id][$in][${i}]=${i}`).join('&');
    expect(failure(raw)).toEqual({
      name: 'ValidationError',
      status: 400,
      message: 'Too many filters entries (101). The maximum number of filters entries when using array notation is 100.',
      details: { key: '$in', path: 'id.$in', source: 'query', param: 'filters' },
    });
  });

  it('refuses more than 100 repeated values', () => {
    const raw = Array.from({ length: 101 }, (_, i) => `fields=f${i}`).join('&');
    expect(failure(raw).message).toMatch(/^Too many fields entries \(101\)/);
  });

  it('refuses more than 1000 parameters instead of silently dropping the rest', () => {
    const raw = Array.from({ length: 1001 }, (_, i) => `p${i}=1`).join('&');
    expect(failure(raw)).toMatchObject({ status: 400, message: 'Too many query parameters (1001). The maximum is 1000.' });
  });

  it('bounds the total number of nodes', () => {
    // 10 parameters × 100 entries × 3 nested objects each stays under the parameter limit but not the node limit
    const raw = Array.from({ length: 1000 }, (_, i) => `f${i % 10}[${Math.floor(i / 10)}][a][b]=1`).join('&');
    expect(failure(raw)).toMatchObject({
      status: 400,
      message: 'Query string too complex: more than 2000 values and objects.',
    });
  });

  it('keeps nesting deeper than 20 levels as one literal key (qs depth)', () => {
    const raw = `a${'[x]'.repeat(22)}=1`;
    let node: unknown = parseQueryString(raw).a;
    for (let i = 0; i < 20; i += 1) node = (node as Record<string, unknown>).x;
    expect(node).toEqual({ '[x][x]': '1' });
  });
});
