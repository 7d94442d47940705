/**
 * The GraphQL extension service (spec 4.8) over real HTTP: `shadowCRUD` functions change
 * exactly the schema part they name (introspection) and leave REST alone; `use()` with nexus
 * `types`, SDL `typeDefs`, `resolvers` and every `resolversConfig` form (requests show what is
 * allowed and blocked). The project is test/fixtures/graphql-extension/index.ts over the blog
 * model. Writes run on every dialect.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { request } from '../helpers/http.js';
import { startTestApp, useTestApp } from '../helpers/test-app.js';
import { graphql } from './graphql-helpers.js';

const INDEX = readFileSync(new URL('../fixtures/graphql-extension/index.ts', import.meta.url), 'utf8');

interface TypeInfo {
  fields: Array<{ name: string }> | null;
  inputFields: Array<{ name: string }> | null;
}

describeEachDialect('GraphQL extension service', (dialect) => {
  const app = useTestApp({ dialect, access: 'locked', files: { 'src/index.ts': INDEX } });
  const anonymous = graphql(() => app.url);
  let admin: Record<string, string>;
  beforeAll(async () => {
    admin = { authorization: `Bearer ${(await app.app.tokens.create({ name: 'admin', type: 'full-access' })).accessKey}` };
    await app.app.permissions.grant('public', ['api::article.article.find', 'api::article.article.findOne']);
  });

  const type = async (name: string): Promise<TypeInfo | null> => {
    const response = await anonymous.post(`{ __type(name: "${name}") { fields { name } inputFields { name } } }`);
    return response.body.data.__type;
  };
  const names = (list: Array<{ name: string }> | null | undefined): string[] => (list ?? []).map((f) => f.name);

  describe('shadowCRUD (introspection)', () => {
    it('disable(): the type, its operations and relations to it are gone', async () => {
      expect(await type('Tag')).toBeNull();
      expect(await type('TagInput')).toBeNull();
      const query = names((await type('Query'))?.fields);
      expect(query).not.toContain('tags');
      expect(query).not.toContain('tag');
      expect(names((await type('Article'))?.fields)).not.toContain('tags');
      expect(names((await type('ArticleFiltersInput'))?.inputFields)).not.toContain('tags');
      expect(names((await type('ArticleInput'))?.inputFields)).not.toContain('tags');
    });

    it('disableMutations(), disableQueries(), disableAction(), disableActions()', async () => {
      const query = names((await type('Query'))?.fields);
      const mutation = names((await type('Mutation'))?.fields);
      expect(query).toEqual(expect.arrayContaining(['authors', 'author', 'categories', 'articles', 'article']));
      expect(mutation).not.toEqual(expect.arrayContaining(['createAuthor']));
      expect(mutation.filter((m) => m.endsWith('Author'))).toEqual([]);
      expect(query).not.toContain('global');
      expect(mutation).toEqual(expect.arrayContaining(['updateGlobal', 'deleteGlobal', 'createCategory', 'createArticle', 'updateArticle', 'deleteArticle']));
      expect(query).not.toContain('category');
      expect(mutation).not.toContain('updateCategory');
      expect(mutation).not.toContain('deleteCategory');
      // the types of a type without queries stay (disableQueries is not disable)
      expect(await type('Global')).not.toBeNull();
    });

    it('field(): disable(), disableOutput(), disableInput(), disableFilters() each remove their part only', async () => {
      const output = names((await type('Article'))?.fields);
      const input = names((await type('ArticleInput'))?.inputFields);
      const filters = names((await type('ArticleFiltersInput'))?.inputFields);
      expect([output.includes('notes'), input.includes('notes'), filters.includes('notes')]).toEqual([false, false, false]);
      expect([output.includes('summary'), input.includes('summary'), filters.includes('summary')]).toEqual([true, false, true]);
      expect([output.includes('views'), input.includes('views'), filters.includes('views')]).toEqual([true, true, false]);
      expect([output.includes('contactEmail'), input.includes('contactEmail'), filters.includes('contactEmail')]).toEqual([false, true, true]);
      expect(output).toContain('title');
    });

    it('leaves REST alone', async () => {
      const tags = await request<{ data: unknown[] }>(`${app.url}/api/tags`, { headers: admin });
      expect(tags.status).toBe(200);
      const created = await request<{ data: { notes: string; contactEmail: string } }>(`${app.url}/api/articles`, {
        method: 'POST', headers: admin, json: { data: { title: 'Rest article', notes: 'kept', contactEmail: 'a@b.co' } },
      });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({ notes: 'kept', contactEmail: 'a@b.co' });
    });
  });

  describe('use()', () => {
    it('nexus types, SDL typeDefs and resolvers build one schema', async () => {
      expect((await anonymous.post('{ articleTitles }')).body).toEqual({ data: { articleTitles: ['from nexus'] } });
      expect(names((await type('Greeting'))?.fields)).toEqual(['text']);
    });

    it('auth: false opens a custom query and a generated one to anonymous callers', async () => {
      expect((await anonymous.post('{ hello(name: "ann") { text } }')).body).toEqual({ data: { hello: { text: 'hello ann!' } } });
      const categories = await anonymous.post('{ categories { data { id } } }');
      expect(categories.status).toBe(200);
      expect(categories.body).toEqual({ data: { categories: { data: [] } } });
      // without auth: false, the public role (no category permission) is refused
      const authors = await anonymous.post('{ authors { data { id } } }');
      expect([authors.status, authors.body.errors?.[0]?.extensions?.code]).toEqual([401, 'UNAUTHENTICATED']);
    });

    it('a custom query without auth config needs an authenticated caller', async () => {
      const refused = await anonymous.post('{ secret }');
      expect(refused.body.data).toEqual({ secret: null });
      expect(refused.body.errors?.[0]).toMatchObject({ message: 'Forbidden access', path: ['secret'], extensions: { code: 'FORBIDDEN' } });
      expect((await anonymous.post('{ secret }', undefined, admin)).body).toEqual({ data: { secret: 'the secret' } });
    });

    it('auth: { scope } requires those permissions instead of the default', async () => {
      const refused = await anonymous.post('{ scoped }');
      expect(refused.body.errors?.[0]).toMatchObject({ message: 'Forbidden access', extensions: { code: 'FORBIDDEN' } });
      expect((await anonymous.post('{ scoped }', undefined, admin)).body).toEqual({ data: { scoped: 'scoped data' } });
      // Query.article needs author.find now: the public role's article.findOne is not enough
      const article = await anonymous.post('{ article(id: "x") { data { id } } }');
      expect(article.body.errors?.[0]).toMatchObject({ message: 'Forbidden access', extensions: { code: 'FORBIDDEN' } });
      await app.app.permissions.grant('public', ['api::author.author.find']);
      expect((await anonymous.post('{ article(id: "x") { data { id } } }')).body).toEqual({ data: { article: { data: null } } });
      await app.app.permissions.revoke('public', ['api::author.author.find']);
    });

    it('inline policies: false blocks with FORBIDDEN "Policy Failed"; they see args, state and http', async () => {
      const blocked = await anonymous.post('{ hello(name: "blocked") { text } }');
      expect(blocked.status).toBe(200);
      expect(blocked.body.data).toEqual({ hello: null });
      expect(blocked.body.errors?.[0]).toMatchObject({ message: 'Policy Failed', path: ['hello'], extensions: { code: 'FORBIDDEN' } });
      expect((await anonymous.post('{ whoami }', undefined, { 'x-test': 'yes' })).body).toEqual({ data: { whoami: 'users-permissions:false:yes' } });
      expect((await anonymous.post('{ whoami }', undefined, admin)).body).toEqual({ data: { whoami: 'api-token:true:' } });
      expect((await anonymous.post('{ whoami }', undefined, { 'x-test': 'deny' })).body.errors?.[0]?.message).toBe('Policy Failed');
    });

    it('named policies with { name, config }, and named middlewares with { name, options }, in order', async () => {
      expect((await anonymous.post('{ echo(name: "abc") }')).body).toEqual({ data: { echo: 'ABC?' } });
      expect((await anonymous.post('{ echo(name: "ab") }')).body.errors?.[0]).toMatchObject({ message: 'Policy Failed', extensions: { code: 'FORBIDDEN' } });
    });

    it('a registered policy guards a generated mutation; a middleware acts on a nested field', async () => {
      const blocked = await anonymous.post('mutation { createArticle(data: { title: "x" }) { data { id } } }', undefined, admin);
      expect(blocked.body.errors?.[0]).toMatchObject({ message: 'Policy Failed', extensions: { code: 'FORBIDDEN' } });
      const rows = await request<{ data: unknown[] }>(`${app.url}/api/articles?filters[title][$eq]=x&status=draft`, { headers: admin });
      expect(rows.body.data).toEqual([]);
      const created = await anonymous.post('mutation { createArticle(data: { title: "quiet", publishedAt: "2024-01-01T00:00:00.000Z" }) { data { attributes { title } } } }', undefined, admin);
      expect(created.body).toEqual({ data: { createArticle: { data: { attributes: { title: 'QUIET' } } } } });
      const listed = await anonymous.post('{ articles(filters: { title: { eq: "quiet" } }) { data { attributes { title } } } }');
      expect(listed.body).toEqual({ data: { articles: { data: [{ attributes: { title: 'QUIET' } }] } } });
    });

    it('a later use() replaces a generated resolver, which keeps its permission check', async () => {
      const anon = await anonymous.post('{ author(id: "x") { data { id } } }');
      expect(anon.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect((await anonymous.post('{ author(id: "x") { data { id } } }', undefined, admin)).body).toEqual({ data: { author: { data: null } } });
    });
  });
});

describe('GraphQL extension mistakes stop the start', () => {
  const startWith = (register: string): Promise<unknown> => startTestApp({
    dialect: 'sqlite',
    access: 'locked',
    files: { 'src/index.ts': `export default { register({ strapi }: any) { const extension = strapi.plugin('graphql').service('extension'); ${register} } };` },
  }).then((started) => started.close());

  it('invalid SDL', async () => {
    await expect(startWith('extension.use({ typeDefs: "extend type Query { broken( }" });')).rejects.toThrow(/GraphQL extension #1 .*invalid typeDefs SDL \(line 1, column \d+\): Syntax Error/);
  });

  it('a resolversConfig key naming no field', async () => {
    await expect(startWith("extension.use({ resolversConfig: { 'Query.nope': { auth: false } } });")).rejects.toThrow('GraphQL extension #1 (extension service use()): resolversConfig "Query.nope" names no field: type Query has no field nope');
  });

  it('an unknown policy or middleware name', async () => {
    await expect(startWith("extension.use({ resolversConfig: { 'Query.articles': { policies: ['global::missing'] } } });")).rejects.toThrow('resolversConfig "Query.articles": unknown policy "global::missing"');
    await expect(startWith("extension.use({ resolversConfig: { 'Query.articles': { middlewares: [{ name: 'global::gone', options: {} }] } } });")).rejects.toThrow('resolversConfig "Query.articles": unknown middleware "global::gone"');
  });

  it('a resolver for a field that does not exist', async () => {
    await expect(startWith('extension.use({ resolvers: { Query: { ghost: () => 1 } } });')).rejects.toThrow(/GraphQL extension #1 .*resolvers: Query\.ghost defined in resolvers, but not in schema/);
  });
});
