/**
 * A front-end team's view: Apollo Client 3 with its normal in-memory cache against the running
 * server. Entities normalise on `__typename` + `id` (the documentId), so a mutation's result
 * updates what earlier queries show without refetching.
 */
import { ApolloClient, ApolloError, gql, HttpLink, InMemoryCache } from '@apollo/client/core';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { useTestApp } from '../helpers/test-app.js';
import { seedBlog, type BlogIds } from './graphql-helpers.js';

const ARTICLES = gql`
  query Articles($filters: ArticleFiltersInput, $pagination: PaginationArg) {
    articles(filters: $filters, pagination: $pagination, sort: ["title"]) {
      data { id attributes { title views category { data { id attributes { name } } } tags(pagination: { limit: 2 }) { data { id attributes { name } } } } }
      meta { pagination { total page pageSize pageCount } }
    }
  }
`;

describeEachDialect('Apollo Client', (dialect) => {
  const app = useTestApp({ dialect });
  let ids: BlogIds;
  let client: ApolloClient<unknown>;
  beforeAll(async () => {
    ids = await seedBlog(app.url, app.authHeaders);
    // The v4 envelope keeps attributes in an un-normalised `attributes` object: merging it (as
    // docs/graphql.md recommends) keeps fields other queries selected when a mutation returns fewer.
    const cache = new InMemoryCache({ typePolicies: { ArticleEntity: { fields: { attributes: { merge: true } } } } });
    client = new ApolloClient({ link: new HttpLink({ uri: `${app.url}/graphql`, fetch, headers: app.authHeaders }), cache });
  });

  it('queries with variables and normalises entities in its cache', async () => {
    const result = await client.query({ query: ARTICLES, variables: { filters: { views: { gte: 5 } }, pagination: { page: 1, pageSize: 10 } } });
    expect(result.data.articles.meta.pagination).toEqual({ __typename: 'Pagination', total: 3, page: 1, pageSize: 10, pageCount: 1 });
    expect(result.data.articles.data.map((a: { attributes: { title: string } }) => a.attributes.title)).toEqual(['Alpha', 'Beta', 'Delta']);
    const alpha = result.data.articles.data[0];
    expect(alpha.__typename).toBe('ArticleEntity');
    expect(alpha.attributes.__typename).toBe('Article');
    expect(alpha.attributes.category.data).toEqual({ __typename: 'CategoryEntity', id: ids.categories.News, attributes: { __typename: 'Category', name: 'News' } });
    expect(alpha.attributes.tags.data).toHaveLength(2);
    const cached = client.cache.extract() as Record<string, unknown>;
    expect(Object.keys(cached)).toEqual(expect.arrayContaining([`ArticleEntity:${ids.articles.Alpha}`, `CategoryEntity:${ids.categories.News}`]));
  });

  it('sees a mutation result in earlier queries through the cache', async () => {
    await client.mutate({
      mutation: gql`mutation Rename($id: ID!, $data: ArticleInput!) { updateArticle(id: $id, data: $data) { data { id attributes { title views } } } }`,
      variables: { id: ids.articles.Beta, data: { views: 6 } },
    });
    const cached = client.readQuery({ query: ARTICLES, variables: { filters: { views: { gte: 5 } }, pagination: { page: 1, pageSize: 10 } } }) as { articles: { data: Array<{ attributes: { title: string; views: number } }> } };
    expect(cached.articles.data.map((a) => [a.attributes.title, a.attributes.views])).toEqual([['Alpha', 10], ['Beta', 6], ['Delta', 7]]);
  });

  it('receives GraphQL errors with their codes', async () => {
    const error = await client
      .query({ query: gql`query Missing { articles(pagination: { page: 1, limit: 1 }) { data { id } } }`, fetchPolicy: 'no-cache' })
      .then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(ApolloError);
    expect((error as ApolloError).graphQLErrors[0]?.extensions?.['code']).toBe('STRAPI_PAGINATION_ERROR');
  });
});
