import { execute, parse, type GraphQLSchema } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DocumentRepository, Page } from '../../documents/types.js';
import type { Entry } from '../../engine/types.js';
import { CONTENT_ACTIONS } from '../../auth/actions.js';
import type { Actor } from '../../auth/actor.js';
import { createOperations } from '../../operations/operations.js';
import { loadRegistry } from '../../model/load-models.js';
import type { Registry } from '../../model/types.js';
import type { Query } from '../../query/ast.js';
import type { GraphqlContext } from '../context.js';
import { buildGraphqlSchema } from '../graphql-schema.js';
import { BLOG_EXAMPLE as BLOG } from '../../../test/helpers/fixtures.js';


let registry: Registry;
let schema: GraphQLSchema;
beforeAll(async () => {
  registry = await loadRegistry(BLOG);
  schema = buildGraphqlSchema(registry, { shadowCRUD: true });
});

/** A repository that records the queries it gets and answers with fixed entries. */
function fakeContext(entries: Entry[], options: { forbidden?: string[] } = {}) {
  const queries: Query[] = [];
  const repository = (uid: string): DocumentRepository => ({
    uid,
    async findPage(query: Query): Promise<Page> {
      queries.push(query);
      return { entries, pagination: { page: 1, pageSize: 10 } };
    },
    count: async () => entries.length,
    findOne: async () => entries[0] ?? null,
    findSingle: async () => null,
    singleDocumentId: async () => null,
    create: async () => { throw new Error('unused'); },
    update: async () => null,
    upsertSingle: async () => { throw new Error('unused'); },
    delete: async () => false,
    deleteWith: async () => null,
    deleteSingleWith: async () => null,
    publish: async () => null,
    unpublish: async () => null,
    discardDraft: async () => null,
  });
  // an API token allowed everything but `find` on the forbidden types, through the real operation layer
  const forbidden = new Set(options.forbidden ?? []);
  const grants = new Set([...registry.contentTypes.keys()].flatMap((uid) => (forbidden.has(uid) ? [] : CONTENT_ACTIONS).map((action) => `${uid}.${action}`)));
  const actor: Actor = { kind: 'token', token: { id: 1, name: 'test', type: 'custom', actions: grants } };
  const request = { headers: {}, ip: '127.0.0.1' };
  const context: GraphqlContext = {
    registry,
    limits: { defaultLimit: 10, amountLimit: 100 },
    budget: { maxPopulateNodes: 1000, maxFilterNodes: 1000, maxRelationHops: 20 },
    operations: createOperations({ registry, repository, actor: async () => actor }),
    caller: { request },
    deferred: new Map(),
    tracer: null,
    request,
  };
  return { context, queries };
}

async function run(query: string, context: GraphqlContext, variableValues?: Record<string, unknown>) {
  return execute({ schema, document: parse(query), contextValue: context, variableValues });
}

describe('selection → one repository query', () => {
  it('selects the chosen scalars and populates every selected relation, media, component and zone', async () => {
    const { context, queries } = fakeContext([]);
    const result = await run(
      `{ articles(filters: { title: { contains: "a" } }, sort: ["title:desc"], pagination: { page: 2, pageSize: 5 }) {
          data { id attributes {
            title createdAt
            category { data { attributes { name } } }
            tags(filters: { name: { eq: "x" } }, sort: ["name"]) { data { id } }
            cover { data { attributes { url } } }
            seo { metaTitle shareImage { data { attributes { url } } } social { network } }
            blocks { __typename ... on ComponentSharedQuote { text author { data { attributes { name } } } } ...Media }
          } }
        } }
        fragment Media on ComponentSharedMedia { caption }`,
      context,
    );
    expect(result.errors).toBeUndefined();
    expect(queries).toHaveLength(1);
    const query = queries[0]!;
    expect(query.fields).toEqual(['title', 'createdAt']);
    expect(query.filters).toEqual({ kind: 'compare', field: 'title', op: '$contains', value: 'a' });
    expect(query.sort).toEqual([{ path: ['title'], order: 'desc' }]);
    expect(query.pagination).toEqual({ kind: 'page', page: 2, pageSize: 5, withCount: false });
    expect(query.status).toBe('published');
    expect(query.populate).toEqual([
      { attribute: 'category', fields: ['name'], sort: [], filters: null, populate: [], on: null },
      { attribute: 'tags', fields: [], sort: [{ path: ['name'], order: 'asc' }], filters: { kind: 'compare', field: 'name', op: '$eq', value: 'x' }, populate: [], on: null },
      { attribute: 'cover', fields: ['url'], sort: [], filters: null, populate: [], on: null },
      {
        attribute: 'seo', fields: ['metaTitle'], sort: [], filters: null, on: null,
        populate: [
          { attribute: 'shareImage', fields: ['url'], sort: [], filters: null, populate: [], on: null },
          { attribute: 'social', fields: ['network'], sort: [], filters: null, populate: [], on: null },
        ],
      },
      {
        attribute: 'blocks', fields: null, sort: [], filters: null, populate: [],
        on: {
          'shared.rich-text': { fields: [], sort: [], filters: null, populate: [] },
          'shared.quote': { fields: ['text'], sort: [], filters: null, populate: [{ attribute: 'author', fields: ['name'], sort: [], filters: null, populate: [], on: null }] },
          'shared.media': { fields: ['caption'], sort: [], filters: null, populate: [] },
        },
      },
    ]);
  });

  it('gives a to-many relation into a draft & publish type its own status: LIVE by default, PREVIEW when asked', async () => {
    const { context, queries } = fakeContext([]);
    const result = await run(
      `{ categories { data { attributes {
          articles(publicationState: PREVIEW) { data { attributes { title author { data { attributes { name } } } tags { data { id } } } } }
        } } }
        authors { data { attributes { articles { data { id } } } } } }`,
      context,
    );
    expect(result.errors).toBeUndefined();
    const [categories, authors] = queries;
    expect(categories!.populate).toEqual([{
      attribute: 'articles', fields: ['title'], sort: [], filters: null, on: null, status: 'draft',
      // below it, relations without their own argument follow it (the engine reads them in draft status)
      populate: [
        { attribute: 'author', fields: ['name'], sort: [], filters: null, populate: [], on: null },
        { attribute: 'tags', fields: [], sort: [], filters: null, populate: [], on: null },
      ],
    }]);
    expect(authors!.populate).toEqual([{ attribute: 'articles', fields: [], sort: [], filters: null, populate: [], on: null, status: 'published' }]);
  });

  it('asks for a count only when meta.pagination.total or pageCount is selected', async () => {
    const a = fakeContext([]);
    await run('{ articles { meta { pagination { page pageSize } } } }', a.context);
    expect(a.queries[0]!.pagination.withCount).toBe(false);
    const b = fakeContext([]);
    await run('{ articles { meta { pagination { total } } } }', b.context);
    expect(b.queries[0]!.pagination.withCount).toBe(true);
  });

  it('honours @skip/@include and variables in nested arguments', async () => {
    const { context, queries } = fakeContext([]);
    await run(
      `query($skip: Boolean!, $name: String) { articles { data { attributes {
          title @skip(if: $skip)
          tags(filters: { name: { eq: $name } }) { data { id } }
          category @include(if: false) { data { id } }
        } } } }`,
      context,
      { skip: true, name: 'n' },
    );
    expect(queries[0]!.fields).toEqual([]);
    expect(queries[0]!.populate).toEqual([
      { attribute: 'tags', fields: [], sort: [], filters: { kind: 'compare', field: 'name', op: '$eq', value: 'n' }, populate: [], on: null },
    ]);
  });

  it('reads PREVIEW as drafts', async () => {
    const { context, queries } = fakeContext([]);
    await run('{ articles(publicationState: PREVIEW) { data { id } } }', context);
    expect(queries[0]!.status).toBe('draft');
  });

  it('answers nested fields from the loaded tree, slicing nested lists by their pagination', async () => {
    const tags = Array.from({ length: 15 }, (_, i) => ({ id: i + 1, documentId: `t${i + 1}`, name: `tag ${i + 1}` }));
    const entry: Entry = { id: 1, documentId: 'a1', title: 'A', likes: '12', tags, category: { id: 3, documentId: 'c3', name: 'News' }, seo: null, blocks: [{ __component: 'shared.quote', id: 9, text: 'q' }] };
    const { context } = fakeContext([entry]);
    const result = await run(
      `{ articles { data { id attributes {
          title likes
          category { data { id attributes { name } } }
          all: tags { data { id } }
          page2: tags(pagination: { page: 2, pageSize: 4 }) { data { id } }
          blocks { ... on ComponentSharedQuote { id text } }
          seo { metaTitle }
        } } } }`,
      context,
    );
    expect(result.errors).toBeUndefined();
    const attributes = (result.data as { articles: { data: Array<{ attributes: Record<string, unknown> }> } }).articles.data[0]!.attributes;
    expect(attributes['likes']).toBe(12);
    expect(attributes['category']).toEqual({ data: { id: 'c3', attributes: { name: 'News' } } });
    expect((attributes['all'] as { data: unknown[] }).data).toHaveLength(10);
    expect(attributes['page2']).toEqual({ data: [{ id: 't5' }, { id: 't6' }, { id: 't7' }, { id: 't8' }] });
    expect(attributes['blocks']).toEqual([{ id: '9', text: 'q' }]);
    expect(attributes['seo']).toBeNull();
  });

  it('loads an alias with other filters in one extra batched query for all parents', async () => {
    const entries: Entry[] = [
      { id: 1, documentId: 'a1', tags: [{ id: 1, documentId: 't1', name: 'x' }] },
      { id: 2, documentId: 'a2', tags: [] },
    ];
    const { context, queries } = fakeContext(entries);
    const result = await run('{ articles { data { attributes { a: tags(filters: { name: { eq: "x" } }) { data { id } } b: tags { data { id } } } } } }', context);
    expect(result.errors).toBeUndefined();
    expect(queries).toHaveLength(2);
    expect(queries[0]!.populate.map((p) => [p.attribute, p.filters])).toEqual([['tags', { kind: 'compare', field: 'name', op: '$eq', value: 'x' }]]);
    expect(queries[1]).toMatchObject({
      filters: { kind: 'compare', field: 'documentId', op: '$in', value: ['a1', 'a2'] },
      fields: [],
      populate: [{ attribute: 'tags', filters: null }],
    });
  });

  it('loads an alias of a repeatable component with other filters from the document holding it, in one batched query', async () => {
    const entries: Entry[] = [
      { id: 1, documentId: 'a1', seo: { id: 7, social: [{ id: 70, url: 'x' }, { id: 71, url: 'y' }] } },
      { id: 2, documentId: 'a2', seo: { id: 8, social: [] } },
    ];
    const { context, queries } = fakeContext(entries);
    const result = await run('{ articles { data { attributes { seo { a: social(filters: { url: { eq: "x" } }) { url } b: social { url } } } } } }', context);
    expect(result.errors).toBeUndefined();
    expect(queries).toHaveLength(2);
    expect(queries[1]).toMatchObject({
      filters: { kind: 'compare', field: 'documentId', op: '$in', value: ['a1', 'a2'] },
      fields: [],
      populate: [{ attribute: 'seo', fields: [], filters: null, populate: [{ attribute: 'social', filters: null }] }],
    });
    // the fake repository answers every query with the same entries: each seo finds its own list again by id
    expect((result.data as { articles: { data: unknown[] } }).articles.data).toEqual([
      { attributes: { seo: { a: [{ url: 'x' }, { url: 'y' }], b: [{ url: 'x' }, { url: 'y' }] } } },
      { attributes: { seo: { a: [], b: [] } } },
    ]);
  });

  it('refuses differing variants of a list under the same response name', async () => {
    const { context } = fakeContext([]);
    const result = await run('{ articles { data { attributes { seo { social(filters: { url: { eq: "x" } }) { url } } seo { social { url } } } } } }', context);
    expect(result.errors?.[0]?.message).toMatch(/selected more than once with different filters, sort or publicationState under the same response name/);
  });

  it('drops populate of targets the caller cannot find and answers FORBIDDEN at that field', async () => {
    const entry: Entry = { id: 1, documentId: 'a1', title: 'A' };
    const { context, queries } = fakeContext([entry], { forbidden: ['api::category.category'] });
    const result = await run('{ articles { data { attributes { title category { data { id } } } } } }', context);
    expect(queries[0]!.populate).toEqual([]);
    expect(result.errors?.map((e) => [e.message, e.path])).toEqual([['Forbidden access', ['articles', 'data', 0, 'attributes', 'category']]]);
    expect(result.data).toEqual({ articles: { data: [{ attributes: { title: 'A', category: null } }] } });
  });
});
