import { beforeAll, describe, expect, it } from 'vitest';
import { type QueryHarness, type QueryInput, queryHarness } from '../../test/helpers/query-registry.js';
import type { Query } from './ast.js';

let h: QueryHarness;
let strict: QueryHarness;
beforeAll(async () => {
  h = await queryHarness();
  strict = await queryHarness({ strictParams: true });
});

const DEFAULT_QUERY: Query = {
  filters: null,
  sort: [],
  pagination: { kind: 'page', page: 1, pageSize: 25, withCount: true },
  fields: null,
  populate: [],
  status: 'published',
};

function expectDeepFrozen(value: unknown): void {
  if (value === null || typeof value !== 'object') return;
  expect(Object.isFrozen(value)).toBe(true);
  for (const child of Object.values(value)) expectDeepFrozen(child);
}

describe('parseRestQuery', () => {
  it('gives the defaults for an empty query', () => {
    const query = h.query('');
    expect(query).toEqual(DEFAULT_QUERY);
    expectDeepFrozen(query);
  });

  it('reads every parameter of one request', () => {
    const query = h.query(
      'filters[title][$containsi]=vellum&sort[0]=publishDate%3Adesc&sort[1]=title&pagination[page]=2&pagination[pageSize]=10' +
        '&fields[0]=title&fields[1]=publishDate&populate[author][fields][0]=name&populate[category]=true&status=draft&locale=en',
    );
    expect(query).toEqual({
      filters: { kind: 'compare', field: 'title', op: '$containsi', value: 'vellum' },
      sort: [{ path: ['publishDate'], order: 'desc' }, { path: ['title'], order: 'asc' }],
      pagination: { kind: 'page', page: 2, pageSize: 10, withCount: true },
      fields: ['title', 'publishDate'],
      populate: [
        { attribute: 'author', fields: ['name'], sort: [], filters: null, populate: [], on: null },
        { attribute: 'category', fields: null, sort: [], filters: null, populate: [], on: null },
      ],
      status: 'draft',
    });
    expectDeepFrozen(query);
  });

  it('reads the same query from qs.stringify output', () => {
    const literal = h.query('sort[0]=title%3Adesc&populate[0]=seo&populate[1]=seo.shareImage&pagination[start]=5&pagination[limit]=5');
    const built = h.query({ sort: ['title:desc'], populate: ['seo', 'seo.shareImage'], pagination: { start: 5, limit: 5 } });
    expect(built).toEqual(literal);
  });

  it.each<[string, QueryInput, 'draft' | 'published']>([
    ['published by default', '', 'published'],
    ['status=published', 'status=published', 'published'],
    ['status=draft', 'status=draft', 'draft'],
  ])('status: %s', (_name, input, status) => {
    expect(h.query(input).status).toBe(status);
    expect(h.selection(input).status).toBe(status);
  });

  it.each([['status=preview'], ['status=DRAFT'], ['status='], ['status'], ['status[0]=draft']])('refuses %s', (raw) => {
    expect(h.failure(raw)).toEqual({
      status: 400,
      name: 'ValidationError',
      message: 'Invalid status parameter. Expected "draft" or "published"',
      details: { key: 'status', path: 'status', source: 'query', param: 'status' },
    });
  });

  it.each<[string, QueryInput]>([
    ['locale on a type that is not localized', 'locale=fr'],
    ['locale as an array', 'locale[0]=fr'],
    ['an unknown key', 'unknownKey=value'],
    ['a nested unknown key', 'customFilter[title][$eq]=x'],
    ['where', 'where[title]=x'],
    ['publicationState (v4)', 'publicationState=preview'],
  ])('ignores %s', (_name, input) => {
    expect(h.query(input)).toEqual(DEFAULT_QUERY);
  });

  it.each([['unknownKey', 'unknownKey=value'], ['where', 'where[title]=x'], ['customFilter', 'customFilter[a]=b']])(
    'refuses the unknown parameter %s with strictParams',
    (key, raw) => {
      expect(strict.failure(raw)).toEqual({
        status: 400,
        name: 'ValidationError',
        message: `Invalid key ${key}`,
        details: { key, path: null, source: 'query', param: key },
      });
    },
  );

  it('accepts every known parameter with strictParams', () => {
    expect(strict.query('filters[id]=1&sort=id&pagination[page]=1&fields=title&populate=author&status=draft&locale=en').status).toBe('draft');
  });

  it.each([['without'], ['with']])('always refuses lookup (%s strictParams)', (mode) => {
    const which = mode === 'with' ? strict : h;
    expect(which.failure('lookup[id]=1')).toEqual({
      status: 400,
      name: 'ValidationError',
      message: 'Invalid key lookup',
      details: { key: 'lookup', path: null, source: 'query', param: 'lookup' },
    });
  });

  it('validates against the schema of the uid it is given', () => {
    expect(h.query('filters[name]=Tech&sort=position', 'api::category.category').sort).toEqual([{ path: ['position'], order: 'asc' }]);
    expect(h.failure('filters[title]=x', 'api::category.category')).toMatchObject({ message: 'Invalid key title' });
  });

  it('parses queries on the upload file type', () => {
    expect(h.query('filters[mime][$startsWith]=image&sort=size:desc&fields=name,url', 'plugin::upload.file')).toMatchObject({
      filters: { kind: 'compare', field: 'mime', op: '$startsWith', value: 'image' },
      sort: [{ path: ['size'], order: 'desc' }],
      fields: ['name', 'url'],
    });
  });
});

describe('parseSelection', () => {
  it('gives fields, populate and status only', () => {
    const selection = h.selection('fields=title&populate=seo.shareImage&status=draft');
    expect(selection).toEqual({
      fields: ['title'],
      populate: [{
        attribute: 'seo', fields: null, sort: [], filters: null, on: null,
        populate: [{ attribute: 'shareImage', fields: null, sort: [], filters: null, populate: [], on: null }],
      }],
      status: 'draft',
    });
    expectDeepFrozen(selection);
  });

  it('defaults to every field, nothing populated, published', () => {
    expect(h.selection('')).toEqual({ fields: null, populate: [], status: 'published' });
  });

  it('does not read the list parameters', () => {
    expect(h.selection('sort=nope&pagination[page]=0&filters[nope]=1')).toEqual({ fields: null, populate: [], status: 'published' });
  });

  it('validates fields and populate, and refuses lookup', () => {
    expect(() => h.selection('fields=nope')).toThrow('Invalid key nope');
    expect(() => h.selection('populate=title')).toThrow('Invalid key title');
    expect(() => h.selection('lookup=1')).toThrow('Invalid key lookup');
    expect(() => strict.selection('extra=1')).toThrow('Invalid key extra');
  });
});
