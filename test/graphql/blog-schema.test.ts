/**
 * The generated schema of the blog fixture, kept as SDL in __snapshots__/blog-schema.graphql:
 * any change to a generated name, argument, default or type shows in review. Update it on
 * purpose with `npx vitest run test/graphql/blog-schema.test.ts -u`.
 */
import { getNamedType, isObjectType, printSchema, type GraphQLSchema } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildGraphqlSchema } from '../../src/graphql/graphql-schema.js';
import { loadRegistry } from '../../src/model/load-models.js';
import { BLOG_FIXTURE } from '../helpers/test-app.js';

let schema: GraphQLSchema;
beforeAll(async () => {
  schema = buildGraphqlSchema(await loadRegistry(BLOG_FIXTURE), { shadowCRUD: true });
});

describe('blog schema', () => {
  it('matches the committed SDL snapshot', async () => {
    await expect(printSchema(schema)).toMatchFileSnapshot('./__snapshots__/blog-schema.graphql');
  });

  it('has the spec 2.3 types for every content type', () => {
    for (const type of ['Article', 'Author', 'Category', 'Tag', 'Global', 'UploadFile']) {
      for (const suffix of ['', 'Entity', 'EntityResponse', 'RelationResponseCollection', 'Input', 'FiltersInput']) {
        expect(schema.getType(`${type}${suffix}`), `${type}${suffix}`).toBeDefined();
      }
    }
    for (const name of ['ArticleEntityResponseCollection', 'PaginationArg', 'PublicationState', 'Pagination', 'ResponseCollectionMeta',
      'ComponentSharedSeo', 'ComponentSharedSeoInput', 'ComponentSharedSeoFiltersInput', 'ArticleBlocksDynamicZone', 'ArticleBlocksDynamicZoneInput',
      'ENUM_ARTICLE_TONE', 'ENUM_COMPONENTSHAREDSOCIAL_NETWORK', 'DateTime', 'Date', 'Time', 'JSON', 'Long',
      'IDFilterInput', 'BooleanFilterInput', 'StringFilterInput', 'IntFilterInput', 'LongFilterInput', 'FloatFilterInput',
      'DateFilterInput', 'TimeFilterInput', 'DateTimeFilterInput', 'JSONFilterInput']) {
      expect(schema.getType(name), name).toBeDefined();
    }
  });

  it('keeps every attribute field nullable, required ones included', () => {
    const article = schema.getType('Article');
    if (!isObjectType(article)) throw new Error('Article is not an object type');
    expect(String(article.getFields()['title']?.type)).toBe('String');
  });

  it('has the spec 4.6 operations with their argument types and defaults', () => {
    const query = schema.getQueryType()!.getFields();
    const mutation = schema.getMutationType()!.getFields();
    expect(query['article']?.args.map((a) => `${a.name}: ${String(a.type)}`)).toEqual(['id: ID']);
    expect(query['articles']?.args.map((a) => [a.name, String(a.type), a.defaultValue])).toEqual([
      ['filters', 'ArticleFiltersInput', undefined],
      ['pagination', 'PaginationArg', {}],
      ['sort', '[String]', []],
      ['publicationState', 'PublicationState', 'live'],
    ]);
    expect(String(query['articles']?.type)).toBe('ArticleEntityResponseCollection');
    expect(mutation['createArticle']?.args.map((a) => `${a.name}: ${String(a.type)}`)).toEqual(['data: ArticleInput!']);
    expect(mutation['updateArticle']?.args.map((a) => `${a.name}: ${String(a.type)}`)).toEqual(['id: ID!', 'data: ArticleInput!']);
    expect(mutation['deleteArticle']?.args.map((a) => `${a.name}: ${String(a.type)}`)).toEqual(['id: ID!']);
    for (const name of ['createArticle', 'updateArticle', 'deleteArticle']) expect(String(mutation[name]?.type)).toBe('ArticleEntityResponse');
    expect(String(query['global']?.type)).toBe('GlobalEntityResponse');
    expect(mutation['updateGlobal']?.args.map((a) => `${a.name}: ${String(a.type)}`)).toEqual(['data: GlobalInput!']);
    expect(mutation['deleteGlobal']?.args).toEqual([]);
    expect(mutation['createGlobal']).toBeUndefined();
  });

  it('hides private attributes from outputs and filters but keeps them writable', async () => {
    const { createRegistry } = await import('../../src/model/registry.js');
    const base = await loadRegistry(BLOG_FIXTURE);
    const tag = base.contentType('api::tag.tag');
    const secret = { kind: 'scalar', name: 'secret', type: 'string', required: false, private: true, unique: false, raw: {} } as const;
    const registry = createRegistry(
      [...base.contentTypes.values()].map((ct) => (ct.uid === tag.uid ? { ...ct, attributes: { ...ct.attributes, secret } } : ct)),
      [...base.components.values()],
    );
    const withSecret = buildGraphqlSchema(registry, { shadowCRUD: true });
    const fieldsOf = (name: string): string[] => {
      const type = withSecret.getType(name) as unknown as { getFields(): Record<string, unknown> };
      return Object.keys(type.getFields());
    };
    expect(fieldsOf('Tag')).not.toContain('secret');
    expect(fieldsOf('TagFiltersInput')).not.toContain('secret');
    expect(fieldsOf('TagInput')).toContain('secret');
  });

  it('with shadowCRUD off generates nothing but a placeholder query field', () => {
    const empty = buildGraphqlSchema({ contentTypes: new Map(), components: new Map() } as never, { shadowCRUD: false });
    expect(printSchema(empty)).toBe('type Query {\n  """Placeholder: a schema needs one query field; shadow CRUD is off."""\n  _empty: Boolean\n}');
    expect(Object.keys(empty.getTypeMap()).filter((name) => !name.startsWith('__') && getNamedType(empty.getType(name)!) !== undefined)).toEqual(['Query', 'Boolean', 'String']);
  });
});
