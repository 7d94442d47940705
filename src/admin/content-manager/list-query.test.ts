import { beforeAll, describe, expect, it } from 'vitest';
import { VellumError } from '../../errors/index.js';
import type { Registry } from '../../model/types.js';
import { parseQueryString } from '../../query/parse-query-string.js';
import { queryTestRegistry } from '../../../test/helpers/query-registry.js';
import { adminQueryContext, defaultListFields, parseListQuery } from './list-query.js';
import { documentData, documentIdsOf } from './request-input.js';

let registry: Registry;
beforeAll(async () => {
  registry = await queryTestRegistry();
});

const list = (qs: string, uid = 'api::article.article') => parseListQuery(parseQueryString(qs), registry.contentType(uid), adminQueryContext(registry, undefined));
const refusal = (run: () => unknown): { status: number; details: unknown } => {
  try {
    run();
  } catch (error) {
    if (error instanceof VellumError) return { status: error.status, details: error.details };
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('content-manager list query', () => {
  it('defaults: drafts, page 1 of 10, sorted by the main field, only the list columns', () => {
    const query = list('');
    expect(query.status).toBe('draft');
    expect(query.pagination).toEqual({ kind: 'page', page: 1, pageSize: 10, withCount: true });
    expect(query.sort).toEqual([{ path: ['title'], order: 'asc' }]);
    expect(query.fields).toEqual(defaultListFields(registry.contentType('api::article.article')));
    expect(query.fields).toEqual(['title', 'slug', 'views', 'createdAt', 'updatedAt', 'publishedAt']);
    expect(query.populate).toEqual([]);
  });

  it('reads Strapi admin parameters at the top level: page, pageSize, sort=field:ASC, filters, _q, status', () => {
    const query = list('page=3&pageSize=20&sort=views:DESC&filters[$and][0][title][$containsi]=x&_q=hello&status=published');
    expect(query.pagination).toEqual({ kind: 'page', page: 3, pageSize: 20, withCount: true });
    expect(query.sort).toEqual([{ path: ['views'], order: 'desc' }]);
    expect(query.status).toBe('published');
    expect(JSON.stringify(query.filters)).toContain('"value":"x"');
    expect(JSON.stringify(query.filters)).toContain('"value":"hello"');
  });

  it('page sizes are clamped to 100; chosen columns keep what the status needs; locale on localized types', () => {
    expect(list('pageSize=5000').pagination).toMatchObject({ pageSize: 100 });
    expect(list('fields[0]=title').fields).toEqual(['title', 'updatedAt', 'publishedAt']);
    expect(list('locale=fr', 'api::page.page').locale).toBe('fr');
  });

  it('refuses unknown fields, sorts and bad statuses with a 400 naming the parameter', () => {
    expect(refusal(() => list('sort=nope:ASC'))).toMatchObject({ status: 400, details: { param: 'sort' } });
    expect(refusal(() => list('filters[nope][$eq]=1'))).toMatchObject({ status: 400, details: { param: 'filters' } });
    expect(refusal(() => list('status=live'))).toMatchObject({ status: 400, details: { param: 'status' } });
    expect(refusal(() => list('page=0'))).toMatchObject({ status: 400 });
  });
});

describe('content-manager request bodies', () => {
  it('a document body loses the keys the server keeps (ids, timestamps, status, creator fields, locale)', () => {
    expect(documentData({ id: 1, documentId: 'x', title: 'T', status: 'draft', createdBy: { id: 1 }, updatedAt: 'now', locale: 'fr', views: 3 })).toEqual({ title: 'T', views: 3 });
  });
  it('bulk documentIds: a non-empty list of strings, at most 100', () => {
    expect(documentIdsOf({ documentIds: ['a', 'b', 'a'] })).toEqual(['a', 'b']);
    for (const documentIds of [undefined, [], [1], [''], Array.from({ length: 101 }, (_, i) => `d${i}`)]) {
      expect(refusal(() => documentIdsOf({ documentIds }))).toMatchObject({ status: 400, details: { errors: [{ path: ['documentIds'] }] } });
    }
  });
});
