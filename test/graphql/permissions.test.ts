/**
 * The permission seam seen through GraphQL, on every dialect (decisions.md "GraphQL and bad
 * credentials", "Drafts and anonymous readers", "Populate without find permission"): the public
 * role may only `find` articles here.
 */
import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { useTestApp } from '../helpers/test-app.js';
import { graphql, seedBlog, type BlogIds } from './graphql-helpers.js';

describeEachDialect('GraphQL permissions', (dialect) => {
  const app = useTestApp({ dialect, access: 'locked' });
  let admin: Record<string, string>;
  let ids: BlogIds;
  const anonymous = graphql(() => app.url);
  beforeAll(async () => {
    const token = await app.app.tokens.create({ name: 'seed', type: 'full-access' });
    admin = { authorization: `Bearer ${token.accessKey}` };
    ids = await seedBlog(app.url, admin);
    await app.app.permissions.grant('public', ['api::article.article.find', 'api::article.article.findOne']);
  });

  it('lets the public role read what it may, with FORBIDDEN (HTTP 200) at a relation it may not find', async () => {
    const response = await anonymous.post('{ articles(sort: ["title"]) { data { attributes { title category { data { id } } } } } }');
    expect(response.status).toBe(200);
    expect(response.body.data.articles.data.map((a: { attributes: { title: string } }) => a.attributes.title)).toEqual(['Alpha', 'Beta', 'Delta']);
    expect(response.body.data.articles.data[0].attributes.category).toBeNull();
    expect(response.body.errors?.[0]).toMatchObject({ message: 'Forbidden access', path: ['articles', 'data', 0, 'attributes', 'category'], extensions: { code: 'FORBIDDEN' } });
  });

  it('answers 401 UNAUTHENTICATED to anonymous callers of what the public role may not do', async () => {
    const list = await anonymous.post('{ categories { data { id } } }');
    expect(list.status).toBe(401);
    expect(list.headers.get('www-authenticate')).toBe('Bearer');
    expect(list.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const write = await anonymous.post('mutation { createArticle(data: { title: "x" }) { data { id } } }');
    expect([write.status, write.body.errors?.[0]?.extensions?.code]).toEqual([401, 'UNAUTHENTICATED']);
  });

  it('never shows drafts to anonymous callers', async () => {
    const preview = await anonymous.post('{ articles(publicationState: PREVIEW) { data { id } } }');
    expect([preview.status, preview.body.errors?.[0]?.extensions?.code]).toEqual([401, 'UNAUTHENTICATED']);
    const draftOnly = await anonymous.post(`{ article(id: "${ids.articles.Gamma}") { data { id } } }`);
    expect([draftOnly.status, draftOnly.body.errors?.[0]?.extensions?.code]).toEqual([401, 'UNAUTHENTICATED']);
    expect((await anonymous.post(`{ article(id: "${ids.articles.Beta}") { data { id } } }`)).body).toEqual({ data: { article: { data: { id: ids.articles.Beta } } } });
    expect((await anonymous.post('{ article(id: "unknown") { data { id } } }')).body).toEqual({ data: { article: { data: null } } });
    const withToken = await anonymous.post('{ articles(publicationState: PREVIEW) { data { id } } }', undefined, admin);
    expect(withToken.body.data.articles.data).toHaveLength(4);
  });

  it('refuses filters through a relation the caller may not read', async () => {
    const response = await anonymous.post('{ articles(filters: { category: { name: { eq: "News" } } }) { data { id } } }');
    expect(response.body.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(response.body.errors?.[0]?.message).toMatch(/^Invalid key category/);
  });

  it('answers an invalid token with HTTP 401 and a GraphQL-shaped body', async () => {
    const response = await anonymous.post('{ articles { data { id } } }', undefined, { authorization: 'Bearer not-a-token' });
    expect(response.status).toBe(401);
    expect(response.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
