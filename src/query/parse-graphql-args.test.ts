import { beforeAll, describe, expect, it } from 'vitest';
import { PaginationError, ValidationError } from '../errors/index.js';
import { loadRegistry } from '../model/load-models.js';
import type { ContentType, Registry } from '../model/types.js';
import {
  nestedListWindow,
  parseGraphqlFilters,
  parseGraphqlPagination,
  parseGraphqlSort,
  parsePublicationState,
} from './parse-graphql-args.js';
import { BLOG_EXAMPLE as BLOG } from '../../test/helpers/fixtures.js';

const LIMITS = { defaultLimit: 10, amountLimit: 100 };

let registry: Registry;
let article: ContentType;
beforeAll(async () => {
  registry = await loadRegistry(BLOG);
  article = registry.contentType('api::article.article');
});

describe('parseGraphqlFilters', () => {
  it('maps operator names to the REST operators and typed values', () => {
    expect(parseGraphqlFilters({ title: { eq: 'Hello' }, views: { gte: 3 } }, article, registry)).toEqual({
      kind: 'and',
      items: [
        { kind: 'compare', field: 'title', op: '$eq', value: 'Hello' },
        { kind: 'compare', field: 'views', op: '$gte', value: 3 },
      ],
    });
  });

  it('returns the single condition unwrapped, and null for an empty input', () => {
    expect(parseGraphqlFilters({ featured: { eq: true } }, article, registry)).toEqual({ kind: 'compare', field: 'featured', op: '$eq', value: true });
    expect(parseGraphqlFilters({}, article, registry)).toBeNull();
    expect(parseGraphqlFilters(null, article, registry)).toBeNull();
  });

  it('turns id into a documentId condition', () => {
    expect(parseGraphqlFilters({ id: { in: ['a', 'b'] } }, article, registry)).toEqual({ kind: 'compare', field: 'documentId', op: '$in', value: ['a', 'b'] });
  });

  it('keeps list operators as lists and null/notNull as booleans', () => {
    expect(parseGraphqlFilters({ views: { between: [1, 5] }, summary: { null: true } }, article, registry)).toEqual({
      kind: 'and',
      items: [
        { kind: 'compare', field: 'views', op: '$between', value: [1, 5] },
        { kind: 'compare', field: 'summary', op: '$null', value: true },
      ],
    });
  });

  it('nests relation and component conditions', () => {
    expect(parseGraphqlFilters({ category: { name: { eqi: 'news' } }, seo: { metaTitle: { contains: 'x' } } }, article, registry)).toEqual({
      kind: 'and',
      items: [
        { kind: 'nested', attribute: 'category', filter: { kind: 'compare', field: 'name', op: '$eqi', value: 'news' } },
        { kind: 'nested', attribute: 'seo', filter: { kind: 'compare', field: 'metaTitle', op: '$contains', value: 'x' } },
      ],
    });
  });

  it('supports and/or/not at the type level and inside a field', () => {
    expect(
      parseGraphqlFilters(
        { or: [{ title: { eq: 'a' } }, { title: { eq: 'b' } }], not: { views: { lt: 2 } }, tone: { not: { eq: 'serious' }, or: [{ eq: 'neutral' }] } },
        article,
        registry,
      ),
    ).toEqual({
      kind: 'and',
      items: [
        { kind: 'or', items: [{ kind: 'compare', field: 'title', op: '$eq', value: 'a' }, { kind: 'compare', field: 'title', op: '$eq', value: 'b' }] },
        { kind: 'not', item: { kind: 'compare', field: 'views', op: '$lt', value: 2 } },
        {
          kind: 'and',
          items: [
            { kind: 'not', item: { kind: 'compare', field: 'tone', op: '$eq', value: 'serious' } },
            { kind: 'or', items: [{ kind: 'compare', field: 'tone', op: '$eq', value: 'neutral' }] },
          ],
        },
      ],
    });
  });

  it('refuses media, unknown fields and between with the wrong arity', () => {
    expect(() => parseGraphqlFilters({ cover: { id: { eq: '1' } } }, article, registry)).toThrow(ValidationError);
    expect(() => parseGraphqlFilters({ nope: { eq: 1 } }, article, registry)).toThrow('Invalid key nope');
    expect(() => parseGraphqlFilters({ views: { between: [1] } }, article, registry)).toThrow('between expects exactly two values');
  });
});

describe('parseGraphqlSort', () => {
  it('reads REST sort strings, comma lists and dotted relation paths', () => {
    expect(parseGraphqlSort(['title:desc', 'views', 'category.name:ASC,createdAt:asc'], article, registry)).toEqual([
      { path: ['title'], order: 'desc' },
      { path: ['views'], order: 'asc' },
      { path: ['category', 'name'], order: 'asc' },
      { path: ['createdAt'], order: 'asc' },
    ]);
    expect(parseGraphqlSort([], article, registry)).toEqual([]);
    expect(parseGraphqlSort(null, article, registry)).toEqual([]);
  });

  it('rejects unknown fields, bad directions and to-many paths with Invalid key', () => {
    expect(() => parseGraphqlSort(['nope:asc'], article, registry)).toThrow('Invalid key nope:asc');
    expect(() => parseGraphqlSort(['title:up'], article, registry)).toThrow(ValidationError);
    expect(() => parseGraphqlSort(['tags.name'], article, registry)).toThrow(ValidationError);
    expect(() => parseGraphqlSort(['category'], article, registry)).toThrow(ValidationError);
  });
});

describe('parseGraphqlPagination', () => {
  it('defaults to page 1 of defaultLimit', () => {
    expect(parseGraphqlPagination({}, LIMITS, true)).toEqual({ kind: 'page', page: 1, pageSize: 10, withCount: true });
    expect(parseGraphqlPagination(undefined, LIMITS, false)).toEqual({ kind: 'page', page: 1, pageSize: 10, withCount: false });
    expect(parseGraphqlPagination({ page: 3 }, LIMITS, false)).toEqual({ kind: 'page', page: 3, pageSize: 10, withCount: false });
    expect(parseGraphqlPagination({ start: 5 }, LIMITS, false)).toEqual({ kind: 'offset', start: 5, limit: 10, withCount: false });
  });

  it('clamps sizes to amountLimit; -1 means amountLimit; 0 is a count-only page', () => {
    expect(parseGraphqlPagination({ pageSize: 500 }, LIMITS, false)).toMatchObject({ pageSize: 100 });
    expect(parseGraphqlPagination({ limit: -1 }, LIMITS, false)).toMatchObject({ kind: 'offset', limit: 100 });
    expect(parseGraphqlPagination({ pageSize: -1 }, LIMITS, false)).toMatchObject({ pageSize: 100 });
    expect(parseGraphqlPagination({ limit: 0 }, LIMITS, false)).toMatchObject({ limit: 0 });
    expect(parseGraphqlPagination({}, { defaultLimit: 50, amountLimit: 20 }, false)).toMatchObject({ pageSize: 20 });
  });

  it('rejects mixed styles and negative values', () => {
    expect(() => parseGraphqlPagination({ page: 1, limit: 5 }, LIMITS, false)).toThrow(PaginationError);
    expect(() => parseGraphqlPagination({ page: 1, limit: 5 }, LIMITS, false)).toThrow('Cannot use both page & offset pagination in the same query');
    expect(() => parseGraphqlPagination({ pageSize: -2 }, LIMITS, false)).toThrow(ValidationError);
    expect(() => parseGraphqlPagination({ start: -1 }, LIMITS, false)).toThrow(ValidationError);
    expect(() => parseGraphqlPagination({ page: 0 }, LIMITS, false)).toThrow(ValidationError);
  });

  it('ignores explicit nulls when choosing the style', () => {
    expect(parseGraphqlPagination({ page: null, pageSize: null, start: 2, limit: 3 }, LIMITS, false)).toEqual({ kind: 'offset', start: 2, limit: 3, withCount: false });
  });
});

describe('nestedListWindow', () => {
  it('turns either style into a slice window, capped like top-level lists', () => {
    expect(nestedListWindow({}, LIMITS)).toEqual({ start: 0, limit: 10 });
    expect(nestedListWindow({ page: 2, pageSize: 3 }, LIMITS)).toEqual({ start: 3, limit: 3 });
    expect(nestedListWindow({ start: 4, limit: 1000 }, LIMITS)).toEqual({ start: 4, limit: 100 });
  });
});

describe('parsePublicationState', () => {
  it('reads drafts for PREVIEW on draft-and-publish types only', () => {
    expect(parsePublicationState('preview', true)).toBe('draft');
    expect(parsePublicationState('live', true)).toBe('published');
    expect(parsePublicationState(undefined, true)).toBe('published');
    expect(parsePublicationState('preview', false)).toBe('published');
  });
});
