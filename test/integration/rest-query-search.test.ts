/**
 * `_q`, Strapi's search parameter, over real HTTP on every dialect: it matches `id`, `documentId`
 * and every text attribute ignoring case (numbers too when `_q` is a number), and combines with
 * filters, sort and pagination. Expected ids are computed from the seed.
 */
import { describe, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { idsOf, orderArticles, publishedIds, useSeededBlog } from '../helpers/rest-query.js';
import type { SeededArticle } from '../helpers/seed-blog-http.js';

type A = SeededArticle;
const ALL = 'pagination[pageSize]=100&fields[0]=title';

/** What Strapi's search compares: id, documentId and the text attributes, as lowercase text. */
function searchable(a: A, numeric: boolean): string[] {
  const s = a.scalars;
  const text = [String(a.id), a.documentId, s.title, a.slug, s.summary, s.notes, s.tone, s.contactEmail];
  if (numeric) text.push(s.views === null ? null : String(s.views), s.likes);
  return text.filter((v): v is string => v !== null).map((v) => v.toLowerCase());
}

const matches = (q: string) => (a: A): boolean => {
  const numeric = Number.isFinite(Number(q));
  const byText = searchable(a, numeric).some((v) => v.includes(q.toLowerCase()));
  const byValue = numeric && (a.scalars.rating === Number(q) || a.scalars.score === Number(q));
  return byText || byValue;
};

describeEachDialect('REST _q search', (dialect) => {
  const blog = useSeededBlog(dialect);
  const { api } = blog;
  const expectSearch = async (query: string, predicate: (a: A) => boolean) => {
    const res = await api.get(`/api/articles?${query}&${ALL}`);
    expect(res.status, `${query} → ${JSON.stringify(res.body)}`).toBe(200);
    expect(idsOf(res.body), query).toEqual(publishedIds(blog.seed.published.filter(predicate)));
    expect(res.body.meta.pagination.total, query).toBe(blog.seed.published.filter(predicate).length);
  };

  it('searches the text attributes, ignoring case', async () => {
    for (const q of ['hello', 'HELLO WORLD', 'writer3@example', 'playful', 'notes 1', 'nothing-like-this']) {
      await expectSearch(`_q=${encodeURIComponent(q)}`, matches(q));
    }
    // the matches are real: these words are in the seed
    expect(blog.seed.published.filter(matches('playful')).length).toBeGreaterThan(0);
    expect(blog.seed.published.filter(matches('writer3@example')).length).toBeGreaterThan(0);
  });

  it('a number also searches ids and number attributes', async () => {
    for (const q of ['7', '1000000007', '2.75']) await expectSearch(`_q=${q}`, matches(q));
    const some = blog.seed.published[3] as A;
    await expectSearch(`_q=${some.documentId}`, (a) => a === some);
  });

  it('treats LIKE wildcards in the words as text', async () => {
    await expectSearch('_q=%25', (a) => searchable(a, false).some((v) => v.includes('%')));
    await expectSearch('_q=_', (a) => searchable(a, false).some((v) => v.includes('_')));
  });

  it('combines with filters, sort and pagination', async () => {
    const q = 'article';
    const featured = (a: A) => matches(q)(a) && a.scalars.featured;
    await expectSearch(`_q=${q}&filters[featured]=true`, featured);
    const sorted = orderArticles(blog.seed.published.filter(featured), [[(a) => a.scalars.views, 'desc']]);
    const page = await api.get(`/api/articles?_q=${q}&filters[featured]=true&sort=views:desc&pagination[page]=2&pagination[pageSize]=2&fields[0]=title`);
    expect(page.status).toBe(200);
    expect(idsOf(page.body)).toEqual(sorted.slice(2, 4).map((a) => a.id));
    expect(page.body.meta.pagination).toEqual({ page: 2, pageSize: 2, pageCount: Math.ceil(sorted.length / 2), total: sorted.length });
  });

  it('an empty _q selects everything; a non-string _q is a 400', async () => {
    await expectSearch('_q=', () => true);
    const res = await api.get('/api/articles?_q[a]=1');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ name: 'ValidationError', details: { param: '_q' } });
  });

  describe('drafts', () => {
    it('searches the draft versions with status=draft', async () => {
      const res = await api.get(`/api/articles?status=draft&_q=(draft)&${ALL}`);
      expect(res.body.data.map((e: { title: string }) => e.title)).toEqual(
        blog.seed.articles.filter((a) => a.draftScalars.title.includes('(draft)')).map((a) => a.draftScalars.title),
      );
    });
  });
});
