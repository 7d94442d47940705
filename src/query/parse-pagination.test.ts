import { describe, expect, it } from 'vitest';
import { VellumError } from '../errors/index.js';
import type { Pagination } from './ast.js';
import type { RestLimits } from './limits.js';
import { parsePagination } from './parse-pagination.js';
import { parseQueryString } from './parse-query-string.js';

const LIMITS: RestLimits = { defaultLimit: 25, maxLimit: 100, withCount: true, strictParams: false, populateDepthLimit: 5 };

const parse = (raw: string, limits: RestLimits = LIMITS): Pagination =>
  parsePagination(parseQueryString(raw).pagination, limits);

function failure(raw: string, limits: RestLimits = LIMITS): { name: string; status: number; message: string; details: unknown } {
  try {
    parse(raw, limits);
  } catch (error) {
    if (error instanceof VellumError) return { name: error.name, status: error.status, message: error.message, details: error.details };
    throw error;
  }
  throw new Error(`${raw} did not fail`);
}

const page = (p: number, pageSize: number, withCount = true): Pagination => ({ kind: 'page', page: p, pageSize, withCount });
const offset = (start: number, limit: number, withCount = true): Pagination => ({ kind: 'offset', start, limit, withCount });

describe('parsePagination', () => {
  it.each([
    ['no pagination: page 1 of the default size', '', page(1, 25)],
    ['page and pageSize', 'pagination[page]=2&pagination[pageSize]=10', page(2, 10)],
    ['page without pageSize uses the default size (not Strapi\'s bug of 1)', 'pagination[page]=3', page(3, 25)],
    ['pageSize without page starts at page 1', 'pagination[pageSize]=5', page(1, 5)],
    ['pageSize=0 is a count-only query', 'pagination[pageSize]=0', page(1, 0)],
    ['pageSize above maxLimit is clamped', 'pagination[pageSize]=999', page(1, 100)],
    ['a page past the last is kept as asked', 'pagination[page]=9999', page(9999, 25)],
    ['start and limit', 'pagination[start]=10&pagination[limit]=5', offset(10, 5)],
    ['start alone takes the default limit', 'pagination[start]=3', offset(3, 25)],
    ['limit alone starts at 0', 'pagination[limit]=7', offset(0, 7)],
    ['limit=0 is a count-only query', 'pagination[limit]=0', offset(0, 0)],
    ['limit=-1 means maxLimit', 'pagination[limit]=-1', offset(0, 100)],
    ['limit above maxLimit is clamped', 'pagination[limit]=1000', offset(0, 100)],
    ['withCount=false', 'pagination[withCount]=false', page(1, 25, false)],
    ['withCount=f', 'pagination[page]=1&pagination[withCount]=f', page(1, 25, false)],
    ['withCount=0', 'pagination[start]=0&pagination[withCount]=0', offset(0, 25, false)],
    ['withCount=t', 'pagination[withCount]=t', page(1, 25, true)],
    ['withCount=1', 'pagination[withCount]=1', page(1, 25, true)],
    ['withCount=true', 'pagination[withCount]=true', page(1, 25, true)],
    ['unknown keys are ignored without strictParams', 'pagination[foo]=1', page(1, 25)],
    ['a key without value counts as absent', 'pagination[page]&pagination[limit]=4', offset(0, 4)],
  ])('%s', (_name, raw, expected) => {
    const result = parse(raw);
    expect(result).toEqual(expected);
    expect(Object.isFrozen(result)).toBe(true);
  });

  it('takes withCount and the default size from the configuration', () => {
    expect(parse('', { ...LIMITS, withCount: false, defaultLimit: 10 })).toEqual(page(1, 10, false));
    expect(parse('pagination[withCount]=true', { ...LIMITS, withCount: false })).toEqual(page(1, 25, true));
  });

  it('clamps the default size to maxLimit', () => {
    expect(parse('', { ...LIMITS, defaultLimit: 50, maxLimit: 20 })).toEqual(page(1, 20));
  });

  it('accepts numbers and booleans from server-side callers', () => {
    expect(parsePagination({ start: 5, limit: 2, withCount: false }, LIMITS)).toEqual(offset(5, 2, false));
  });

  it('refuses mixing page and offset styles', () => {
    expect(failure('pagination[page]=1&pagination[limit]=10')).toEqual({
      name: 'PaginationError',
      status: 400,
      message: 'Cannot use both page & offset pagination in the same query',
      details: { key: 'limit', path: 'limit', source: 'query', param: 'pagination' },
    });
    expect(failure('pagination[pageSize]=1&pagination[start]=0').name).toBe('PaginationError');
  });

  it.each([
    ['page=0', 'pagination[page]=0', 'page', "Invalid 'page' parameter. Expected an integer > 0, received: 0"],
    ['page=-1', 'pagination[page]=-1', 'page', "Invalid 'page' parameter. Expected an integer > 0, received: -1"],
    ['pageSize=-1', 'pagination[pageSize]=-1', 'pageSize', "Invalid 'pageSize' parameter. Expected an integer >= 0, received: -1"],
    ['start=-1', 'pagination[start]=-1', 'start', "Invalid 'start' parameter. Expected an integer >= 0, received: -1"],
    ['limit=-2', 'pagination[limit]=-2', 'limit', "Invalid 'limit' parameter. Expected an integer >= 0, or -1, received: -2"],
    ['non-numeric page', 'pagination[page]=abc', 'page', "Invalid 'page' parameter. Expected an integer, received: abc"],
    ['decimal pageSize', 'pagination[pageSize]=2.5', 'pageSize', "Invalid 'pageSize' parameter. Expected an integer, received: 2.5"],
    ['empty limit', 'pagination[limit]=', 'limit', "Invalid 'limit' parameter. Expected an integer, received: "],
    ['array start', 'pagination[start][0]=1', 'start', 'Invalid \'start\' parameter. Expected an integer, received: ["1"]'],
  ])('refuses %s', (_name, raw, key, message) => {
    expect(failure(raw)).toEqual({
      name: 'PaginationError',
      status: 400,
      message,
      details: { key, path: key, source: 'query', param: 'pagination' },
    });
  });

  it.each(['yes', 'TRUE', '2', ''])('refuses withCount=%s', (value) => {
    expect(failure(`pagination[withCount]=${value}`)).toEqual({
      name: 'ValidationError',
      status: 400,
      message: 'Invalid withCount parameter. Expected "t","1","true","false","0","f"',
      details: { key: 'withCount', path: 'withCount', source: 'query', param: 'pagination' },
    });
  });

  it('refuses unknown keys with strictParams', () => {
    expect(failure('pagination[pagesize]=5', { ...LIMITS, strictParams: true })).toEqual({
      name: 'ValidationError',
      status: 400,
      message: 'Invalid key pagesize',
      details: { key: 'pagesize', path: null, source: 'query', param: 'pagination' },
    });
  });

  it('refuses a pagination that is not an object', () => {
    expect(failure('pagination=5')).toMatchObject({ name: 'ValidationError', status: 400, message: 'Invalid key pagination' });
  });
});
