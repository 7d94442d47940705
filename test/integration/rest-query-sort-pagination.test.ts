/**
 * Spec 4.2 (sorting and pagination) and the pagination edges of decisions.md, over real HTTP on
 * every dialect, against a blog seeded through the REST API. Expected orders are computed from
 * the seed: NULLs first ascending / last descending, `id` as the last tie-breaker.
 */
import { describe, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { type SortKey, idsOf, invalidKeyBody, orderArticles, publishedIds, useSeededBlog } from '../helpers/rest-query.js';
import type { SeededArticle } from '../helpers/seed-blog-http.js';

type A = SeededArticle;
const asc = (key: (a: A) => unknown): SortKey<A> => [key as SortKey<A>[0], 'asc'];
const desc = (key: (a: A) => unknown): SortKey<A> => [key as SortKey<A>[0], 'desc'];
const ALL = 'pagination[pageSize]=100';

describeEachDialect('REST sort and pagination', (dialect) => {
  const blog = useSeededBlog(dialect);
  const { api } = blog;
  const list = async (query: string) => {
    const res = await api.get(`/api/articles?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { data: Record<string, unknown>[] & { id: number }[]; meta: { pagination: Record<string, number> } };
  };
  const expectOrder = async (query: string, keys: readonly SortKey<A>[], subset: (a: A) => boolean = () => true) => {
    const expected = publishedIds(orderArticles(blog.seed.published.filter(subset), keys));
    expect(idsOf(await list(query)), query).toEqual(expected);
  };

  describe('sort (spec 4.2)', () => {
    it('without sort, entries come in id order', async () => {
      expect(idsOf(await list(ALL))).toEqual(publishedIds(blog.seed.published));
    });

    it('sort=<field> sorts on one field, ascending by default, ties broken by id', async () => {
      await expectOrder(`sort=views&${ALL}`, [asc((a) => a.scalars.views)]);
      // the default page holds the first 25 of the same order
      const firstPage = publishedIds(orderArticles(blog.seed.published, [asc((a) => a.scalars.views)])).slice(0, 25);
      expect(idsOf(await list('sort=views'))).toEqual(firstPage);
    });

    it('suffix :asc sorts ascending and :desc descending', async () => {
      await expectOrder(`sort=views:asc&${ALL}`, [asc((a) => a.scalars.views)]);
      await expectOrder(`sort=views:desc&${ALL}`, [desc((a) => a.scalars.views)]);
      await expectOrder(`sort=views%3Adesc&${ALL}`, [desc((a) => a.scalars.views)]);
    });

    it('sort[0]=<field1>&sort[1]=<field2> sorts on several fields in array order', async () => {
      await expectOrder(`sort[0]=featured&sort[1]=views:desc&${ALL}`, [asc((a) => a.scalars.featured), desc((a) => a.scalars.views)]);
      await expectOrder(`sort[0]=views:desc&sort[1]=featured&${ALL}`, [desc((a) => a.scalars.views), asc((a) => a.scalars.featured)]);
    });

    it('accepts a comma list in one value, the object form and an array of objects', async () => {
      const keys = [desc((a) => a.scalars.featured), asc((a) => a.scalars.rating)];
      await expectOrder(`sort=featured:desc,rating&${ALL}`, keys);
      await expectOrder(`sort[featured]=desc&sort[rating]=asc&${ALL}`, keys);
      await expectOrder(`sort[0][featured]=desc&sort[1][rating]=asc&${ALL}`, keys);
    });

    it('sorts every scalar kind with NULLs first ascending and last descending', async () => {
      await expectOrder(`sort=likes:desc&${ALL}`, [desc((a) => (a.scalars.likes === null ? null : BigInt(a.scalars.likes)))]);
      await expectOrder(`sort=score&${ALL}`, [asc((a) => a.scalars.score)]);
      await expectOrder(`sort=rating:desc&${ALL}`, [desc((a) => a.scalars.rating)]);
      await expectOrder(`sort=publishDate&${ALL}`, [asc((a) => a.scalars.publishDate)]);
      await expectOrder(`sort=readingTime:desc&${ALL}`, [desc((a) => a.scalars.readingTime)]);
      await expectOrder(`sort=lastReviewedAt&${ALL}`, [asc((a) => a.scalars.lastReviewedAt)]);
      await expectOrder(`sort=tone:desc&${ALL}`, [desc((a) => a.scalars.tone)]);
      await expectOrder(`sort=contactEmail&${ALL}`, [asc((a) => a.scalars.contactEmail)]);
    });

    it('sorts strings by code point on every database', async () => {
      await expectOrder(`sort=title&${ALL}`, [asc((a) => a.scalars.title)]);
      await expectOrder(`sort=title:desc&${ALL}`, [desc((a) => a.scalars.title)]);
    });

    it('sorts on id, documentId and the timestamps', async () => {
      await expectOrder(`sort=id:desc&${ALL}`, [desc((a) => a.id)]);
      await expectOrder(`sort=documentId&${ALL}`, [asc((a) => a.documentId)]);
      await expectOrder(`sort=createdAt:desc&${ALL}`, [desc((a) => a.createdAt)]);
      // publishing copies the draft, so the published rows' publishedAt follow their ids
      expect(idsOf(await list(`sort=publishedAt:desc&${ALL}`))).toEqual(publishedIds(blog.seed.published).reverse());
      expect(idsOf(await list(`sort=updatedAt&${ALL}`))).toEqual(publishedIds(blog.seed.published));
    });

    it("sorts on a to-one relation's field (dotted and nested-object forms)", async () => {
      const byCategory = [asc((a) => a.category?.name ?? null)];
      await expectOrder(`sort=category.name:asc&${ALL}`, byCategory);
      await expectOrder(`sort=category.name&${ALL}`, byCategory);
      await expectOrder(`sort[category][name]=desc&${ALL}`, [desc((a) => a.category?.name ?? null)]);
      await expectOrder(`sort[0][category][name]=asc&${ALL}`, byCategory);
      await expectOrder(`sort=author.name:desc&${ALL}`, [desc((a) => a.author?.name ?? null)]);
      await expectOrder(`sort[0]=category.position:desc&sort[1]=views&${ALL}`, [
        desc((a) => a.category?.position ?? null),
        asc((a) => a.scalars.views),
      ]);
    });

    it("sorts on a single component's field", async () => {
      await expectOrder(`sort=seo.metaTitle:desc&${ALL}`, [desc((a) => a.seo?.metaTitle ?? null)]);
    });

    it('pages through a sort with ties without repeating or skipping an entry', async () => {
      const sorts = ['category.name', 'category.position:desc', 'featured', 'views:desc', 'author.active'];
      for (const sort of sorts) {
        const full = idsOf(await list(`sort=${sort}&${ALL}`));
        expect(full).toHaveLength(blog.seed.published.length);
        const paged: number[] = [];
        for (let page = 1; page <= Math.ceil(full.length / 4); page++) {
          paged.push(...idsOf(await list(`sort=${sort}&pagination[page]=${page}&pagination[pageSize]=4`)));
        }
        expect(paged, sort).toEqual(full);
        const offsets: number[] = [];
        for (let start = 0; start < full.length; start += 7) {
          offsets.push(...idsOf(await list(`sort=${sort}&pagination[start]=${start}&pagination[limit]=7`)));
        }
        expect(offsets, sort).toEqual(full);
        expect(new Set(paged).size).toBe(full.length);
      }
    });

    it('refuses what cannot be sorted, naming it', async () => {
      // [query, where the key is written, key, the key is an attribute that cannot be sorted on]
      const cases: [string, string, string, boolean][] = [
        ['sort=nope', 'nope', 'nope', false],
        ['sort=title:up', 'title.up', 'up', false],
        // Strapi walks into the relation with the direction as a key
        ['sort=category:asc', 'category.asc', 'asc', false],
        ['sort=category', 'category.asc', 'asc', false],
        ['sort=tags.name', 'tags', 'tags', true],
        ['sort=cover.name', 'cover', 'cover', true],
        ['sort=blocks', 'blocks', 'blocks', true],
        ['sort=category.nope', 'category.nope', 'nope', false],
        ['sort[0]=title&sort[1]=Title', 'Title', 'Title', false],
        ['sort[title]=sideways', 'title.sideways', 'sideways', false],
      ];
      for (const [query, path, key, attribute] of cases) {
        expect((await api.get(`/api/articles?${query}`)).body, query).toEqual(invalidKeyBody('sort', path, { key, attribute }));
      }
      expect((await api.get('/api/articles?sort=category:asc')).body.error.message).toBe('Invalid key asc at category');
    });
  });

  describe('pagination by page (spec 4.2, 8)', () => {
    const total = () => blog.seed.published.length;

    it('defaults to page 1 of 25 with the count', async () => {
      const body = await list('');
      expect(body.meta.pagination).toEqual({ page: 1, pageSize: 25, pageCount: Math.ceil(total() / 25), total: total() });
      expect(idsOf(body)).toEqual(publishedIds(blog.seed.published).slice(0, 25));
    });

    it('returns the asked page and its meta', async () => {
      const body = await list('pagination[page]=2&pagination[pageSize]=10');
      expect(body.meta.pagination).toEqual({ page: 2, pageSize: 10, pageCount: Math.ceil(total() / 10), total: total() });
      expect(idsOf(body)).toEqual(publishedIds(blog.seed.published).slice(10, 20));
    });

    it('pagination[withCount]=false omits total and pageCount', async () => {
      const body = await list('pagination[page]=1&pagination[pageSize]=3&pagination[withCount]=false');
      expect(body.meta.pagination).toEqual({ page: 1, pageSize: 3 });
      expect(body.data).toHaveLength(3);
      for (const value of ['false', 'f', '0']) {
        expect((await list(`pagination[withCount]=${value}`)).meta.pagination).toEqual({ page: 1, pageSize: 25 });
      }
      for (const value of ['true', 't', '1']) {
        expect((await list(`pagination[withCount]=${value}`)).meta.pagination).toHaveProperty('total', total());
      }
    });

    it('a page without pageSize uses the default size', async () => {
      const body = await list('pagination[page]=2');
      expect(body.meta.pagination).toEqual({ page: 2, pageSize: 25, pageCount: Math.ceil(total() / 25), total: total() });
      expect(idsOf(body)).toEqual(publishedIds(blog.seed.published).slice(25, 50));
    });

    it('a page past the last returns no data and keeps the requested page', async () => {
      const body = await list('pagination[page]=99&pagination[pageSize]=10');
      expect(body).toEqual({ data: [], meta: { pagination: { page: 99, pageSize: 10, pageCount: Math.ceil(total() / 10), total: total() } } });
    });

    it('pageSize=0 is a count-only query', async () => {
      expect(await list('pagination[pageSize]=0')).toEqual({ data: [], meta: { pagination: { page: 1, pageSize: 0, pageCount: 0, total: total() } } });
      expect(await list('pagination[pageSize]=0&filters[featured]=true')).toEqual({
        data: [],
        meta: { pagination: { page: 1, pageSize: 0, pageCount: 0, total: blog.seed.published.filter((a) => a.scalars.featured).length } },
      });
    });

    it('clamps a pageSize above maxLimit (100)', async () => {
      const body = await list('pagination[pageSize]=500');
      expect(body.meta.pagination).toEqual({ page: 1, pageSize: 100, pageCount: 1, total: total() });
      expect(body.data).toHaveLength(total());
    });
  });

  describe('pagination by offset (spec 4.2, 8)', () => {
    const total = () => blog.seed.published.length;

    it('returns limit entries from start with { start, limit, total }', async () => {
      const body = await list('pagination[start]=5&pagination[limit]=10');
      expect(body.meta.pagination).toEqual({ start: 5, limit: 10, total: total() });
      expect(idsOf(body)).toEqual(publishedIds(blog.seed.published).slice(5, 15));
    });

    it('defaults start to 0 and limit to 25', async () => {
      expect((await list('pagination[limit]=3')).meta.pagination).toEqual({ start: 0, limit: 3, total: total() });
      const body = await list('pagination[start]=2');
      expect(body.meta.pagination).toEqual({ start: 2, limit: 25, total: total() });
      expect(idsOf(body)).toEqual(publishedIds(blog.seed.published).slice(2, 27));
    });

    it('withCount=false omits the total', async () => {
      expect((await list('pagination[start]=1&pagination[limit]=2&pagination[withCount]=false')).meta.pagination).toEqual({ start: 1, limit: 2 });
    });

    it('limit=0 is a count-only query; limit=-1 means maxLimit; above maxLimit is clamped', async () => {
      expect(await list('pagination[limit]=0')).toEqual({ data: [], meta: { pagination: { start: 0, limit: 0, total: total() } } });
      const all = await list('pagination[limit]=-1');
      expect(all.meta.pagination).toEqual({ start: 0, limit: 100, total: total() });
      expect(idsOf(all)).toEqual(publishedIds(blog.seed.published));
      expect((await list('pagination[limit]=1000&pagination[start]=30')).meta.pagination).toEqual({ start: 30, limit: 100, total: total() });
    });

    it('a start past the end returns no data', async () => {
      expect(await list('pagination[start]=500&pagination[limit]=5')).toEqual({ data: [], meta: { pagination: { start: 500, limit: 5, total: total() } } });
    });
  });

  describe('pagination errors', () => {
    const paginationError = (key: string, message: string) => ({
      data: null,
      error: { status: 400, name: 'PaginationError', message, details: { key, path: key, source: 'query', param: 'pagination' } },
    });

    it('mixing page and offset styles is a 400 PaginationError', async () => {
      const message = 'Cannot use both page & offset pagination in the same query';
      for (const [query, key] of [['pagination[page]=1&pagination[limit]=5', 'limit'], ['pagination[start]=0&pagination[pageSize]=5', 'start'], ['pagination[page]=1&pagination[start]=0&pagination[limit]=1', 'start']] as const) {
        expect((await api.get(`/api/articles?${query}`)).body).toEqual(paginationError(key, message));
      }
    });

    it('negative values (other than limit=-1) and page 0 are a 400', async () => {
      const cases: [string, string, string][] = [
        ['page', '0', "Invalid 'page' parameter. Expected an integer > 0, received: 0"],
        ['page', '-1', "Invalid 'page' parameter. Expected an integer > 0, received: -1"],
        ['pageSize', '-1', "Invalid 'pageSize' parameter. Expected an integer >= 0, received: -1"],
        ['start', '-1', "Invalid 'start' parameter. Expected an integer >= 0, received: -1"],
        ['limit', '-2', "Invalid 'limit' parameter. Expected an integer >= 0, or -1, received: -2"],
      ];
      for (const [key, value, message] of cases) {
        expect((await api.get(`/api/articles?pagination[${key}]=${value}`)).body).toEqual(paginationError(key, message));
      }
    });

    it('non-numeric values are a 400', async () => {
      for (const [key, value] of [['page', 'abc'], ['pageSize', '1.5'], ['start', '1e3'], ['limit', ''], ['pageSize', '99999999999999999999']]) {
        expect((await api.get(`/api/articles?pagination[${key}]=${value}`)).body).toEqual(
          paginationError(key as string, `Invalid '${key}' parameter. Expected an integer, received: ${value}`),
        );
      }
      expect((await api.get('/api/articles?pagination[page][0]=1')).body).toEqual(
        paginationError('page', `Invalid 'page' parameter. Expected an integer, received: ["1"]`),
      );
    });

    it('an invalid withCount is a 400', async () => {
      expect((await api.get('/api/articles?pagination[withCount]=yes')).body).toEqual({
        data: null,
        error: {
          status: 400,
          name: 'ValidationError',
          message: 'Invalid withCount parameter. Expected "t","1","true","false","0","f"',
          details: { key: 'withCount', path: 'withCount', source: 'query', param: 'pagination' },
        },
      });
    });

    it('unknown pagination keys are ignored (strictParams is off)', async () => {
      expect((await list('pagination[foo]=1&pagination[pageSize]=2')).meta.pagination).toEqual({
        page: 1, pageSize: 2, pageCount: Math.ceil(blog.seed.published.length / 2), total: blog.seed.published.length,
      });
    });

    it('ignores unknown top-level parameters (strictParams off), refuses lookup', async () => {
      expect(idsOf(await list(`foo=1&where[id]=1&customFilter[a][b]=c&${ALL}`))).toEqual(publishedIds(blog.seed.published));
      expect((await api.get('/api/articles?lookup[id]=1')).body).toEqual(invalidKeyBody('lookup', 'lookup'));
    });

    it('refuses more than 1000 parameters and more than 100 array entries', async () => {
      const many = Array.from({ length: 1001 }, (_, i) => `x${i}=1`).join('&');
      expect((await api.get(`/api/articles?${many}`)).body).toEqual({
        data: null,
        error: { status: 400, name: 'ValidationError', message: 'Too many query parameters (1001). The maximum is 1000.', details: { source: 'query' } },
      });
      const populate = Array.from({ length: 105 }, (_, i) => `populate[${i}]=category`).join('&');
      expect((await api.get(`/api/articles?${populate}`)).body).toEqual({
        data: null,
        error: {
          status: 400,
          name: 'ValidationError',
          message: 'Too many populate entries (105). The maximum number of populate entries when using array notation is 100. Consider using object notation (populate[field]=true), nested population, or reducing the number of fields.',
          details: { key: 'populate', path: '', source: 'query', param: 'populate' },
        },
      });
      // 100 entries are fine
      const hundred = Array.from({ length: 100 }, (_, i) => `sort[${i}]=views`).join('&');
      expect(idsOf(await list(`${hundred}&${ALL}`))).toEqual(publishedIds(orderArticles(blog.seed.published, [asc((a) => a.scalars.views)])));
    });

    it('a non-object pagination is a 400', async () => {
      expect((await api.get('/api/articles?pagination=5')).body).toEqual(invalidKeyBody('pagination', '', { key: 'pagination' }));
    });
  });
});
