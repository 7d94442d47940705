/**
 * create/update/delete over real HTTP on every dialect, with the v4 plugin's draft & publish
 * rules (decisions.md), REST-equal validation, atomic writes and unknown ids.
 */
import { describe, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { request } from '../helpers/http.js';
import { useTestApp } from '../helpers/test-app.js';
import { graphql } from './graphql-helpers.js';

describeEachDialect('GraphQL mutations', (dialect) => {
  const app = useTestApp({ dialect });
  const gql = graphql(() => app.url, '/graphql', () => app.authHeaders);

  const liveTitles = async (): Promise<string[]> =>
    (await gql.data('{ articles(pagination: { limit: -1 }) { data { attributes { title } } } }')).articles.data.map((d: { attributes: { title: string } }) => d.attributes.title);
  const previewTitles = async (): Promise<string[]> =>
    (await gql.data('{ articles(publicationState: PREVIEW, pagination: { limit: -1 }) { data { attributes { title } } } }')).articles.data.map((d: { attributes: { title: string } }) => d.attributes.title);

  describe('create<Type>', () => {
    it('creates a draft unless publishedAt is given', async () => {
      const draft = await gql.data('mutation { createArticle(data: { title: "Draft one" }) { data { id attributes { title publishedAt } } } }');
      expect(draft.createArticle.data.attributes).toEqual({ title: 'Draft one', publishedAt: null });
      const live = await gql.data('mutation { createArticle(data: { title: "Live one", publishedAt: "2024-05-01T00:00:00Z" }) { data { id attributes { title publishedAt } } } }');
      expect(live.createArticle.data.attributes.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(await liveTitles()).toEqual(['Live one']);
      expect(await previewTitles()).toEqual(['Draft one', 'Live one']);
    });

    it('publishes types without draft & publish at once', async () => {
      const data = await gql.data('mutation { createTag(data: { name: "t" }) { data { attributes { name publishedAt } } } }');
      expect(data.createTag.data.attributes.publishedAt).toMatch(/^\d{4}-/);
    });

    it('returns the selection of the created entry, relations and components included', async () => {
      const category = (await gql.data('mutation { createCategory(data: { name: "Cat A" }) { data { id } } }')).createCategory.data.id;
      const data = await gql.data(`mutation($d: ArticleInput!) { createArticle(data: $d) { data { attributes {
        title category { data { id attributes { name } } } seo { metaTitle social { network } } blocks { ... on ComponentSharedQuote { text } }
      } } } }`, { d: { title: 'With parts', category, seo: { metaTitle: 'M', social: [{ network: 'linkedin' }] }, blocks: [{ __component: 'shared.quote', text: 'Q' }] } });
      expect(data.createArticle.data.attributes).toEqual({
        title: 'With parts', category: { data: { id: category, attributes: { name: 'Cat A' } } },
        seo: { metaTitle: 'M', social: [{ network: 'linkedin' }] }, blocks: [{ text: 'Q' }],
      });
    });

    it('takes dynamic zone items named by v4\'s __typename as well as by __component', async () => {
      const data = await gql.data(`mutation($d: ArticleInput!) { createArticle(data: $d) { data { attributes {
        blocks { __typename ... on ComponentSharedQuote { text } }
      } } } }`, { d: { title: 'Typed parts', blocks: [{ __typename: 'ComponentSharedQuote', text: 'By type name' }, { __component: 'shared.quote', text: 'By uid' }] } });
      expect(data.createArticle.data.attributes.blocks).toEqual([
        { __typename: 'ComponentSharedQuote', text: 'By type name' },
        { __typename: 'ComponentSharedQuote', text: 'By uid' },
      ]);
      const wrong = await gql.post('mutation($d: ArticleInput!) { createArticle(data: $d) { data { id } } }', { d: { title: 'x', blocks: [{ __typename: 'ComponentSharedSeo', text: 'no' }] } });
      expect(wrong.body.errors?.[0]?.message).toMatch(/Component not found. expected one of: .*shared.quote/);
    });

    it('validates like REST: BAD_USER_INPUT with the same message, and writes nothing', async () => {
      const before = (await gql.data('{ categories(pagination: { limit: -1 }) { meta { pagination { total } } } }')).categories.meta.pagination.total;
      const rest = await request(`${app.url}/api/categories`, { method: 'POST', json: { data: { description: 'no name' } }, headers: app.authHeaders });
      const response = await gql.post('mutation { createCategory(data: { description: "no name" }) { data { id } } }');
      expect(rest.status).toBe(400);
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual({ createCategory: null });
      expect(response.body.errors?.[0]).toMatchObject({
        message: rest.body.error.message,
        path: ['createCategory'],
        extensions: { code: 'BAD_USER_INPUT', error: { name: 'ValidationError', message: rest.body.error.message } },
      });
      const dup = await gql.post('mutation { a: createCategory(data: { name: "Unique" }) { data { id } } b: createCategory(data: { name: "Unique" }) { data { id } } }');
      expect(dup.body.data.a.data.id).toEqual(expect.any(String));
      expect(dup.body.data.b).toBeNull();
      expect(dup.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      const after = (await gql.data('{ categories(pagination: { limit: -1 }) { meta { pagination { total } } } }')).categories.meta.pagination.total;
      expect(after).toBe(before + 1);
    });

    it('checks required attributes as v4 does: also on a draft made without publishedAt, not with publishedAt: null', async () => {
      const before = await previewTitles();
      const missing = await gql.post('mutation { createArticle(data: { summary: "no title" }) { data { id } } }');
      expect(missing.status).toBe(200);
      expect(missing.body.data).toEqual({ createArticle: null });
      const titleError = { path: ['title'], message: 'title must be defined.', name: 'ValidationError' };
      expect(missing.body.errors?.[0]).toMatchObject({
        message: 'title must be defined.',
        path: ['createArticle'],
        extensions: { code: 'BAD_USER_INPUT', error: { name: 'ValidationError', message: 'title must be defined.', details: { errors: [titleError] } } },
      });
      // inside components too, every problem named
      const nested = await gql.post('mutation { createArticle(data: { title: null, seo: { metaDescription: "d" } }) { data { id } } }');
      expect(nested.body.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        error: { message: '2 errors occurred', details: { errors: [titleError, { path: ['seo', 'metaTitle'], message: 'seo.metaTitle must be defined.', name: 'ValidationError' }] } },
      });
      expect(await previewTitles()).toEqual(before);
      // `publishedAt: null` says "draft": v4 lets a draft be incomplete
      const draft = await gql.data('mutation { createArticle(data: { summary: "untitled draft", publishedAt: null }) { data { id attributes { title summary publishedAt } } } }');
      expect(draft.createArticle.data.attributes).toEqual({ title: null, summary: 'untitled draft', publishedAt: null });
      const deleted = await gql.data(`mutation { deleteArticle(id: "${draft.createArticle.data.id}") { data { id } } }`);
      expect(deleted.deleteArticle.data.id).toBe(draft.createArticle.data.id);
    });

    it('is atomic: a failing relation leaves no half-written document', async () => {
      const before = await previewTitles();
      const response = await gql.post('mutation { createArticle(data: { title: "Broken", tags: ["no-such-tag"], seo: { metaTitle: "x" } }) { data { id } } }');
      expect(response.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(await previewTitles()).toEqual(before);
    });

    it('refuses input of the wrong type before executing (HTTP 400)', async () => {
      const response = await gql.post('mutation($d: ArticleInput!) { createArticle(data: $d) { data { id } } }', { d: { title: 5, views: 'many' } });
      expect(response.status).toBe(400);
      expect(response.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      const unknown = await gql.post('mutation { createArticle(data: { nope: 1 }) { data { id } } }');
      expect([unknown.status, unknown.body.errors?.[0]?.extensions?.code]).toEqual([400, 'GRAPHQL_VALIDATION_FAILED']);
    });
  });

  describe('update<Type>', () => {
    it('on a published document changes what is live; publishedAt: null unpublishes; a value publishes', async () => {
      const id = (await gql.data('mutation { createArticle(data: { title: "U1", publishedAt: "2024-01-01T00:00:00Z" }) { data { id } } }')).createArticle.data.id;
      const updated = await gql.data(`mutation { updateArticle(id: "${id}", data: { title: "U1 edited" }) { data { id attributes { title publishedAt } } } }`);
      expect(updated.updateArticle.data.id).toBe(id);
      expect(updated.updateArticle.data.attributes.title).toBe('U1 edited');
      expect(updated.updateArticle.data.attributes.publishedAt).not.toBeNull();
      expect(await liveTitles()).toContain('U1 edited');

      const unpublished = await gql.data(`mutation { updateArticle(id: "${id}", data: { publishedAt: null }) { data { attributes { title publishedAt } } } }`);
      expect(unpublished.updateArticle.data.attributes).toEqual({ title: 'U1 edited', publishedAt: null });
      expect(await liveTitles()).not.toContain('U1 edited');

      const draftEdit = await gql.data(`mutation { updateArticle(id: "${id}", data: { title: "U1 draft" }) { data { attributes { title publishedAt } } } }`);
      expect(draftEdit.updateArticle.data.attributes).toEqual({ title: 'U1 draft', publishedAt: null });
      expect(await liveTitles()).not.toContain('U1 draft');

      const republished = await gql.data(`mutation { updateArticle(id: "${id}", data: { publishedAt: "2024-06-01T00:00:00Z" }) { data { attributes { title publishedAt } } } }`);
      expect(republished.updateArticle.data.attributes.title).toBe('U1 draft');
      expect(await liveTitles()).toContain('U1 draft');
    });

    it('replaces relations and components given in data', async () => {
      const tags = await gql.data('mutation { a: createTag(data: { name: "ra" }) { data { id } } b: createTag(data: { name: "rb" }) { data { id } } }');
      const id = (await gql.data(`mutation { createArticle(data: { title: "Rel", tags: ["${tags.a.data.id}"] }) { data { id } } }`)).createArticle.data.id;
      const data = await gql.data(`mutation { updateArticle(id: "${id}", data: { tags: ["${tags.b.data.id}"], seo: { metaTitle: "new" } }) { data { attributes { tags { data { attributes { name } } } seo { metaTitle } } } } }`);
      expect(data.updateArticle.data.attributes).toEqual({ tags: { data: [{ attributes: { name: 'rb' } }] }, seo: { metaTitle: 'new' } });
    });

    it('answers NOT_FOUND for an unknown id', async () => {
      const response = await gql.post('mutation { updateArticle(id: "missing", data: { title: "x" }) { data { id } } }');
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual({ updateArticle: null });
      expect(response.body.errors?.[0]).toMatchObject({ path: ['updateArticle'], extensions: { code: 'NOT_FOUND' } });
    });
  });

  describe('delete<Type>', () => {
    it('returns the deleted entity and removes every version', async () => {
      const id = (await gql.data('mutation { createArticle(data: { title: "Gone", publishedAt: "2024-01-01T00:00:00Z" }) { data { id } } }')).createArticle.data.id;
      const deleted = await gql.data(`mutation { deleteArticle(id: "${id}") { data { id attributes { title } } } }`);
      expect(deleted.deleteArticle.data).toEqual({ id, attributes: { title: 'Gone' } });
      expect(await gql.data(`{ article(id: "${id}") { data { id } } }`)).toEqual({ article: { data: null } });
      expect(await previewTitles()).not.toContain('Gone');
    });

    it('answers NOT_FOUND for an unknown id', async () => {
      const response = await gql.post('mutation { deleteArticle(id: "missing") { data { id } } }');
      expect(response.body.errors?.[0]).toMatchObject({ path: ['deleteArticle'], extensions: { code: 'NOT_FOUND' } });
    });
  });
});

// The blog's Global without draft & publish always publishes; this project turns it on.
const GLOBAL_SCHEMA = 'src/api/global/content-types/global/schema.json';
const globalWithDrafts = JSON.stringify({
  kind: 'singleType', collectionName: 'globals', info: { singularName: 'global', pluralName: 'globals', displayName: 'Global' },
  options: { draftAndPublish: true }, attributes: { siteName: { type: 'string', required: true }, siteDescription: { type: 'text' } },
});

describeEachDialect('GraphQL update<Type> creating a draft & publish single type', (dialect) => {
  const app = useTestApp({ dialect, files: { [GLOBAL_SCHEMA]: globalWithDrafts } });
  const gql = graphql(() => app.url, '/graphql', () => app.authHeaders);

  it('checks required attributes as create<Type> does: unless publishedAt is null', async () => {
    const missing = await gql.post('mutation { updateGlobal(data: { siteDescription: "d" }) { data { id } } }');
    expect(missing.body.errors?.[0]).toMatchObject({ message: 'siteName must be defined.', extensions: { code: 'BAD_USER_INPUT' } });
    expect(await gql.data('{ global(publicationState: PREVIEW) { data { id } } }')).toEqual({ global: { data: null } });
    const draft = await gql.data('mutation { updateGlobal(data: { siteDescription: "d", publishedAt: null }) { data { attributes { siteName siteDescription publishedAt } } } }');
    expect(draft.updateGlobal.data.attributes).toEqual({ siteName: null, siteDescription: 'd', publishedAt: null });
  });
});
