/**
 * `config/api.js` overrides of the REST query limits over real HTTP on every dialect:
 * `rest.defaultLimit`, `rest.maxLimit`, `rest.withCount`, `rest.strictParams` and
 * `rest.populateDepthLimit`.
 */
import { describe, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { idsOf, invalidKeyBody, publishedIds, useSeededBlog } from '../helpers/rest-query.js';

const API_CONFIG = `module.exports = ({ env }) => ({
  rest: { defaultLimit: 5, maxLimit: 12, withCount: false, strictParams: true, populateDepthLimit: 2 },
});
`;

describeEachDialect('REST query config/api overrides', (dialect) => {
  const blog = useSeededBlog(dialect, { articles: 16, files: { 'config/api.js': API_CONFIG } });
  const { api } = blog;
  const ok = async (query: string) => {
    const res = await api.get(`/api/articles?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const ids = () => publishedIds(blog.seed.published);

  describe('pagination defaults and caps', () => {
    it('defaultLimit sets the page size; withCount: false leaves the totals out', async () => {
      const body = await ok('');
      expect(body.meta.pagination).toEqual({ page: 1, pageSize: 5 });
      expect(idsOf(body)).toEqual(ids().slice(0, 5));
      expect((await ok('pagination[page]=2')).meta.pagination).toEqual({ page: 2, pageSize: 5 });
      expect((await ok('pagination[start]=3')).meta.pagination).toEqual({ start: 3, limit: 5 });
    });

    it('pagination[withCount]=true still asks for the totals', async () => {
      const total = blog.seed.published.length;
      expect((await ok('pagination[withCount]=true')).meta.pagination).toEqual({ page: 1, pageSize: 5, pageCount: Math.ceil(total / 5), total });
      expect((await ok('pagination[limit]=2&pagination[withCount]=t')).meta.pagination).toEqual({ start: 0, limit: 2, total });
    });

    it('maxLimit caps pageSize and limit, and is what limit=-1 means', async () => {
      const body = await ok('pagination[pageSize]=50');
      expect(body.meta.pagination).toEqual({ page: 1, pageSize: 12 });
      expect(idsOf(body)).toEqual(ids().slice(0, 12));
      expect((await ok('pagination[limit]=100')).meta.pagination).toEqual({ start: 0, limit: 12 });
      const all = await ok('pagination[limit]=-1&pagination[start]=1');
      expect(all.meta.pagination).toEqual({ start: 1, limit: 12 });
      expect(idsOf(all)).toEqual(ids().slice(1, 13));
    });
  });

  describe('strictParams', () => {
    it('refuses unknown top-level parameters and unknown pagination keys', async () => {
      expect((await api.get('/api/articles?foo=1')).body).toEqual(invalidKeyBody('foo', 'foo'));
      expect((await api.get('/api/articles?where[id]=1')).body).toEqual(invalidKeyBody('where', 'where'));
      expect((await api.get('/api/articles?pagination[foo]=1')).body).toEqual(invalidKeyBody('pagination', 'foo'));
      expect((await api.get(`/api/articles/${blog.seed.published[0]?.documentId}?extra=1`)).body).toEqual(invalidKeyBody('extra', 'extra'));
    });

    it('accepts every known parameter', async () => {
      const body = await ok('filters[featured]=true&sort=views&pagination[page]=1&fields=title&populate=category&status=published&locale=en');
      expect(body.data.every((e: { category?: unknown }) => 'category' in e)).toBe(true);
    });
  });

  describe('populateDepthLimit', () => {
    it('allows populate up to the configured depth and refuses deeper', async () => {
      expect((await api.get('/api/articles?populate[author][populate][0]=avatar')).status).toBe(200);
      expect((await api.get('/api/articles?populate=seo.social')).status).toBe(200);
      expect((await api.get('/api/articles?populate=author.articles.category')).body).toEqual(invalidKeyBody('populate', 'author.articles.category', {
        message: 'Invalid key category at author.articles.category: populate depth exceeds the limit of 2',
      }));
      const zone = 'populate[blocks][on][shared.quote][populate][author][populate][0]=avatar';
      expect((await api.get(`/api/articles?${zone}`)).body).toEqual(invalidKeyBody('populate', 'blocks.on.shared.quote.populate.author.populate.avatar', {
        key: 'avatar',
        message: 'Invalid key avatar at blocks.on.shared.quote.populate.author.populate.avatar: populate depth exceeds the limit of 2',
      }));
    });
  });
});
