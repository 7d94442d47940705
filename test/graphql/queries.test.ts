/**
 * Every generated query, argument and default over real HTTP, on every dialect: list and
 * single reads, filters per scalar kind, sort, both pagination styles and both limits,
 * publication states, nested relations, components, dynamic zones, media and Long.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { useTestApp } from '../helpers/test-app.js';
import { graphql, seedBlog, type BlogIds } from './graphql-helpers.js';

describeEachDialect('GraphQL queries', (dialect) => {
  const app = useTestApp({ dialect });
  const gql = graphql(() => app.url, '/graphql', () => app.authHeaders);
  let ids: BlogIds;
  beforeAll(async () => {
    ids = await seedBlog(app.url, app.authHeaders);
  });

  const titles = async (args: string): Promise<string[]> => {
    const data = await gql.data(`{ articles${args} { data { attributes { title } } } }`);
    return data.articles.data.map((d: { attributes: { title: string } }) => d.attributes.title);
  };

  describe('<plural>', () => {
    it('lists published documents by default (LIVE), in id order, with page meta', async () => {
      const data = await gql.data('{ articles { data { id attributes { title } } meta { pagination { total page pageSize pageCount } } } }');
      expect(data.articles).toEqual({
        data: [
          { id: ids.articles.Alpha, attributes: { title: 'Alpha' } },
          { id: ids.articles.Beta, attributes: { title: 'Beta' } },
          { id: ids.articles.Delta, attributes: { title: 'Delta' } },
        ],
        meta: { pagination: { total: 3, page: 1, pageSize: 10, pageCount: 1 } },
      });
    });

    it('PREVIEW shows each document once, as its draft where one exists', async () => {
      expect(await titles('(publicationState: PREVIEW)')).toEqual(['Alpha', 'Beta', 'Gamma', 'Delta (draft)']);
      expect(await titles('(publicationState: LIVE)')).toEqual(['Alpha', 'Beta', 'Delta']);
    });

    it('publicationState has no effect on types without draft & publish', async () => {
      const live = await gql.data('{ categories(publicationState: LIVE) { data { id } } }');
      const preview = await gql.data('{ categories(publicationState: PREVIEW) { data { id } } }');
      expect(preview).toEqual(live);
      expect(live.categories.data).toHaveLength(3);
    });

    it('filters on every scalar kind with the REST operators', async () => {
      expect(await titles('(filters: { title: { eq: "Alpha" } })')).toEqual(['Alpha']);
      expect(await titles('(filters: { title: { eqi: "alpha" } })')).toEqual(['Alpha']);
      expect(await titles('(filters: { title: { eq: "alpha" } })')).toEqual([]);
      expect(await titles('(filters: { title: { containsi: "ELT" } })')).toEqual(['Delta']);
      expect(await titles('(filters: { title: { startsWith: "B" } })')).toEqual(['Beta']);
      expect(await titles('(filters: { title: { endsWith: "ta" } })')).toEqual(['Beta', 'Delta']);
      expect(await titles('(filters: { title: { notContains: "l" } })')).toEqual(['Beta']);
      expect(await titles('(filters: { views: { gt: 5 } })')).toEqual(['Alpha', 'Delta']);
      expect(await titles('(filters: { views: { between: [5, 7] } })')).toEqual(['Beta', 'Delta']);
      expect(await titles('(filters: { views: { in: [5, 10] } })')).toEqual(['Alpha', 'Beta']);
      expect(await titles('(filters: { views: { notIn: [5, 10] } })')).toEqual(['Delta']);
      expect(await titles('(filters: { featured: { eq: true } })')).toEqual(['Alpha']);
      expect(await titles('(filters: { score: { lte: 1.25 } })')).toEqual(['Alpha']);
      expect(await titles('(filters: { likes: { eq: "9007199254740993" } })')).toEqual(['Alpha']);
      expect(await titles('(filters: { publishDate: { eq: "2024-01-15" } })')).toEqual(['Alpha']);
      expect(await titles('(filters: { lastReviewedAt: { lt: "2024-02-02T00:00:00Z" } })')).toEqual(['Alpha']);
      expect(await titles('(filters: { summary: { null: true } })')).toEqual(['Beta', 'Delta']);
      expect(await titles('(filters: { summary: { notNull: true } })')).toEqual(['Alpha']);
      expect(await titles('(filters: { tone: { ne: "serious" } })')).toEqual(['Beta']);
      expect(await titles(`(filters: { id: { eq: "${ids.articles.Beta}" } })`)).toEqual(['Beta']);
      expect(await titles('(filters: { createdAt: { notNull: true } }, pagination: { limit: 1 })')).toEqual(['Alpha']);
    });

    it('combines filters with and/or/not and filters through relations and components', async () => {
      expect(await titles('(filters: { or: [{ title: { eq: "Alpha" } }, { views: { eq: 7 } }] })')).toEqual(['Alpha', 'Delta']);
      expect(await titles('(filters: { and: [{ views: { gte: 5 } }, { not: { title: { eq: "Beta" } } }] })')).toEqual(['Alpha', 'Delta']);
      expect(await titles('(filters: { title: { not: { eq: "Alpha" } } })')).toEqual(['Beta', 'Delta']);
      // v4's scalar and/or: lists of values (`[String]`), each compared for equality
      expect(await titles('(filters: { title: { or: ["Alpha", "Delta"] } })')).toEqual(['Alpha', 'Delta']);
      expect(await titles('(filters: { title: { and: ["Alpha", "Delta"] } })')).toEqual([]);
      expect(await titles('(filters: { views: { or: [7], gte: 5 } })')).toEqual(['Delta']);
      expect(await titles('(filters: { category: { name: { eq: "Tech" } } })')).toEqual(['Beta']);
      expect(await titles('(filters: { tags: { name: { eq: "tag15" } } })')).toEqual(['Alpha']);
      expect(await titles('(filters: { seo: { social: { network: { eq: "github" } } } })')).toEqual(['Alpha']);
    });

    it('sorts with REST sort strings, relation paths included', async () => {
      expect(await titles('(sort: ["views:desc"])')).toEqual(['Alpha', 'Delta', 'Beta']);
      expect(await titles('(sort: ["category.position:desc", "title"])')).toEqual(['Delta', 'Beta', 'Alpha']);
      expect(await titles('(sort: "title:desc")')).toEqual(['Delta', 'Beta', 'Alpha']);
    });

    it('paginates by page and by offset, reporting page-shaped meta', async () => {
      const page = await gql.data('{ articles(pagination: { page: 2, pageSize: 2 }) { data { attributes { title } } meta { pagination { total page pageSize pageCount } } } }');
      expect(page.articles).toEqual({ data: [{ attributes: { title: 'Delta' } }], meta: { pagination: { total: 3, page: 2, pageSize: 2, pageCount: 2 } } });
      const offset = await gql.data('{ articles(pagination: { start: 1, limit: 1 }) { data { attributes { title } } meta { pagination { total page pageSize pageCount } } } }');
      expect(offset.articles).toEqual({ data: [{ attributes: { title: 'Beta' } }], meta: { pagination: { total: 3, page: 2, pageSize: 1, pageCount: 3 } } });
    });

    it('meta totals respect the filters', async () => {
      const data = await gql.data('{ articles(filters: { views: { gte: 7 } }, pagination: { pageSize: 1 }) { meta { pagination { total pageCount } } } }');
      expect(data.articles.meta.pagination).toEqual({ total: 2, pageCount: 2 });
    });

    it('defaults to 10 per page and clamps every list to amountLimit 100 (limit -1 included)', async () => {
      const defaults = await gql.data('{ tags { data { id } } meta: tags { meta { pagination { pageSize total } } } }');
      expect(defaults.tags.data).toHaveLength(10);
      expect(defaults.meta.meta.pagination).toEqual({ pageSize: 10, total: 15 });
      const clamped = await gql.data('{ tags(pagination: { pageSize: 1000 }) { data { id } meta { pagination { pageSize } } } }');
      expect([clamped.tags.data.length, clamped.tags.meta.pagination.pageSize]).toEqual([15, 100]);
      const all = await gql.data('{ tags(pagination: { limit: -1 }) { data { id } meta { pagination { pageSize } } } }');
      expect([all.tags.data.length, all.tags.meta.pagination.pageSize]).toEqual([15, 100]);
    });

    it('refuses mixed pagination styles with STRAPI_PAGINATION_ERROR (v4) and negative sizes with BAD_USER_INPUT', async () => {
      const mixed = await gql.post('{ articles(pagination: { page: 1, limit: 2 }) { data { id } } }');
      expect(mixed.status).toBe(200);
      expect(mixed.body.errors?.[0]).toMatchObject({
        message: 'Cannot use both page & offset pagination in the same query',
        path: ['articles'],
        extensions: { code: 'STRAPI_PAGINATION_ERROR', error: { name: 'PaginationError' } },
      });
      expect(mixed.body.data).toEqual({ articles: null });
      const negative = await gql.post('{ articles(pagination: { pageSize: -3 }) { data { id } } }');
      expect(negative.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    });

    it('refuses an invalid sort with BAD_USER_INPUT naming the key', async () => {
      const response = await gql.post('{ articles(sort: ["nope:asc"]) { data { id } } }');
      expect(response.body.errors?.[0]).toMatchObject({ message: 'Invalid key nope:asc', extensions: { code: 'BAD_USER_INPUT' } });
    });

    it("refuses an invalid sort direction with Strapi's message, the sort in details", async () => {
      const response = await gql.post('{ articles(sort: ["title:up"]) { data { id } } }');
      expect(response.body.errors?.[0]).toMatchObject({
        message: 'Invalid order. order can only be one of asc|desc|ASC|DESC',
        extensions: { code: 'BAD_USER_INPUT', error: { name: 'ValidationError', details: { key: 'title:up', order: 'up', param: 'sort' } } },
      });
    });
  });

  describe('<singular>(id)', () => {
    it('returns a document by id (its documentId), the published version first', async () => {
      const data = await gql.data(`{ article(id: "${ids.articles.Delta}") { data { id attributes { title publishedAt } } } }`);
      expect(data.article.data.id).toBe(ids.articles.Delta);
      expect(data.article.data.attributes.title).toBe('Delta');
      expect(data.article.data.attributes.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    });

    it('returns a never-published document as its draft', async () => {
      const data = await gql.data(`{ article(id: "${ids.articles.Gamma}") { data { attributes { title publishedAt } } } }`);
      expect(data.article.data.attributes).toEqual({ title: 'Gamma', publishedAt: null });
    });

    it('answers { data: null } without an error for an unknown id or no id', async () => {
      expect(await gql.data('{ article(id: "doesnotexist") { data { id } } }')).toEqual({ article: { data: null } });
      expect(await gql.data('{ article { data { id } } }')).toEqual({ article: { data: null } });
    });
  });

  describe('single types', () => {
    it('reads and writes the one document', async () => {
      expect(await gql.data('{ global { data { id } } }')).toEqual({ global: { data: null } });
      const written = await gql.data('mutation { updateGlobal(data: { siteName: "Blog", defaultSeo: { metaTitle: "Home" } }) { data { attributes { siteName defaultSeo { metaTitle } } } } }');
      expect(written.updateGlobal.data.attributes).toEqual({ siteName: 'Blog', defaultSeo: { metaTitle: 'Home' } });
      const again = await gql.data('mutation { updateGlobal(data: { siteName: "Blog 2" }) { data { attributes { siteName } } } }');
      expect(again.updateGlobal.data.attributes.siteName).toBe('Blog 2');
      const read = await gql.data('{ global { data { attributes { siteName siteDescription } } } }');
      expect(read.global.data.attributes).toEqual({ siteName: 'Blog 2', siteDescription: null });
      const deleted = await gql.data('mutation { deleteGlobal { data { attributes { siteName } } } }');
      expect(deleted.deleteGlobal.data.attributes.siteName).toBe('Blog 2');
      expect(await gql.data('{ global { data { id } } }')).toEqual({ global: { data: null } });
    });
  });

  describe('attribute kinds', () => {
    it('returns every scalar kind in its GraphQL type; Long beyond 2^53 as a string', async () => {
      const data = await gql.data(`{ article(id: "${ids.articles.Alpha}") { data { attributes {
        title slug summary body notes views likes rating score featured tone contactEmail publishDate readingTime lastReviewedAt meta
      } } } }`);
      expect(data.article.data.attributes).toEqual({
        title: 'Alpha', slug: 'alpha', summary: 'First', body: [{ type: 'paragraph', children: [{ type: 'text', text: 'Hello' }] }], notes: '# Notes',
        views: 10, likes: '9007199254740993', rating: 4.5, score: 1.25, featured: true, tone: 'serious', contactEmail: 'alpha@example.com',
        publishDate: '2024-01-15', readingTime: '00:05:00.000', lastReviewedAt: '2024-02-01T10:00:00.000Z', meta: { a: 1, list: [1, 2] },
      });
    });

    it('nests relations with their own filters, sort and pagination (default 10 per nested list)', async () => {
      const data = await gql.data(`{ article(id: "${ids.articles.Alpha}") { data { attributes {
        category { data { id attributes { name } } }
        author { data { attributes { name articles { data { attributes { title } } } } } }
        first: tags { data { attributes { name } } }
        last: tags(sort: ["name:desc"], pagination: { limit: 2 }) { data { attributes { name } } }
        page2: tags(sort: ["name:desc"], pagination: { page: 2, pageSize: 5 }) { data { attributes { name } } }
        odd: tags(filters: { name: { in: ["tag01", "tag03"] } }) { data { attributes { name } } }
      } } } }`);
      const a = data.article.data.attributes;
      expect(a.category).toEqual({ data: { id: ids.categories.News, attributes: { name: 'News' } } });
      expect(a.author.data.attributes).toEqual({ name: 'Ada', articles: { data: [{ attributes: { title: 'Alpha' } }] } });
      expect(a.first.data.map((t: { attributes: { name: string } }) => t.attributes.name)).toEqual(['tag01', 'tag02', 'tag03', 'tag04', 'tag05', 'tag06', 'tag07', 'tag08', 'tag09', 'tag10']);
      expect(a.last.data.map((t: { attributes: { name: string } }) => t.attributes.name)).toEqual(['tag15', 'tag14']);
      expect(a.page2.data.map((t: { attributes: { name: string } }) => t.attributes.name)).toEqual(['tag10', 'tag09', 'tag08', 'tag07', 'tag06']);
      expect(a.odd.data.map((t: { attributes: { name: string } }) => t.attributes.name)).toEqual(['tag01', 'tag03']);
    });

    it('gives nested to-many relations to draft & publish types their own publicationState, LIVE by default (v4)', async () => {
      type Lists = { categories: { data: Array<{ attributes: { name: string; articles: { data: Array<{ attributes: { title: string } }> } } }> } };
      const byCategory = async (args: string): Promise<Record<string, string[]>> => {
        const data = await gql.data<Lists>(`{ categories(sort: ["name"]) { data { attributes { name articles${args} { data { attributes { title } } } } } } }`);
        return Object.fromEntries(data.categories.data.map((c) => [c.attributes.name, c.attributes.articles.data.map((a) => a.attributes.title)]));
      };
      const live = { Life: ['Delta'], News: ['Alpha'], Tech: ['Beta'] };
      expect(await byCategory('(sort: ["title"])')).toEqual(live);
      expect(await byCategory('(sort: ["title"], publicationState: LIVE)')).toEqual(live);
      expect(await byCategory('(sort: ["title"], publicationState: PREVIEW)')).toEqual({ Life: ['Delta (draft)'], News: ['Alpha', 'Gamma'], Tech: ['Beta'] });

      // inside a PREVIEW query the nested list still defaults to LIVE; aliases may mix both
      const data = await gql.data(`{ articles(publicationState: PREVIEW, filters: { title: { eq: "Gamma" } }) { data { attributes { title category { data { attributes {
        live: articles(sort: ["title"]) { data { attributes { title } } }
        preview: articles(sort: ["title"], publicationState: PREVIEW) { data { attributes { title } } }
      } } } } } } }`);
      const category = data.articles.data[0].attributes.category.data.attributes;
      expect(category.live.data.map((a: { attributes: { title: string } }) => a.attributes.title)).toEqual(['Alpha']);
      expect(category.preview.data.map((a: { attributes: { title: string } }) => a.attributes.title)).toEqual(['Alpha', 'Gamma']);

      // as in v4, only relations to draft & publish types take it (tags have no draft & publish)
      const refused = await gql.post('{ articles { data { attributes { tags(publicationState: PREVIEW) { data { id } } } } } }');
      expect([refused.status, refused.body.errors?.[0]?.extensions?.code]).toEqual([400, 'GRAPHQL_VALIDATION_FAILED']);
      expect(refused.body.errors?.[0]?.message).toMatch(/Unknown argument "publicationState" on field "Article.tags"/);
    });

    it('clamps nested lists to amountLimit', async () => {
      const data = await gql.data(`{ article(id: "${ids.articles.Alpha}") { data { attributes { tags(pagination: { limit: 1000 }) { data { id } } } } } }`);
      expect(data.article.data.attributes.tags.data).toHaveLength(15);
    });

    it('returns components, repeatable ones with their list arguments', async () => {
      const data = await gql.data(`{ article(id: "${ids.articles.Alpha}") { data { attributes {
        seo { id metaTitle metaDescription shareImage { data { id attributes { name } } } social { network url } firstSocial: social(pagination: { limit: 1 }) { network } }
      } } } }`);
      const seo = data.article.data.attributes.seo;
      expect(seo.id).toMatch(/^\d+$/);
      expect(seo).toMatchObject({
        metaTitle: 'Alpha SEO', metaDescription: 'desc',
        shareImage: { data: { id: ids.files[1]!.documentId, attributes: { name: 'two.png' } } },
        social: [{ network: 'github', url: 'https://github.com/a' }, { network: 'mastodon', url: 'https://m.example/a' }],
        firstSocial: [{ network: 'github' }],
      });
    });

    it('answers aliases of a repeatable component with their own filters and sort (v4), one batched load per alias', async () => {
      const query = `{ articles(filters: { seo: { metaTitle: { notNull: true } } }) { data { attributes { title seo {
        social { network }
        social_gh: social(filters: { network: { eq: "github" } }) { network url }
        social_desc: social(sort: ["network:desc"]) { network }
      } } } } }`;
      const response = await gql.post(query);
      expect(response.body.errors, JSON.stringify(response.body.errors)).toBeUndefined();
      expect(response.body.data.articles.data).toEqual([
        { attributes: { title: 'Alpha', seo: {
          social: [{ network: 'github' }, { network: 'mastodon' }],
          social_gh: [{ network: 'github', url: 'https://github.com/a' }],
          social_desc: [{ network: 'mastodon' }, { network: 'github' }],
        } } },
      ]);
    });

    it('returns dynamic zones as unions selected with inline and named fragments', async () => {
      const data = await gql.data(`{ article(id: "${ids.articles.Alpha}") { data { attributes { blocks {
        __typename
        ... on ComponentSharedRichText { body }
        ... on ComponentSharedQuote { text attribution author { data { attributes { name } } } }
        ...MediaBlock
      } } } } }
      fragment MediaBlock on ComponentSharedMedia { caption file { data { attributes { name mime } } } }`);
      expect(data.article.data.attributes.blocks).toEqual([
        { __typename: 'ComponentSharedRichText', body: 'Some **text**' },
        { __typename: 'ComponentSharedQuote', text: 'To be', attribution: 'W.', author: { data: { attributes: { name: 'Bob' } } } },
        { __typename: 'ComponentSharedMedia', caption: 'A picture', file: { data: { attributes: { name: 'one.png', mime: 'image/png' } } } },
      ]);
    });

    it('returns media as UploadFile entities, single and multiple', async () => {
      const data = await gql.data(`{ article(id: "${ids.articles.Alpha}") { data { attributes {
        cover { data { id attributes { name url mime width height } } }
        gallery { data { id attributes { name } } }
      } } } }`);
      expect(data.article.data.attributes).toEqual({
        cover: { data: { id: ids.files[0]!.documentId, attributes: { name: 'one.png', url: ids.files[0]!.url, mime: 'image/png', width: 1, height: 1 } } },
        gallery: { data: [{ id: ids.files[0]!.documentId, attributes: { name: 'one.png' } }, { id: ids.files[1]!.documentId, attributes: { name: 'two.png' } }] },
      });
      const files = await gql.data('{ uploadFiles(sort: ["name:desc"]) { data { attributes { name } } } }');
      expect(files.uploadFiles.data).toEqual([{ attributes: { name: 'two.png' } }, { attributes: { name: 'one.png' } }]);
    });
  });

  describe('statement count', () => {
    const nested = `query($n: Int) { articles(publicationState: PREVIEW, pagination: { limit: $n }) { data { id attributes {
      title category { data { attributes { name } } } author { data { attributes { name } } } tags { data { attributes { name } } }
      cover { data { attributes { url } } } seo { metaTitle social { network } gh: social(filters: { network: { eq: "github" } }) { network } }
      blocks { ... on ComponentSharedQuote { text author { data { attributes { name } } } } }
    } } } }`;

    it('is the same for 10 and 50 entries of the same nested query', async () => {
      for (let i = 0; i < 50; i += 1) {
        await gql.data('mutation($d: ArticleInput!) { createArticle(data: $d) { data { id } } }', {
          d: { title: `Bulk ${i}`, category: ids.categories.Life, author: ids.authors.Ada, tags: [ids.tags[i % 15]], seo: { metaTitle: `s${i}`, social: [{ network: 'github' }] }, blocks: [{ __component: 'shared.quote', text: `q${i}`, author: ids.authors.Bob }] },
        });
      }
      // settled first: on SQLite the first request after a commit reads the auth stamp with one more statement
      await gql.post(nested, { n: 1 });
      const ten = await gql.post(nested, { n: 10 });
      const fifty = await gql.post(nested, { n: 50 });
      expect(ten.body.errors).toBeUndefined();
      expect(fifty.body.data.articles.data).toHaveLength(50);
      const count = (headers: Headers): number => Number(/db;count=(\d+)/.exec(headers.get('server-timing') ?? '')?.[1]);
      expect(count(ten.headers)).toBeGreaterThan(0);
      expect(count(fifty.headers)).toBe(count(ten.headers));
      expect(count(fifty.headers)).toBeLessThan(20);
    });
  });
});
