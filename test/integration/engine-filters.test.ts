import { describe, expect, it } from 'vitest';
import { countEntries, findEntries } from '../../src/engine/find-entries.js';
import type { FilterNode, PublicationStatus } from '../../src/query/ast.js';
import { ARTICLES, PUBLISHED_ARTICLES, TAG_NAMES, articleSpec, type ArticleSpec } from '../helpers/blog-row-specs.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { and, cmp, indexes, nested, not, or, query } from '../helpers/engine-query.js';
import { useSeededBlog } from '../helpers/seed-blog-rows.js';

const ARTICLE = 'api::article.article';
const published = (pred: (a: ArticleSpec) => boolean): number[] => PUBLISHED_ARTICLES.filter(pred).map((a) => a.i);
const ALL_PUBLISHED = published(() => true);

describeEachDialect('engine filters', (dialect) => {
  const blog = useSeededBlog(dialect);
  const find = async (filters: FilterNode, status: PublicationStatus = 'published', uid = ARTICLE): Promise<number[]> =>
    indexes(await findEntries(blog.ctx, uid, query({ filters, status, fields: ['title'] })));

  describe('comparison operators', () => {
    it('$eq is case-sensitive and $eqi is not', async () => {
      expect(await find(cmp('title', '$eq', 'Hello World'))).toEqual([1]);
      expect(await find(cmp('title', '$eq', 'hello world'))).toEqual([2]);
      expect(await find(cmp('title', '$eqi', 'HELLO world'))).toEqual([1, 2]);
    });

    it('$ne and $nei exclude the value and NULLs', async () => {
      expect(await find(cmp('title', '$ne', 'Hello World'))).toEqual(ALL_PUBLISHED.filter((i) => i !== 1));
      expect(await find(cmp('title', '$nei', 'HELLO WORLD'))).toEqual(ALL_PUBLISHED.filter((i) => i > 2));
      expect(await find(cmp('summary', '$ne', 'Summary 1'))).toEqual(published((a) => a.summary !== null && a.i !== 1));
      expect(await find(cmp('summary', '$nei', 'SUMMARY 1'))).toEqual(published((a) => a.summary !== null && a.i !== 1));
    });

    it('$eq null and $ne null test for NULL', async () => {
      expect(await find(cmp('views', '$eq', null))).toEqual([7]);
      expect(await find(cmp('views', '$ne', null))).toEqual(ALL_PUBLISHED.filter((i) => i !== 7));
    });

    it('$lt, $lte, $gt, $gte compare numbers and leave NULLs out', async () => {
      expect(await find(cmp('views', '$lt', 50))).toEqual([1, 2, 4]);
      expect(await find(cmp('views', '$lte', 50))).toEqual([1, 2, 4, 5]);
      expect(await find(cmp('views', '$gt', 260))).toEqual([28, 29]);
      expect(await find(cmp('views', '$gte', 260))).toEqual([26, 28, 29]);
    });

    it('$in and $notIn, with empty lists matching nothing and everything', async () => {
      expect(await find(cmp('views', '$in', [10, 20, 30, 70]))).toEqual([1, 2]);
      expect(await find(cmp('views', '$in', []))).toEqual([]);
      expect(await find(cmp('views', '$notIn', [10, 20]))).toEqual(ALL_PUBLISHED.filter((i) => ![1, 2, 7].includes(i)));
      expect(await find(cmp('views', '$notIn', []))).toEqual(ALL_PUBLISHED);
      expect(await find(cmp('tone', '$in', ['playful']))).toEqual(published((a) => a.tone === 'playful'));
    });

    it('$between is inclusive', async () => {
      expect(await find(cmp('views', '$between', [50, 100]))).toEqual([5, 8, 10]);
    });

    it('$null and $notNull select NULLs explicitly', async () => {
      const withoutSummary = published((a) => a.summary === null);
      expect(withoutSummary).toEqual([4, 8, 16, 20, 28]);
      expect(await find(cmp('summary', '$null', true))).toEqual(withoutSummary);
      expect(await find(cmp('summary', '$null', false))).toEqual(published((a) => a.summary !== null));
      expect(await find(cmp('summary', '$notNull', true))).toEqual(published((a) => a.summary !== null));
      expect(await find(cmp('summary', '$notNull', false))).toEqual(withoutSummary);
    });

    it('$contains, $startsWith, $endsWith are case-sensitive; the i variants are not', async () => {
      expect(await find(cmp('title', '$contains', 'World'))).toEqual([1]);
      expect(await find(cmp('title', '$containsi', 'WORLD'))).toEqual([1, 2]);
      expect(await find(cmp('title', '$startsWith', 'Article 1'))).toEqual([10, 11, 13, 14, 16, 17, 19]);
      expect(await find(cmp('title', '$startsWith', 'article 1'))).toEqual([]);
      expect(await find(cmp('title', '$startsWithi', 'ARTICLE 2'))).toEqual([20, 22, 23, 25, 26, 28, 29]);
      expect(await find(cmp('title', '$endsWith', 'World'))).toEqual([1]);
      expect(await find(cmp('title', '$endsWithi', 'WORLD'))).toEqual([1, 2]);
    });

    it('$notContains and $notContainsi exclude matches and NULLs', async () => {
      expect(await find(cmp('title', '$notContains', 'llo'))).toEqual(ALL_PUBLISHED.filter((i) => i > 2));
      expect(await find(cmp('title', '$notContains', 'LLO'))).toEqual(ALL_PUBLISHED);
      expect(await find(cmp('title', '$notContainsi', 'HELLO'))).toEqual(ALL_PUBLISHED.filter((i) => i > 2));
      expect(await find(cmp('summary', '$notContains', 'Summary 1'))).toEqual(
        published((a) => a.summary !== null && !a.summary.includes('Summary 1')),
      );
    });

    it('pattern operators treat %, _ and \\ in the value literally', async () => {
      expect(await find(cmp('title', '$contains', '%'))).toEqual([4]);
      expect(await find(cmp('title', '$contains', 'e_f'))).toEqual([4]);
      expect(await find(cmp('title', '$startsWith', '_'))).toEqual([]);
      expect(await find(cmp('title', '$contains', '\\'))).toEqual([5]);
      expect(await find(cmp('title', '$endsWithi', 'K\\SLASH'))).toEqual([5]);
    });

    it('case-insensitive operators fold non-ASCII letters', async () => {
      expect(await find(cmp('title', '$containsi', 'ÜNÏ'), 'draft')).toEqual([6]);
      expect(await find(cmp('title', '$eqi', 'ünïcode STRASSE'.replace('SS', 'ß')), 'draft')).toEqual([6]);
      expect(await find(cmp('title', '$contains', 'ünï'), 'draft')).toEqual([]);
    });

    it('values are converted by attribute type: booleans, decimals, bigintegers, dates, times, datetimes', async () => {
      expect(await find(cmp('featured', '$eq', true))).toEqual(published((a) => a.featured));
      expect(await find(cmp('featured', '$eq', false))).toEqual(published((a) => !a.featured));
      expect(await find(cmp('rating', '$eq', 1.5))).toEqual(published((a) => a.rating === 1.5));
      expect(await find(cmp('likes', '$eq', '9007199254740993'), 'draft')).toEqual([30]);
      expect(await find(cmp('likes', '$gt', '25000'), 'draft')).toEqual([26, 27, 28, 29, 30]);
      expect(await find(cmp('publishDate', '$gte', '2024-01-25'))).toEqual([25, 26, 28, 29]);
      expect(await find(cmp('readingTime', '$lt', '00:03:00.000'))).toEqual([1, 2]);
      expect(await find(cmp('lastReviewedAt', '$lte', articleSpec(4).lastReviewedAt))).toEqual([1, 2, 4]);
    });

    it('system fields: id, documentId and timestamps', async () => {
      expect(await find(cmp('documentId', '$eq', 'art-02'))).toEqual([2]);
      const row = blog.rows.articleRows.get(5)?.published ?? -1;
      expect(await find(cmp('id', '$eq', row))).toEqual([5]);
      expect(await find(cmp('id', '$eq', blog.rows.articleRows.get(5)?.draft ?? -1))).toEqual([]);
      expect(await find(cmp('createdAt', '$lt', articleSpec(5).createdAt))).toEqual([1, 2, 4]);
      expect(await find(cmp('publishedAt', '$gte', articleSpec(28).publishedAt))).toEqual([28, 29]);
      expect(await find(cmp('publishedAt', '$null', true), 'draft')).toHaveLength(30);
    });
  });

  describe('logical operators', () => {
    it('$or, $and and their empty forms', async () => {
      expect(await find(or(cmp('title', '$eq', 'Hello World'), cmp('views', '$eq', 40)))).toEqual([1, 4]);
      expect(await find(and(cmp('featured', '$eq', true), cmp('views', '$lt', 90)))).toEqual([2, 4, 8]);
      expect(await find(and())).toEqual(ALL_PUBLISHED);
      expect(await find(or(cmp('views', '$notIn', []), cmp('views', '$eq', 10)))).toEqual(ALL_PUBLISHED);
    });

    it('$not negates and, as SQL, leaves NULLs out', async () => {
      expect(await find(not(cmp('featured', '$eq', true)))).toEqual(published((a) => !a.featured));
      expect(await find(not(cmp('summary', '$eq', 'Summary 1')))).toEqual(published((a) => a.summary !== null && a.i !== 1));
      expect(await find(not(or(cmp('views', '$lt', 250), cmp('views', '$gt', 280))))).toEqual([25, 26, 28]);
    });
  });

  describe('nested filters', () => {
    it('through a to-one relation (owner side)', async () => {
      expect(await find(nested('category', cmp('name', '$eq', 'tech')))).toEqual(published((a) => a.category === 2));
      expect(await find(nested('category', cmp('position', '$null', true)))).toEqual(published((a) => a.category === 4));
    });

    it('follows the rows of the requested status', async () => {
      const art = ARTICLES.filter((a) => a.draftCategory === 5).map((a) => a.i);
      expect(art).toContain(1);
      expect(await find(nested('category', cmp('name', '$eq', 'art')), 'draft')).toEqual(art);
      expect(await find(nested('category', cmp('name', '$eq', 'art')))).toEqual(published((a) => a.category === 5));
    });

    it('through a to-many relation: any linked row matches', async () => {
      const sql = TAG_NAMES.indexOf('sql') + 1;
      expect(await find(nested('tags', cmp('name', '$eq', 'sql')))).toEqual(published((a) => a.tags.includes(sql)));
      expect(await find(not(nested('tags', cmp('name', '$eq', 'sql'))))).toEqual(published((a) => !a.tags.includes(sql)));
    });

    it('conditions in one nested node apply to the same related row', async () => {
      const filter = nested('tags', and(cmp('name', '$eq', 'sql'), cmp('name', '$eq', 'js')));
      expect(await find(filter)).toEqual([]);
    });

    it('through an inverse relation to a draft & publish type, in the requested status', async () => {
      const categories = async (filter: FilterNode, status: PublicationStatus): Promise<number[]> => find(filter, status, 'api::category.category');
      expect(await categories(nested('articles', cmp('title', '$eq', 'Hello World')), 'published')).toEqual([2]);
      expect(await categories(nested('articles', cmp('title', '$eq', 'Hello World')), 'draft')).toEqual([]);
      expect(await categories(nested('articles', cmp('title', '$eq', 'Hello World (draft)')), 'draft')).toEqual([5]);
      expect(await find(nested('articles', cmp('featured', '$eq', true)), 'published', 'api::tag.tag')).toEqual(
        [1, 2, 3, 4, 5, 6].filter((t) => PUBLISHED_ARTICLES.some((a) => a.featured && a.tags.includes(t))),
      );
    });

    it('through components, nested components and media', async () => {
      expect(await find(nested('seo', cmp('metaTitle', '$eq', 'SEO 05')))).toEqual([5]);
      expect(await find(nested('seo', nested('social', cmp('network', '$eq', 'github'))))).toEqual(
        published((a) => a.seo?.social.some((s) => s.network === 'github') ?? false),
      );
      expect(await find(nested('seo', nested('shareImage', cmp('name', '$eq', 'image-4.png'))))).toEqual(
        published((a) => a.seo?.shareImage === 4),
      );
      expect(await find(nested('cover', cmp('name', '$eq', 'image-2.png')))).toEqual([1, 16]);
      expect(await find(nested('gallery', cmp('name', '$eq', 'image-3.png')))).toEqual(published((a) => a.gallery.includes(3)));
    });

    it('nests to any depth with distinct aliases', async () => {
      // articles whose category has a published article tagged rust
      const rust = TAG_NAMES.indexOf('rust') + 1;
      const categories = new Set(PUBLISHED_ARTICLES.filter((a) => a.tags.includes(rust)).map((a) => a.category));
      const filter = nested('category', nested('articles', nested('tags', cmp('name', '$eq', 'rust'))));
      expect(await find(filter)).toEqual(published((a) => a.category !== null && categories.has(a.category)));
      const both = and(filter, nested('author', cmp('name', '$eq', 'grace')), or(nested('seo', cmp('metaTitle', '$null', false)), cmp('featured', '$eq', true)));
      expect(await find(both)).toEqual(
        published((a) => a.category !== null && categories.has(a.category) && a.author === 2 && (a.seo !== null || a.featured)),
      );
    });
  });

  describe('countEntries', () => {
    it('counts the rows of a status that match the filters', async () => {
      expect(await countEntries(blog.ctx, ARTICLE, null, 'published')).toBe(20);
      expect(await countEntries(blog.ctx, ARTICLE, null, 'draft')).toBe(30);
      expect(await countEntries(blog.ctx, ARTICLE, cmp('featured', '$eq', true), 'published')).toBe(published((a) => a.featured).length);
      expect(await countEntries(blog.ctx, ARTICLE, nested('category', cmp('name', '$eq', 'art')), 'draft')).toBe(
        ARTICLES.filter((a) => a.draftCategory === 5).length,
      );
      expect(await countEntries(blog.ctx, 'api::category.category', null, 'draft')).toBe(5);
    });
  });
});
