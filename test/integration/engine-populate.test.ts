import { describe, expect, it } from 'vitest';
import { findEntries } from '../../src/engine/find-entries.js';
import type { Entry } from '../../src/engine/types.js';
import { createStatementCounter, runWithStatementCounter } from '../../src/db/statement-counter.js';
import type { PopulateNode, PublicationStatus, Query } from '../../src/query/ast.js';
import { ARTICLES, PUBLISHED_ARTICLES } from '../helpers/blog-row-specs.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { cmp, desc, asc, indexes, pop, query, selection } from '../helpers/engine-query.js';
import { useSeededBlog } from '../helpers/seed-blog-rows.js';

const ARTICLE = 'api::article.article';
const SEED_TIME = '2024-01-01T00:00:00.000Z';

const file = (k: number) => ({
  id: k,
  documentId: `file-0${k}`,
  createdAt: SEED_TIME,
  updatedAt: SEED_TIME,
  publishedAt: SEED_TIME,
  name: `image-${k}.png`,
  alternativeText: `Alt ${k}`,
  caption: null,
  focalPoint: null,
  width: 100 * k,
  height: 50 * k,
  formats: null,
  hash: `hash_${k}`,
  ext: '.png',
  mime: 'image/png',
  size: 1.5 * k,
  url: `/uploads/image-${k}.png`,
  previewUrl: null,
  provider: 'local',
  provider_metadata: null,
});

describeEachDialect('engine population', (dialect) => {
  const blog = useSeededBlog(dialect);
  const find = (populate: PopulateNode[], over: Partial<Query> = {}): Promise<Entry[]> =>
    findEntries(blog.ctx, ARTICLE, query({ fields: ['title'], populate, ...over }));
  const byIndex = (entries: Entry[], i: number): Entry => {
    const entry = entries.find((e) => e.documentId === `art-${String(i).padStart(2, '0')}`);
    if (!entry) throw new Error(`article ${i} not in the result`);
    return entry;
  };
  const names = (value: unknown): unknown[] => (value as Array<Record<string, unknown>>).map((v) => v.name);

  describe('relations', () => {
    it('a to-one relation is an object, or null when nothing is linked', async () => {
      const entries = await find([pop('category')]);
      expect(byIndex(entries, 1).category).toEqual({
        id: 2,
        documentId: 'cat-02',
        createdAt: SEED_TIME,
        updatedAt: SEED_TIME,
        publishedAt: SEED_TIME,
        name: 'tech',
        slug: 'tech',
        description: 'About tech',
        position: 1,
      });
      expect(byIndex(entries, 7).category).toBeNull();
      expect(entries.every((e) => 'category' in e && !('tags' in e) && !('cover' in e))).toBe(true);
    });

    it('a to-many relation is a list in link order, or [] when nothing is linked', async () => {
      const entries = await find([pop('tags', { fields: ['name'] })], { status: 'draft' });
      expect(byIndex(entries, 5).tags).toEqual([
        { id: 6, documentId: 'tag-06', name: 'rust' },
        { id: 1, documentId: 'tag-01', name: 'js' },
      ]);
      expect(names(byIndex(entries, 2).tags)).toEqual(['sql', 'css']);
      expect(byIndex(entries, 3).tags).toEqual([]);
    });

    it('an inverse relation to a draft & publish type reads the rows of the requested status', async () => {
      const categories = (status: PublicationStatus) =>
        findEntries(blog.ctx, 'api::category.category', query({ fields: ['name'], status, populate: [pop('articles', { fields: ['title'] })] }));
      const published = await categories('published');
      expect(indexes(published[4]?.articles as Entry[])).toEqual([4, 19, 29]);
      const draft = await categories('draft');
      expect(indexes(draft[4]?.articles as Entry[])).toEqual([1, 4, 9, 19, 24, 29]);
      expect((draft[4]?.articles as Entry[])[0]).toEqual({ id: blog.rows.articleRows.get(1)?.draft, documentId: 'art-01', title: 'Hello World (draft)' });
      expect(indexes(published[1]?.articles as Entry[])).toEqual(PUBLISHED_ARTICLES.filter((a) => a.category === 2).map((a) => a.i));
    });

    it('nested populate follows relations level by level, keeping the status', async () => {
      const populate = [pop('category', { fields: ['name'], populate: [pop('articles', { fields: ['title'] })] })];
      const published = await find(populate);
      expect(indexes((byIndex(published, 1).category as Entry).articles as Entry[])).toEqual([1, 11, 16, 26]);
      const draft = await find(populate, { status: 'draft' });
      const art = byIndex(draft, 1).category as Entry;
      expect(art.name).toBe('art');
      expect(indexes(art.articles as Entry[])).toEqual(ARTICLES.filter((a) => a.draftCategory === 5).map((a) => a.i));
    });

    it('filters, sort and fields inside populate', async () => {
      const entries = await find([
        pop('category', { fields: ['name'], filters: cmp('name', '$eq', 'tech') }),
        pop('tags', { fields: ['name'], filters: cmp('name', '$in', ['js', 'rust', 'go']), sort: [asc('name')] }),
      ]);
      expect(byIndex(entries, 1).category).toEqual({ id: 2, documentId: 'cat-02', name: 'tech' });
      expect(byIndex(entries, 2).category).toBeNull();
      expect(names(byIndex(entries, 5).tags)).toEqual(['js', 'rust']);
      expect(byIndex(entries, 1).tags).toEqual([]);
      const authors = await findEntries(
        blog.ctx,
        'api::author.author',
        query({ fields: ['name'], populate: [pop('articles', { fields: ['views'], sort: [desc('views')], filters: cmp('featured', '$eq', true) })] }),
      );
      const expected = PUBLISHED_ARTICLES.filter((a) => a.author === 3 && a.featured).sort((a, b) => (b.views ?? 0) - (a.views ?? 0));
      expect((authors[2]?.articles as Entry[]).map((e) => e.views)).toEqual(expected.map((a) => a.views));
      expect(expected.length).toBeGreaterThan(1);
    });
  });

  describe('media', () => {
    it('a single media field is the file with every non-private field, or null', async () => {
      const entries = await find([pop('cover')]);
      expect(byIndex(entries, 1).cover).toEqual(file(2));
      expect(byIndex(entries, 2).cover).toBeNull();
    });

    it('a multiple media field keeps its order; chosen fields come with id and documentId', async () => {
      const entries = await find([pop('gallery', { fields: ['name', 'url'] })]);
      expect(byIndex(entries, 4).gallery).toEqual([3, 1, 2].map((k) => ({ id: k, documentId: `file-0${k}`, name: `image-${k}.png`, url: `/uploads/image-${k}.png` })));
      expect(byIndex(entries, 1).gallery).toEqual([]);
    });
  });

  describe('components', () => {
    it('a single component is id + scalars, null when absent; nested components and media populate', async () => {
      const entries = await find([pop('seo', { populate: [pop('social'), pop('shareImage', { fields: ['name'] })] })], { status: 'draft' });
      expect(byIndex(entries, 1).seo).toEqual({
        id: expect.any(Number),
        metaTitle: 'SEO 01',
        metaDescription: 'Description 1',
        shareImage: null,
        social: [
          { id: expect.any(Number), network: 'github', url: 'https://github.com/a1' },
          { id: expect.any(Number), network: 'mastodon', url: 'https://mastodon.social/@a1' },
        ],
      });
      expect(byIndex(entries, 2).seo).toBeNull();
      expect(byIndex(entries, 5).seo).toMatchObject({ metaTitle: 'SEO 05', shareImage: { id: 4, documentId: 'file-04', name: 'image-4.png' }, social: [] });
      expect(byIndex(entries, 3).seo).toMatchObject({ metaDescription: null });
    });

    it('without nested populate a component has no relation, media or component keys', async () => {
      const entries = await find([pop('seo')]);
      expect(Object.keys(byIndex(entries, 1).seo as object)).toEqual(['id', 'metaTitle', 'metaDescription']);
    });

    it('filters on a single component turn a non-matching one into null; sort orders repeatables', async () => {
      const entries = await find([pop('seo', { filters: cmp('metaTitle', '$eq', 'SEO 01'), populate: [pop('social', { sort: [desc('network')], fields: ['network'] })] })]);
      expect(byIndex(entries, 1).seo).toMatchObject({
        metaTitle: 'SEO 01',
        social: [{ network: 'mastodon' }, { network: 'github' }],
      });
      expect(byIndex(entries, 5).seo).toBeNull();
    });
  });

  describe('dynamic zones', () => {
    it('without `on`: every item in link order, with __component, id and scalars', async () => {
      const entries = await find([pop('blocks')], { status: 'draft' });
      const blocks = byIndex(entries, 1).blocks as Array<Record<string, unknown>>;
      expect(blocks).toEqual([
        { __component: 'shared.quote', id: expect.any(Number), text: 'Quote 1', attribution: 'By 2' },
        { __component: 'shared.rich-text', id: expect.any(Number), body: 'Body 1' },
        { __component: 'shared.media', id: expect.any(Number), caption: 'Caption 1' },
      ]);
      expect(Object.keys(blocks[0] ?? {})).toEqual(['__component', 'id', 'text', 'attribution']);
      expect(byIndex(entries, 3).blocks).toEqual([]);
    });

    it('with `on`: only the listed components, each with its own selection', async () => {
      const entries = await find([
        pop('blocks', {
          on: {
            'shared.quote': selection({ filters: cmp('text', '$eq', 'Quote 1'), populate: [pop('author', { fields: ['name'] })] }),
            'shared.media': selection({ fields: ['caption'], populate: [pop('file', { fields: ['name'] })] }),
          },
        }),
      ]);
      expect(byIndex(entries, 1).blocks).toEqual([
        { __component: 'shared.quote', id: expect.any(Number), text: 'Quote 1', attribution: 'By 2', author: { id: 2, documentId: 'aut-02', name: 'grace' } },
        { __component: 'shared.media', id: expect.any(Number), caption: 'Caption 1', file: { id: 2, documentId: 'file-02', name: 'image-2.png' } },
      ]);
      expect(byIndex(entries, 2).blocks).toEqual([
        { __component: 'shared.media', id: expect.any(Number), caption: 'Caption 2', file: { id: 3, documentId: 'file-03', name: 'image-3.png' } },
      ]);
    });

    it('an empty `on` leaves the key absent', async () => {
      const entries = await find([pop('blocks', { on: {} })]);
      expect(entries.some((e) => 'blocks' in e)).toBe(false);
    });
  });

  describe('shape and cost', () => {
    it('populated keys follow the schema order after the scalars', async () => {
      const [entry] = await find([pop('tags'), pop('blocks'), pop('category'), pop('cover')]);
      expect(Object.keys(entry ?? {})).toEqual(['id', 'documentId', 'title', 'cover', 'category', 'tags', 'blocks']);
    });

    it('the number of statements depends on the populate shape, not on the number of entries', async () => {
      const populate = [
        pop('category', { populate: [pop('articles', { fields: ['title'] })] }),
        pop('author'),
        pop('tags'),
        pop('cover'),
        pop('gallery'),
        pop('seo', { populate: [pop('social'), pop('shareImage')] }),
        pop('blocks', { on: { 'shared.quote': selection({ populate: [pop('author')] }), 'shared.media': selection({ populate: [pop('file')] }) } }),
      ];
      const count = async (pageSize: number): Promise<{ statements: number; entries: Entry[] }> => {
        const counter = createStatementCounter();
        const entries = await runWithStatementCounter(
          () => find(populate, { status: 'draft', pagination: { kind: 'page', page: 1, pageSize, withCount: false } }),
          counter,
        );
        return { statements: counter.count, entries };
      };
      const ten = await count(10);
      const thirty = await count(30);
      expect(ten.entries).toHaveLength(10);
      expect(thirty.entries).toHaveLength(30);
      // rows 1 + category 1 + articles 1 + author 1 + tags 1 + cover 1 + gallery 1 + seo 1 + social 1
      // + shareImage 1 + quote 1 + quote.author 1 + media 1 + media.file 1
      expect(ten.statements).toBe(14);
      expect(thirty.statements).toBe(14);
      expect(byIndex(thirty.entries, 29).blocks).toHaveLength(2);
    });
  });
});
