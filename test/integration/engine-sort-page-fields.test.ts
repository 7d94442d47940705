import { describe, expect, it } from 'vitest';
import { findEntries } from '../../src/engine/find-entries.js';
import { findEntryByDocumentId, loadEntriesByRowIds } from '../../src/engine/load-entries.js';
import { createStatementCounter, runWithStatementCounter } from '../../src/db/statement-counter.js';
import type { Query } from '../../src/query/ast.js';
import { AUTHOR_NAMES, CATEGORY_NAMES, CATEGORY_POSITIONS, PUBLISHED_ARTICLES, articleSpec, type ArticleSpec } from '../helpers/blog-row-specs.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { asc, desc, indexes, pop, query } from '../helpers/engine-query.js';
import { useSeededBlog } from '../helpers/seed-blog-rows.js';

const ARTICLE = 'api::article.article';
const ALL_PUBLISHED = PUBLISHED_ARTICLES.map((a) => a.i);

type Key = string | number | boolean | null;
/** Published articles ordered the way the engine must: NULLs first asc / last desc, then id. */
function expectedOrder(...keys: Array<[(a: ArticleSpec) => Key, 'asc' | 'desc']>): number[] {
  const compare = (x: Key, y: Key, dir: 'asc' | 'desc'): number => {
    if (x === y) return 0;
    if (x === null) return dir === 'asc' ? -1 : 1;
    if (y === null) return dir === 'asc' ? 1 : -1;
    const c = x < y ? -1 : 1;
    return dir === 'asc' ? c : -c;
  };
  return [...PUBLISHED_ARTICLES]
    .sort((a, b) => {
      for (const [key, dir] of keys) {
        const c = compare(key(a), key(b), dir);
        if (c !== 0) return c;
      }
      return a.i - b.i;
    })
    .map((a) => a.i);
}
const categoryName = (a: ArticleSpec): string | null => (a.category === null ? null : (CATEGORY_NAMES[a.category - 1] ?? null));

describeEachDialect('engine sort, pagination and fields', (dialect) => {
  const blog = useSeededBlog(dialect);
  const find = async (over: Partial<Query>): Promise<number[]> => indexes(await findEntries(blog.ctx, ARTICLE, query({ fields: ['title'], ...over })));

  describe('sort', () => {
    it('without sort, entries come in id order', async () => {
      expect(await find({})).toEqual(ALL_PUBLISHED);
    });

    it('puts NULLs first ascending and last descending', async () => {
      expect(await find({ sort: [asc('views')] })).toEqual(expectedOrder([(a) => a.views, 'asc']));
      expect((await find({ sort: [asc('views')] }))[0]).toBe(7);
      expect(await find({ sort: [desc('views')] })).toEqual(expectedOrder([(a) => a.views, 'desc']));
      expect((await find({ sort: [desc('views')] })).at(-1)).toBe(7);
    });

    it('breaks ties with id and applies several keys in order', async () => {
      expect(await find({ sort: [asc('tone')] })).toEqual(expectedOrder([(a) => a.tone, 'asc']));
      expect(await find({ sort: [desc('featured'), asc('views')] })).toEqual(
        expectedOrder([(a) => a.featured, 'desc'], [(a) => a.views, 'asc']),
      );
      expect(await find({ sort: [desc('id')] })).toEqual([...ALL_PUBLISHED].reverse());
    });

    it('sorts on a to-one relation field with a correlated subquery', async () => {
      const order = expectedOrder([categoryName, 'asc']);
      expect(order.slice(0, 3)).toEqual([7, 14, 28]);
      expect(await find({ sort: [asc('category', 'name')] })).toEqual(order);
      const position = (a: ArticleSpec): number | null => (a.category === null ? null : (CATEGORY_POSITIONS[a.category - 1] ?? null));
      expect(await find({ sort: [desc('category', 'position')] })).toEqual(expectedOrder([position, 'desc']));
      const author = (a: ArticleSpec): string | null => (a.author === null ? null : (AUTHOR_NAMES[a.author - 1] ?? null));
      expect(await find({ sort: [desc('author', 'name'), desc('views')] })).toEqual(expectedOrder([author, 'desc'], [(a) => a.views, 'desc']));
    });

    it('sorts through single components and media, several levels deep', async () => {
      expect(await find({ sort: [desc('seo', 'metaTitle')] })).toEqual(expectedOrder([(a) => a.seo?.metaTitle ?? null, 'desc']));
      const shareImage = (a: ArticleSpec): string | null => (a.seo?.shareImage ? `image-${a.seo.shareImage}.png` : null);
      const order = expectedOrder([shareImage, 'desc']);
      expect(order.slice(0, 2)).toEqual([5, 25]);
      expect(await find({ sort: [desc('seo', 'shareImage', 'name')] })).toEqual(order);
    });

    it('a relation sort does not duplicate entries and pages correctly', async () => {
      const order = expectedOrder([categoryName, 'asc']);
      const page = await find({ sort: [asc('category', 'name')], pagination: { kind: 'page', page: 2, pageSize: 3, withCount: false } });
      expect(page).toEqual(order.slice(3, 6));
    });
  });

  describe('pagination', () => {
    it('by page and by offset', async () => {
      expect(await find({ pagination: { kind: 'page', page: 2, pageSize: 5, withCount: true } })).toEqual(ALL_PUBLISHED.slice(5, 10));
      expect(await find({ pagination: { kind: 'offset', start: 3, limit: 4, withCount: true } })).toEqual(ALL_PUBLISHED.slice(3, 7));
      expect(await find({ pagination: { kind: 'offset', start: 18, limit: 25, withCount: true } })).toEqual(ALL_PUBLISHED.slice(18));
    });

    it('a page past the last is empty', async () => {
      expect(await find({ pagination: { kind: 'page', page: 5, pageSize: 5, withCount: true } })).toEqual([]);
    });

    it('a size of 0 returns nothing without running a statement', async () => {
      const counter = createStatementCounter();
      const run = (q: Query) => runWithStatementCounter(() => findEntries(blog.ctx, ARTICLE, q), counter);
      expect(await run(query({ pagination: { kind: 'page', page: 1, pageSize: 0, withCount: true }, populate: [pop('tags')] }))).toEqual([]);
      expect(await run(query({ pagination: { kind: 'offset', start: 0, limit: 0, withCount: true } }))).toEqual([]);
      expect(counter.count).toBe(0);
    });
  });

  describe('fields', () => {
    it('by default: id, documentId, timestamps and every scalar, in schema order, converted to wire form', async () => {
      const [entry] = await findEntries(blog.ctx, ARTICLE, query({ filters: { kind: 'compare', field: 'documentId', op: '$eq', value: 'art-02' } }));
      const a = articleSpec(2);
      expect(entry).toEqual({
        id: blog.rows.articleRows.get(2)?.published,
        documentId: 'art-02',
        createdAt: a.createdAt,
        updatedAt: a.updatedAt,
        publishedAt: a.publishedAt,
        title: 'hello world',
        slug: 'article-2',
        summary: 'Summary 2',
        body: a.body,
        notes: null,
        views: 20,
        likes: '2000',
        rating: 2.5,
        score: 0.5,
        featured: true,
        tone: 'serious',
        contactEmail: 'writer2@example.com',
        publishDate: '2024-01-02',
        readingTime: '00:02:00.000',
        lastReviewedAt: a.lastReviewedAt,
        meta: { i: 2 },
      });
      expect(Object.keys(entry ?? {})).toEqual([
        'id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'title', 'slug', 'summary', 'body', 'notes', 'views',
        'likes', 'rating', 'score', 'featured', 'tone', 'contactEmail', 'publishDate', 'readingTime', 'lastReviewedAt', 'meta',
      ]);
    });

    it('a bigint beyond 2^53 keeps every digit', async () => {
      const [entry] = await findEntries(blog.ctx, ARTICLE, query({ status: 'draft', fields: ['likes'], sort: [desc('id')], pagination: { kind: 'offset', start: 0, limit: 1, withCount: false } }));
      expect(entry).toEqual({ id: blog.rows.articleRows.get(30)?.draft, documentId: 'art-30', likes: '9007199254740993' });
    });

    it('chosen fields: exactly id, documentId and those fields', async () => {
      const [one] = await findEntries(blog.ctx, ARTICLE, query({ fields: ['title'] }));
      expect(Object.keys(one ?? {})).toEqual(['id', 'documentId', 'title']);
      const [two] = await findEntries(blog.ctx, ARTICLE, query({ fields: ['views', 'publishedAt', 'title'] }));
      expect(two).toEqual({ id: blog.rows.articleRows.get(1)?.published, documentId: 'art-01', publishedAt: articleSpec(1).publishedAt, title: 'Hello World', views: 10 });
      expect(Object.keys(two ?? {})).toEqual(['id', 'documentId', 'publishedAt', 'title', 'views']);
    });
  });

  describe('single-entry reads', () => {
    it('loadEntriesByRowIds keeps the given order, whatever the status of each row', async () => {
      const rows = blog.rows.articleRows;
      const ids = [rows.get(5)?.published, rows.get(3)?.draft, rows.get(1)?.draft].map(Number);
      const entries = await loadEntriesByRowIds(blog.ctx, ARTICLE, ids, { fields: ['title'], populate: [], status: 'draft' });
      expect(entries.map((e) => [e.id, e.title])).toEqual([
        [ids[0], 'back\\slash'],
        [ids[1], 'HELLO there'],
        [ids[2], 'Hello World (draft)'],
      ]);
    });

    it('loadEntriesByRowIds chunks long id lists', async () => {
      const ids = Array.from({ length: 1000 }, (_, k) => k + 1);
      const counter = createStatementCounter();
      const entries = await runWithStatementCounter(
        () => loadEntriesByRowIds(blog.ctx, ARTICLE, ids, { fields: ['title'], populate: [], status: 'published' }),
        counter,
      );
      expect(entries).toHaveLength(50);
      expect(entries.map((e) => e.id)).toEqual(Array.from({ length: 50 }, (_, k) => k + 1));
      expect(counter.count).toBe(2);
    });

    it('findEntryByDocumentId reads the row of the requested status', async () => {
      const sel = { fields: ['title'], populate: [pop('category', { fields: ['name'] })], status: 'published' as const };
      expect(await findEntryByDocumentId(blog.ctx, ARTICLE, 'art-01', sel)).toMatchObject({ title: 'Hello World', category: { name: 'tech' } });
      expect(await findEntryByDocumentId(blog.ctx, ARTICLE, 'art-01', { ...sel, status: 'draft' })).toMatchObject({
        title: 'Hello World (draft)',
        category: { name: 'art' },
      });
      expect(await findEntryByDocumentId(blog.ctx, ARTICLE, 'art-03', sel)).toBeNull();
      expect(await findEntryByDocumentId(blog.ctx, ARTICLE, 'art-03', { ...sel, status: 'draft' })).toMatchObject({ documentId: 'art-03' });
      expect(await findEntryByDocumentId(blog.ctx, ARTICLE, 'nope', sel)).toBeNull();
      // without draft & publish the status is ignored
      const category = await findEntryByDocumentId(blog.ctx, 'api::category.category', 'cat-02', { fields: ['name'], populate: [], status: 'draft' });
      expect(category).toEqual({ id: 2, documentId: 'cat-02', name: 'tech' });
    });
  });
});
