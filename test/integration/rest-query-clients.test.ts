/**
 * The server driven the way Strapi users drive it: the official `@strapi/client` package, and
 * query strings built with `qs.stringify(query, { encodeValuesOnly: true })` exactly as Strapi's
 * REST documentation shows (objects from the docs, adapted to the blog fixture's names only).
 */
import { HTTPBadRequestError, HTTPNotFoundError, strapi } from '@strapi/client';
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { idsOf, orderArticles, publishedIds, useSeededBlog } from '../helpers/rest-query.js';
import type { SeededArticle } from '../helpers/seed-blog-http.js';

type A = SeededArticle;
type Json = Record<string, any>;

describeEachDialect('Strapi clients', (dialect) => {
  const blog = useSeededBlog(dialect, { articles: 24 });
  const client = () => strapi({ baseURL: `${blog.t.url}/api`, auth: blog.headers.authorization?.replace(/^Bearer /, '') });
  const published = () => blog.seed.published;

  describe('@strapi/client', () => {
    it('finds a collection with filters, sort, fields, populate and pagination', async () => {
      const articles = client().collection('articles');
      const res = await articles.find({
        filters: { title: { $startsWith: 'Article' }, featured: false },
        sort: ['views:desc', 'title'],
        fields: ['title', 'views'],
        populate: { category: { fields: ['name'] }, tags: { sort: 'name:asc', filters: { name: { $ne: 'misc' } } } },
        pagination: { page: 2, pageSize: 3 },
      });
      const matching = orderArticles(published().filter((a) => a.scalars.title.startsWith('Article') && !a.scalars.featured), [
        [(a) => a.scalars.views, 'desc'],
        [(a) => a.scalars.title, 'asc'],
      ]);
      expect(res.meta.pagination).toEqual({ page: 2, pageSize: 3, pageCount: Math.ceil(matching.length / 3), total: matching.length });
      expect(res.data).toEqual(matching.slice(3, 6).map((a) => ({
        id: a.id, documentId: a.documentId, title: a.scalars.title, views: a.scalars.views,
        category: a.category && { id: a.category.id, documentId: a.category.documentId, name: a.category.name },
        tags: a.tags.filter((t) => t.name !== 'misc').sort((x, y) => (x.name < y.name ? -1 : 1)).map((t) => expect.objectContaining({ name: t.name })),
      })));
    });

    it('finds one document, populates it, and reports a 404', async () => {
      const a = published()[1] as A;
      const res = await client().collection('articles').findOne(a.documentId, { fields: ['title'], populate: ['tags', 'seo'] });
      expect(res.data).toEqual({
        id: a.id, documentId: a.documentId, title: a.scalars.title,
        tags: a.tags.map((t) => expect.objectContaining({ id: t.id })),
        seo: a.seo && expect.objectContaining({ metaTitle: a.seo.metaTitle }),
      });
      await expect(client().collection('articles').findOne('nope')).rejects.toBeInstanceOf(HTTPNotFoundError);
    });

    it('creates, updates and deletes a document', async () => {
      const tags = client().collection('tags');
      const created = await tags.create({ name: 'from-client' });
      expect(created.data).toMatchObject({ name: 'from-client', documentId: expect.any(String) });
      const updated = await tags.update(created.data.documentId, { name: 'renamed-by-client' }, { fields: ['name'] });
      expect(updated.data).toEqual({ id: created.data.id, documentId: created.data.documentId, name: 'renamed-by-client' });
      const listed = await tags.find({ filters: { name: { $eq: 'renamed-by-client' } } });
      expect(listed.data.map((t) => t.documentId)).toEqual([created.data.documentId]);
      await tags.delete(created.data.documentId);
      await expect(tags.findOne(created.data.documentId)).rejects.toBeInstanceOf(HTTPNotFoundError);
      const draft = await client().collection('articles').create({ title: 'Client draft' }, { status: 'draft' });
      expect(draft.data.publishedAt).toBeNull();
      await client().collection('articles').delete(draft.data.documentId);
    });

    it('reads and updates a single type', async () => {
      const global = client().single('global');
      const read = await global.find({ populate: { defaultSeo: { populate: '*' }, favicon: { fields: ['name'] } } });
      expect(read.data).toMatchObject({ siteName: 'Vellum blog', defaultSeo: { metaTitle: 'Home', social: [{ network: 'github' }] }, favicon: { name: 'image-0.png' } });
      const updated = await global.update({ siteDescription: 'Updated by the client' }, { fields: ['siteDescription'] });
      expect(updated.data).toEqual({ id: expect.any(Number), documentId: blog.seed.global.documentId, siteDescription: 'Updated by the client' });
    });

    it('surfaces a validation error as a 400 with the error body', async () => {
      const error = await client().collection('articles').find({ filters: { nope: { $eq: 1 } } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HTTPBadRequestError);
      expect(await (error as HTTPBadRequestError).response.json()).toEqual({
        data: null,
        error: { status: 400, name: 'ValidationError', message: 'Invalid key nope', details: { key: 'nope', path: null, source: 'query', param: 'filters' } },
      });
    });
  });

  describe('qs.stringify(query, { encodeValuesOnly: true }) as in Strapi\'s docs', () => {
    const get = async (query: Record<string, unknown>, path = '/api/articles') => {
      const res = await blog.api.get(`${path}?${qs.stringify(query, { encodeValuesOnly: true })}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { data: Json[]; meta: Json };
    };

    it('filters: $eq, $in, deep filters and complex $or', async () => {
      const eq = await get({ filters: { title: { $eq: 'Hello World' } } });
      expect(idsOf(eq)).toEqual(publishedIds(published().filter((a) => a.scalars.title === 'Hello World')));
      const some = published().slice(2, 5).map((a) => a.id as number);
      expect(idsOf(await get({ filters: { id: { $in: some } } }))).toEqual(some);
      const deep = await get({ filters: { category: { name: { $eq: 'Tech' } } }, pagination: { pageSize: 100 } });
      expect(idsOf(deep)).toEqual(publishedIds(published().filter((a) => a.category?.name === 'Tech')));
      const complex = await get({
        filters: {
          $or: [{ publishDate: { $eq: '2024-01-01' } }, { publishDate: { $eq: '2024-01-10' } }],
          author: { name: { $eq: 'Ada Lovelace' } },
        },
      });
      expect(idsOf(complex)).toEqual(publishedIds(published().filter((a) => ['2024-01-01', '2024-01-10'].includes(a.scalars.publishDate ?? '') && a.author?.name === 'Ada Lovelace')));
    });

    it('sort, pagination by page and by offset, fields', async () => {
      const sorted = await get({ sort: ['featured:asc', 'title:desc'], fields: ['title', 'featured'], pagination: { page: 1, pageSize: 100 } });
      expect(idsOf(sorted)).toEqual(publishedIds(orderArticles(published(), [[(a) => a.scalars.featured, 'asc'], [(a) => a.scalars.title, 'desc']])));
      expect(Object.keys(sorted.data[0] ?? {})).toEqual(['id', 'documentId', 'title', 'featured']);
      const page = await get({ pagination: { page: 2, pageSize: 5, withCount: true } });
      expect(page.meta.pagination).toEqual({ page: 2, pageSize: 5, pageCount: Math.ceil(published().length / 5), total: published().length });
      const offset = await get({ pagination: { start: 4, limit: 3 } });
      expect(offset.meta.pagination).toEqual({ start: 4, limit: 3, total: published().length });
      expect(idsOf(offset)).toEqual(publishedIds(published()).slice(4, 7));
    });

    it('populate: *, arrays, nested objects, fields/sort/filters inside, and dynamic zones with on', async () => {
      const star = await get({ populate: '*', pagination: { pageSize: 1 } });
      expect(Object.keys(star.data[0] ?? {})).toEqual(expect.arrayContaining(['cover', 'gallery', 'category', 'author', 'tags', 'seo', 'blocks']));
      const list = await get({ populate: ['category', 'author'], fields: ['title'], pagination: { pageSize: 1 } });
      expect(Object.keys(list.data[0] ?? {})).toEqual(['id', 'documentId', 'title', 'category', 'author']);
      const nested = await get({ populate: { author: { populate: ['avatar'] } }, fields: ['title'], pagination: { pageSize: 100 } });
      expect(nested.data.map((e) => e.author?.avatar?.id ?? null)).toEqual(published().map((a) => a.author?.avatar?.id ?? null));
      const inside = await get({
        fields: ['title'],
        populate: { tags: { sort: ['name:asc'], filters: { name: { $eq: 'news' } } }, cover: { fields: ['name', 'url'] } },
        pagination: { pageSize: 100 },
      });
      inside.data.forEach((entry, i) => {
        const a = published()[i] as A;
        expect(entry.tags.map((t: Json) => t.name)).toEqual(a.tags.filter((t) => t.name === 'news').map((t) => t.name));
        expect(entry.cover).toEqual(a.cover && { id: a.cover.id, documentId: a.cover.documentId, name: a.cover.name, url: a.cover.url });
      });
      const zone = await get({
        fields: ['title'],
        populate: {
          blocks: {
            on: {
              'shared.quote': { fields: ['text'], populate: { author: { fields: ['name'] } } },
              'shared.media': { populate: '*' },
            },
          },
        },
        pagination: { pageSize: 100 },
      });
      zone.data.forEach((entry, i) => {
        const a = published()[i] as A;
        const kept = a.blocks.filter((b) => b.__component !== 'shared.rich-text');
        expect(entry.blocks.map((b: Json) => b.__component)).toEqual(kept.map((b) => b.__component));
        for (const [j, b] of kept.entries()) {
          if (b.__component === 'shared.quote') expect(entry.blocks[j]).toEqual({ __component: 'shared.quote', id: expect.any(Number), text: b.text, author: b.author && { id: b.author.id, documentId: b.author.documentId, name: b.author.name } });
          if (b.__component === 'shared.media') expect(entry.blocks[j].file?.id).toBe(b.file?.id);
        }
      });
    });

    it('status=draft', async () => {
      const drafts = await get({ status: 'draft', fields: ['title'], pagination: { pageSize: 100 } });
      expect(drafts.data.map((e) => e.title)).toEqual([...blog.seed.articles].sort((x, y) => x.draftId - y.draftId).map((a) => a.draftScalars.title));
    });
  });
});
