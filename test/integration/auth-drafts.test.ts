/**
 * The public role never reads drafts, on any path (issue 9 item 8): `status=draft` on a type
 * with or without draft & publish, populate, filters and sorts through relations into a draft &
 * publish type, write responses that would populate other documents' drafts, and GraphQL alike.
 * Users and tokens still read drafts everywhere. Real HTTP on every dialect.
 */
import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { client, request } from '../helpers/http.js';
import { useTestApp } from '../helpers/test-app.js';

const ARTICLE = 'api::article.article';
const CATEGORY = 'api::category.category';
const AUTHOR = 'api::author.author';
const DENIED = { data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Reading drafts needs credentials', details: {} } };

describeEachDialect('drafts need credentials on every path', (dialect) => {
  // `open`: the public role holds every action, so only the draft rule can refuse.
  const t = useTestApp({ dialect });
  const api = client(() => t.url);
  const gql = (query: string, headers: Record<string, string> = {}) => request(`${t.url}/graphql`, { method: 'POST', json: { query }, headers });
  let category = '';
  let author = '';

  beforeAll(async () => {
    category = (await t.app.documents(CATEGORY).create({ data: { name: 'Leaky', slug: 'leaky' } })).documentId;
    author = (await t.app.documents(AUTHOR).create({ data: { name: 'Writer' } })).documentId;
    // never published: only a draft row exists
    await t.app.documents(ARTICLE).create({ data: { title: 'Secret draft', slug: 'secret-draft', category, author } });
    await t.app.documents(ARTICLE).create({ data: { title: 'Public story', slug: 'public-story', category, author }, status: 'published' });
  });

  const anonymous = async (path: string) => {
    const response = await api.get(path);
    return { status: response.status, body: response.body as unknown };
  };

  it.each([
    ['status=draft on a draft & publish type', '/api/articles?status=draft'],
    ['status=draft on a type without draft & publish', '/api/categories?status=draft'],
    ['populate from a type without draft & publish', '/api/categories?status=draft&populate=articles'],
    ['populate=* from a type without draft & publish', '/api/authors?status=draft&populate=*'],
    ['a filter through a relation', '/api/categories?status=draft&filters[articles][title][$eq]=Secret%20draft'],
    ['a nested populate filter', '/api/authors?status=draft&populate[articles][filters][title][$contains]=Secret'],
    ['a sort through a relation', '/api/articles?status=draft&sort=category.name'],
    ['findOne', '/api/categories/CATEGORY?status=draft&populate=articles'],
  ])('refuses %s with a 401', async (_name, path) => {
    expect(await anonymous(path.replace('CATEGORY', category))).toEqual({ status: 401, body: DENIED });
  });

  it('still answers the same reads in published status, without the draft', async () => {
    const res = await api.get('/api/categories?populate=articles&filters[slug][$eq]=leaky');
    expect(res.status).toBe(200);
    expect(res.body.data[0].articles.map((a: { title: string }) => a.title)).toEqual(['Public story']);
    const filtered = await api.get('/api/categories?filters[articles][title][$eq]=Secret%20draft');
    expect([filtered.status, filtered.body.data]).toEqual([200, []]);
  });

  it('lets a token read the same drafts through the relation', async () => {
    const res = await api.get('/api/categories?status=draft&populate=articles&filters[slug][$eq]=leaky', t.authHeaders);
    expect(res.status).toBe(200);
    expect(res.body.data[0].articles.map((a: { title: string }) => a.title).sort()).toEqual(['Public story', 'Secret draft']);
  });

  it('refuses a draft write whose response would populate other drafts, before writing anything', async () => {
    const before = await t.app.documents(ARTICLE).count({ status: 'draft' });
    const res = await api.post('/api/articles?status=draft&populate[category][populate]=articles', { data: { title: 'Anonymous draft', slug: 'anonymous-draft', category } });
    expect({ status: res.status, body: res.body as unknown }).toEqual({ status: 401, body: DENIED });
    expect(await t.app.documents(ARTICLE).count({ status: 'draft' })).toBe(before);
    const viaComment = await api.put(`/api/categories/${category}?status=draft&populate=articles`, { data: { name: 'Leaky' } });
    expect(viaComment.status).toBe(401);
    // the same writes without a draft read in the response pass
    const plain = await api.post('/api/articles?status=draft&populate=category', { data: { title: 'Anonymous draft', slug: 'anonymous-draft', category } });
    expect([plain.status, plain.body.data.title, plain.body.data.category.name]).toEqual([201, 'Anonymous draft', 'Leaky']);
  });

  it('refuses GraphQL previews and draft mutation responses that reach other drafts', async () => {
    const preview = await gql('{ articles(publicationState: PREVIEW) { data { attributes { title } } } }');
    expect(preview.status).toBe(401);
    expect(preview.body.errors[0]).toMatchObject({ message: 'Reading drafts needs credentials', extensions: { code: 'UNAUTHENTICATED' } });

    const before = await t.app.documents(ARTICLE).count({ status: 'draft' });
    // a nested to-many relation reads drafts only when asked for with its own publicationState: PREVIEW
    const mutation = `mutation { createArticle(data: { title: "GraphQL draft", slug: "graphql-draft", category: "${category}" }) {
      data { attributes { title category { data { attributes { articles(publicationState: PREVIEW) { data { attributes { title } } } } } } } } } }`;
    const leak = await gql(mutation);
    expect(leak.body.errors[0]).toMatchObject({ message: 'Reading drafts needs credentials', extensions: { code: 'UNAUTHENTICATED' } });
    expect([leak.status, leak.body.data]).toEqual([401, { createArticle: null }]);
    expect(await t.app.documents(ARTICLE).count({ status: 'draft' })).toBe(before);

    // aliases loaded apart from the root query are checked too
    const aliased = `mutation { createArticle(data: { title: "GraphQL draft", slug: "graphql-draft-2", author: "${author}" }) {
      data { attributes { author { data { attributes { a: articles(filters: { title: { eq: "Secret draft" } }) { data { attributes { title } } } b: articles(publicationState: PREVIEW) { data { id } } } } } } } } }`;
    expect((await gql(aliased)).body.errors[0]).toMatchObject({ message: 'Reading drafts needs credentials' });
    expect(await t.app.documents(ARTICLE).count({ status: 'draft' })).toBe(before);

    const withToken = await gql(mutation, t.authHeaders);
    expect(withToken.body.errors).toBeUndefined();
    const titles = withToken.body.data.createArticle.data.attributes.category.data.attributes.articles.data.map((a: { attributes: { title: string } }) => a.attributes.title);
    expect(titles).toContain('Secret draft');
  });

  it('refuses a nested publicationState: PREVIEW for the public role; the nested LIVE default reads no draft', async () => {
    const list = (state: string) => `{ categories(filters: { slug: { eq: "leaky" } }) { data { attributes { articles${state} { data { attributes { title } } } } } } }`;
    const preview = await gql(list('(publicationState: PREVIEW)'));
    expect(preview.body.errors[0]).toMatchObject({ message: 'Reading drafts needs credentials', extensions: { code: 'UNAUTHENTICATED' } });
    expect(preview.status).toBe(401);
    for (const state of ['', '(publicationState: LIVE)']) {
      const live = await gql(list(state));
      expect(live.body.errors).toBeUndefined();
      expect(live.body.data.categories.data[0].attributes.articles.data).toEqual([{ attributes: { title: 'Public story' } }]);
    }
    // an alias loaded apart from the root query is checked too: nothing of the drafts leaks
    const aliased = await gql(`{ categories(filters: { slug: { eq: "leaky" } }) { data { attributes {
      a: articles { data { attributes { title } } } b: articles(publicationState: PREVIEW) { data { attributes { title } } } } } } }`);
    expect(aliased.body.errors[0]).toMatchObject({ message: 'Reading drafts needs credentials', extensions: { code: 'UNAUTHENTICATED' } });
    expect(JSON.stringify(aliased.body)).not.toContain('Secret draft');
    // a draft mutation response through the nested LIVE default reads only published articles
    const created = await gql(`mutation { createArticle(data: { title: "Open draft", slug: "open-draft", category: "${category}" }) {
      data { attributes { title category { data { attributes { articles { data { attributes { title } } } } } } } } } }`);
    expect(created.body.errors).toBeUndefined();
    expect(created.body.data.createArticle.data.attributes.category.data.attributes.articles.data).toEqual([{ attributes: { title: 'Public story' } }]);
    const withToken = await gql(list('(publicationState: PREVIEW, sort: ["title"])'), t.authHeaders);
    expect(withToken.body.data.categories.data[0].attributes.articles.data.map((a: { attributes: { title: string } }) => a.attributes.title))
      .toEqual(expect.arrayContaining(['Open draft', 'Public story', 'Secret draft']));
  });
});
