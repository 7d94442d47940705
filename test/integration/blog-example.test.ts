/**
 * examples/blog started as `npm start` starts it (its own config, register and bootstrap: public
 * reads granted, demo data seeded), checked from outside for each customization it carries:
 * GraphQL (a disabled field and action, a custom query with a policy and a middleware under
 * `auth: false`, a scoped one) and REST (a controller extending the core one, a custom route, a
 * route middleware that sets populate, a lifecycle hook, a document-service middleware).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { BLOG_EXAMPLE } from '../helpers/fixtures.js';
import { client } from '../helpers/http.js';
import { useTestApp } from '../helpers/test-app.js';
import { graphql } from '../graphql/graphql-helpers.js';

const names = (list: Array<{ name: string }> | null | undefined): string[] => (list ?? []).map((f) => f.name);

describeEachDialect('examples/blog customizations', (dialect) => {
  const app = useTestApp({ dialect, projectDir: BLOG_EXAMPLE, access: 'locked' });
  const api = client(() => `${app.url}/api`);
  const anonymous = graphql(() => app.url);
  let editor: Record<string, string>;
  beforeAll(async () => {
    editor = { authorization: `Bearer ${(await app.app.tokens.create({ name: 'editor', type: 'full-access' })).accessKey}` };
  });

  const type = async (name: string): Promise<{ fields: Array<{ name: string }> | null; inputFields: Array<{ name: string }> | null }> => {
    const response = await anonymous.post(`{ __type(name: "${name}") { fields { name } inputFields { name } } }`);
    return response.body.data.__type;
  };

  describe('GraphQL', () => {
    it('a disabled field: Article has no notes in GraphQL, REST still has them', async () => {
      expect(names((await type('Article')).fields)).not.toContain('notes');
      expect(names((await type('Article')).fields)).toContain('summary');
      expect(names((await type('ArticleInput')).inputFields)).not.toContain('notes');
      expect(names((await type('ArticleFiltersInput')).inputFields)).not.toContain('notes');
      const rest = await api.get('/articles?fields[0]=notes&pagination[pageSize]=1');
      expect(rest.status).toBe(200);
      expect(rest.body.data[0]).toHaveProperty('notes');
    });

    it('a disabled action: no deleteCategory mutation; the other category operations stay', async () => {
      const mutations = names((await type('Mutation')).fields);
      expect(mutations).not.toContain('deleteCategory');
      expect(mutations).toEqual(expect.arrayContaining(['createCategory', 'updateCategory', 'deleteArticle']));
      const queries = names((await type('Query')).fields);
      expect(queries).toEqual(expect.arrayContaining(['categories', 'category', 'popularArticles', 'draftArticleCount']));
    });

    it('popularArticles (auth: false): its middleware defaults limit to 5, its policy refuses more than 10', async () => {
      const byDefault = await anonymous.post('{ popularArticles { title views } }');
      expect(byDefault.body.errors).toBeUndefined();
      const list = byDefault.body.data.popularArticles as Array<{ title: string; views: number }>;
      expect(list).toHaveLength(5);
      expect(list.map((a) => a.views)).toEqual([...list.map((a) => a.views)].sort((a, b) => b - a));
      const three = await anonymous.post('query ($n: Int) { popularArticles(limit: $n) { title } }', { n: 3 });
      expect(three.body.data.popularArticles).toEqual(list.slice(0, 3).map(({ title }) => ({ title })));
      const refused = await anonymous.post('{ popularArticles(limit: 11) { title } }');
      expect(refused.body.data).toBeNull();
      expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(refused.body.errors?.[0]?.message).toBe('Policy Failed');
    });

    it('draftArticleCount (scope api::article.article.create): refused to the Public role, answered for an editor', async () => {
      const refused = await anonymous.post('{ draftArticleCount }');
      expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const allowed = await anonymous.post('{ draftArticleCount }', undefined, editor);
      expect(allowed.body.errors).toBeUndefined();
      expect(allowed.body.data.draftArticleCount).toBe(await app.app.documents('api::article.article').count({ status: 'draft' }));
      expect(allowed.body.data.draftArticleCount).toBeGreaterThan(0);
    });
  });

  describe('REST', () => {
    it('the extended core controller adds meta.servedAt; the route middleware populates author and category names', async () => {
      const response = await api.get('/articles?pagination[pageSize]=3&sort=title');
      expect(response.status).toBe(200);
      expect(response.body.meta.pagination).toMatchObject({ page: 1, pageSize: 3 });
      expect(Date.parse(response.body.meta.servedAt)).not.toBeNaN();
      const withAuthor = (await api.get('/articles?pagination[pageSize]=50')).body.data.find((a: { author: unknown }) => a.author !== null);
      expect(withAuthor.author).toEqual({ id: expect.any(Number), documentId: expect.any(String), name: expect.any(String) });
      expect(Object.keys(withAuthor.category ?? { name: '' })).toContain('name');
      // a request's own populate wins over the middleware's default
      const own = await api.get('/articles?pagination[pageSize]=1&populate[tags][fields][0]=name');
      expect(own.body.data[0]).toHaveProperty('tags');
      expect(own.body.data[0]).not.toHaveProperty('author');
    });

    it('the custom route GET /api/articles/popular (auth: false) runs the controller\'s custom action', async () => {
      const response = await api.get('/articles/popular');
      expect(response.status).toBe(200);
      expect(response.body.data).toHaveLength(5);
      expect(Object.keys(response.body.data[0]).sort()).toEqual(['documentId', 'id', 'title', 'views']);
      const graphqlTop = (await anonymous.post('{ popularArticles { views } }')).body.data.popularArticles;
      expect(response.body.data.map((a: { views: number }) => a.views)).toEqual(graphqlTop.map((a: { views: number }) => a.views));
    });

    it('a write: the lifecycle hook fills the summary, the document middleware trims the title', async () => {
      const body = [{ type: 'paragraph', children: [{ type: 'text', text: 'First words of the body.' }] }];
      const created = await api.post('/articles', { data: { title: '  Spaced title  ', body } }, editor);
      expect(created.status).toBe(201);
      expect(created.body.data.title).toBe('Spaced title');
      expect(created.body.data.summary).toBe('First words of the body.');
      const kept = await api.post('/articles', { data: { title: 'With summary', summary: 'Mine' } }, editor);
      expect(kept.body.data.summary).toBe('Mine');
      expect((await api.post('/articles', { data: { title: 'Anonymous' } })).status).toBe(401);
    });
  });
});
