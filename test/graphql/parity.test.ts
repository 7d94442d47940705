/**
 * REST/GraphQL parity: the same scenarios through `GET /api/...` and `/graphql`, on every
 * dialect, compared after flattening the v4 envelope (GraphQL `id` is the REST `documentId`).
 */
import qs from 'qs';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { request } from '../helpers/http.js';
import { useTestApp } from '../helpers/test-app.js';
import { graphql, seedBlog } from './graphql-helpers.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** v4 envelope → flat entries keyed like REST (`documentId`), numbers kept as REST has them. */
function flattenGraphql(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(flattenGraphql);
  if (!isObject(value)) return value;
  if ('data' in value && Object.keys(value).length === 1) return flattenGraphql(value['data']);
  if ('attributes' in value) {
    const { id, attributes } = value as { id: string; attributes: Json };
    return { documentId: id, ...(flattenGraphql(attributes) as Json) };
  }
  return Object.fromEntries(Object.entries(value).filter(([k]) => k !== '__typename').map(([k, v]) => [k, flattenGraphql(v)]));
}

/** REST entries without the numeric row ids GraphQL does not show (components keep theirs as strings). */
function normaliseRest(value: unknown, inComponent = false): unknown {
  if (Array.isArray(value)) return value.map((v) => normaliseRest(v, inComponent));
  if (!isObject(value)) return value;
  const isEntity = 'documentId' in value;
  const out: Json = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === 'id') {
      if (!isEntity) out['id'] = String(v);
      continue;
    }
    if (key === '__component') continue;
    out[key] = normaliseRest(v, !isEntity);
  }
  return out;
}

describeEachDialect('REST / GraphQL parity', (dialect) => {
  const app = useTestApp({ dialect });
  const gql = graphql(() => app.url, '/graphql', () => app.authHeaders);
  beforeAll(async () => {
    await seedBlog(app.url, app.authHeaders);
  });

  const rest = async (path: string, query: Json): Promise<{ data: unknown; meta: Json }> => {
    const response = await request(`${app.url}${path}?${qs.stringify(query, { encodeValuesOnly: true })}`, { headers: app.authHeaders });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };

  it('filters, sort, pagination and field selection give the same entries and totals', async () => {
    const r = await rest('/api/articles', { filters: { views: { $gte: 5 } }, sort: 'title:desc', pagination: { page: 1, pageSize: 2, withCount: true }, fields: ['title', 'views', 'score'] });
    const g = await gql.data('{ articles(filters: { views: { gte: 5 } }, sort: ["title:desc"], pagination: { page: 1, pageSize: 2 }) { data { id attributes { title views score } } meta { pagination { total page pageSize pageCount } } } }');
    expect(flattenGraphql(g.articles.data)).toEqual(normaliseRest(r.data));
    expect(g.articles.data.map((d: { attributes: { title: string } }) => d.attributes.title)).toEqual(['Delta', 'Beta']);
    expect(g.articles.meta.pagination).toEqual(r.meta['pagination']);
  });

  it('populated relations with their own filters and sort', async () => {
    const r = await rest('/api/articles', {
      fields: ['title'],
      populate: { category: { fields: ['name'] }, tags: { fields: ['name'], sort: 'name:desc', filters: { name: { $in: ['tag01', 'tag02', 'tag03'] } } } },
    });
    const g = await gql.data(`{ articles { data { id attributes { title
      category { data { id attributes { name } } }
      tags(sort: ["name:desc"], filters: { name: { in: ["tag01", "tag02", "tag03"] } }) { data { id attributes { name } } }
    } } } }`);
    expect(flattenGraphql(g.articles.data)).toEqual(normaliseRest(r.data));
  });

  it('filters through relations and components', async () => {
    const r = await rest('/api/articles', { fields: ['title'], filters: { category: { name: { $eq: 'News' } }, seo: { metaTitle: { $notNull: true } } } });
    const g = await gql.data('{ articles(filters: { category: { name: { eq: "News" } }, seo: { metaTitle: { notNull: true } } }) { data { id attributes { title } } } }');
    expect(flattenGraphql(g.articles.data)).toEqual(normaliseRest(r.data));
    expect(g.articles.data).toHaveLength(1);
  });

  it('components, media and dynamic zones', async () => {
    const r = await rest('/api/articles', {
      fields: ['title'],
      filters: { title: { $eq: 'Alpha' } },
      populate: {
        seo: { populate: { social: true, shareImage: { fields: ['name'] } } },
        cover: { fields: ['name', 'mime'] },
        blocks: { on: { 'shared.quote': { fields: ['text'], populate: { author: { fields: ['name'] } } }, 'shared.rich-text': { fields: ['body'] }, 'shared.media': { fields: ['caption'] } } },
      },
    });
    const g = await gql.data(`{ articles(filters: { title: { eq: "Alpha" } }) { data { id attributes { title
      seo { id metaTitle metaDescription social { id network url } shareImage { data { id attributes { name } } } }
      cover { data { id attributes { name mime } } }
      blocks { ... on ComponentSharedQuote { id text author { data { id attributes { name } } } } ... on ComponentSharedRichText { id body } ... on ComponentSharedMedia { id caption } }
    } } } }`);
    expect(flattenGraphql(g.articles.data)).toEqual(normaliseRest(r.data));
    expect(flattenGraphql(g.articles.data)).toMatchObject([{
      title: 'Alpha',
      seo: { metaTitle: 'Alpha SEO', social: [{ network: 'github' }, { network: 'mastodon' }], shareImage: { name: 'two.png' } },
      cover: { name: 'one.png', mime: 'image/png' },
      blocks: [{ body: 'Some **text**' }, { text: 'To be', author: { name: 'Bob' } }, { caption: 'A picture' }],
    }]);
  });

  it('drafts: REST status=draft equals GraphQL PREVIEW', async () => {
    const r = await rest('/api/articles', { status: 'draft', fields: ['title', 'publishedAt'], sort: 'title' });
    const g = await gql.data('{ articles(publicationState: PREVIEW, sort: ["title"]) { data { id attributes { title publishedAt } } } }');
    expect(flattenGraphql(g.articles.data)).toEqual(normaliseRest(r.data));
    expect(g.articles.data.map((d: { attributes: { title: string } }) => d.attributes.title)).toEqual(['Alpha', 'Beta', 'Delta (draft)', 'Gamma']);
  });

  it('a nested relation list holds the entries of the REST populate, in the same order; v4\'s default nested page (10) cuts it', async () => {
    const tags = (await rest('/api/tags', { fields: ['name'], sort: 'name', pagination: { pageSize: 12 } })).data as Array<{ documentId: string }>;
    // linked in an order that is neither id nor name order
    const linked = [7, 2, 11, 0, 9, 4, 1, 10, 3, 8, 6, 5].map((i) => tags[i]!.documentId);
    const created = await gql.data('mutation($d: ArticleInput!) { createArticle(data: $d) { data { id } } }', { d: { title: 'Twelve tags', tags: linked, publishedAt: '2024-05-01T00:00:00Z' } });
    const id = created.createArticle.data.id as string;
    const r = await rest(`/api/articles/${id}`, { fields: ['title'], populate: { tags: { fields: ['name'] } } });
    const restTags = (r.data as { tags: Array<{ documentId: string }> }).tags;
    expect(restTags.map((t) => t.documentId)).toEqual(linked);
    const names = (list: { data: Array<{ id: string; attributes: { name: string } }> }) => flattenGraphql(list.data);
    const g = await gql.data(`{ article(id: "${id}") { data { attributes {
      page: tags { data { id attributes { name } } }
      all: tags(pagination: { limit: -1 }) { data { id attributes { name } } }
      sized: tags(pagination: { pageSize: 12 }) { data { id attributes { name } } }
      rest: tags(pagination: { start: 10 }) { data { id attributes { name } } }
    } } } }`);
    const a = g.article.data.attributes;
    const expected = normaliseRest(restTags) as unknown[];
    expect(names(a.all)).toEqual(expected);
    expect(names(a.sized)).toEqual(expected);
    expect(names(a.page)).toEqual(expected.slice(0, 10));
    expect(names(a.rest)).toEqual(expected.slice(10));
    // with a sort, both sort the same list
    const sorted = await rest(`/api/articles/${id}`, { fields: ['title'], populate: { tags: { fields: ['name'], sort: 'name:desc' } } });
    const gs = await gql.data(`{ article(id: "${id}") { data { attributes { tags(sort: ["name:desc"], pagination: { limit: -1 }) { data { id attributes { name } } } } } } }`);
    expect(names(gs.article.data.attributes.tags)).toEqual(normaliseRest((sorted.data as { tags: unknown[] }).tags));
  });

  it('a single document by id', async () => {
    const list = await rest('/api/articles', { fields: ['title'], filters: { title: { $eq: 'Beta' } } });
    const documentId = (list.data as Array<{ documentId: string }>)[0]!.documentId;
    const r = await rest(`/api/articles/${documentId}`, { fields: ['title', 'views', 'likes', 'tone'], populate: { author: { fields: ['name'] } } });
    const g = await gql.data(`{ article(id: "${documentId}") { data { id attributes { title views likes tone author { data { id attributes { name } } } } } } }`);
    expect(flattenGraphql(g.article.data)).toEqual(normaliseRest(r.data));
  });
});
