/**
 * GraphQL documents against the shadow-CRUD schema (Strapi v4 plugin shapes): queries with
 * filters, sort, pagination and publicationState, nesting through relations (depth), many aliases,
 * fragments (incl. cycles and unknown types), variables of right and wrong types, mutations with
 * hostile `data`, syntax garbage, and batched/odd request envelopes.
 */
import fc from 'fast-check';
import type { FuzzCase, FuzzContext } from '../case.js';
import { jsonValue, oddNumber, oddString, percentEncode } from '../values.js';
import { authHeaders } from './auth.js';

const gqlString = (s: string) => JSON.stringify(s);

const scalarLiteral = fc.oneof(
  oddString.map(gqlString),
  fc.integer().map(String),
  fc.constantFrom('9223372036854775808', '-9223372036854775809', '1e400', '1.5', 'true', 'null', '[]', '{}', 'ENUM_VALUE', '$undefinedVar', '"\\ud800"'),
);
const filterLiteral = fc.letrec<{ f: string }>((tie) => ({
  f: fc.oneof(
    { depthSize: 'small' },
    fc.tuple(fc.constantFrom('title', 'views', 'likes', 'rating', 'score', 'featured', 'publishDate', 'lastReviewedAt', 'readingTime', 'id', 'documentId', 'nope'), fc.constantFrom('eq', 'eqi', 'ne', 'lt', 'gte', 'in', 'notIn', 'contains', 'containsi', 'null', 'notNull', 'between', 'startsWith', 'nope'), scalarLiteral)
      .map(([field, op, v]) => `{ ${field}: { ${op}: ${v} } }`),
    fc.tuple(fc.constantFrom('category', 'author', 'tags'), tie('f')).map(([rel, inner]) => `{ ${rel}: ${inner.replace(/^\{ title/, '{ name')} }`),
    fc.tuple(fc.constantFrom('and', 'or'), fc.array(tie('f'), { maxLength: 3 })).map(([op, list]) => `{ ${op}: [${list.join(', ')}] }`),
    tie('f').map((inner) => `{ not: ${inner} }`),
  ),
})).f;

/** A selection nested `depth` relation hops deep. */
function nested(depth: number): string {
  let sel = 'title';
  for (let i = 0; i < depth; i++) sel = i % 2 === 0 ? `title tags { data { id attributes { name articles { data { id attributes { ${sel} } } } } } }` : `title category { data { attributes { name articles(publicationState: ${i % 4 === 1 ? 'PREVIEW' : 'LIVE'}) { data { attributes { ${sel} } } } } } }`;
  return sel;
}

const articleFields = fc.subarray(['title', 'slug', 'views', 'likes', 'rating', 'score', 'featured', 'tone', 'publishDate', 'readingTime', 'lastReviewedAt', 'meta', 'body', 'publishedAt', 'nope', 'seo { metaTitle social { network } }', 'blocks { __typename ... on ComponentSharedQuote { text } }', 'cover { data { attributes { url } } }', 'tags { data { id } }'], { minLength: 1 });

const query = fc.record({
  filters: fc.option(filterLiteral),
  pagination: fc.option(fc.tuple(fc.constantFrom('page', 'pageSize', 'start', 'limit'), oddNumber).map(([k, v]) => `{ ${k}: ${Number.isInteger(v) ? v : JSON.stringify(v)} }`)),
  sort: fc.option(fc.constantFrom('"title"', '["views:desc", "title"]', '"nope:up"', '"category.name"', '[]')),
  publicationState: fc.option(fc.constantFrom('LIVE', 'PREVIEW', 'DRAFT', '"x"')),
  fields: articleFields,
}).map((q) => {
  const args = [['filters', q.filters], ['pagination', q.pagination], ['sort', q.sort], ['publicationState', q.publicationState]].filter(([, v]) => v !== null).map(([k, v]) => `${k}: ${v}`);
  return `articles${args.length ? `(${args.join(', ')})` : ''} { data { id attributes { ${q.fields.join(' ')} } } meta { pagination { total page } } }`;
});

const dataLiteral = fc.record({ title: scalarLiteral, views: scalarLiteral, likes: scalarLiteral, rating: scalarLiteral, tags: fc.constantFrom('[]', '["1"]', '"x"', 'null'), blocks: fc.constantFrom('[{ __typename: "ComponentSharedQuote", text: "q" }]', '[]', '"x"'), seo: fc.constantFrom('{ metaTitle: "m" }', 'null', '{ }') }, { requiredKeys: [] })
  .map((d) => `{ ${Object.entries(d).map(([k, v]) => `${k}: ${v}`).join(', ')} }`);

export function graphqlFamily(ctx: FuzzContext): fc.Arbitrary<FuzzCase> {
  const id = fc.oneof(fc.constantFrom(...ctx.ids.articles), oddString);
  const document = fc.oneof(
    { weight: 4, arbitrary: fc.array(query, { minLength: 1, maxLength: 3 }).map((qs) => `query { ${qs.map((q, i) => `a${i}: ${q}`).join(' ')} }`) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 30 }).map((d) => `query { articles { data { attributes { ${nested(d)} } } } }`) },
    { weight: 1, arbitrary: fc.integer({ min: 2, max: 500 }).map((n) => `query { ${Array.from({ length: n }, (_, i) => `a${i}: articles { data { id attributes { title tags { data { id } } } } }`).join(' ')} }`) },
    { weight: 1, arbitrary: fc.constantFrom(
      'query { articles { data { ...F } } } fragment F on ArticleEntity { id attributes { title } }',
      'query { articles { data { ...F } } } fragment F on ArticleEntity { ...G } fragment G on ArticleEntity { ...F }',
      'query { articles { data { ...F } } } fragment F on Nope { id }',
      'query { articles { data { ... on ArticleEntity { id } ... on TagEntity { id } } } }',
      '{ __schema { types { name fields { name } } } }',
      '{ __typename }', '', ' ', '{', 'query', 'mutation { }', 'subscription { x }', '{ articles }', '{ articles { data { id } } } { tags { data { id } } }',
      `query { ${'articles { data { attributes { tags { data { attributes { articles { '.repeat(40)}data { id }${' } } } } } } }'.repeat(40)} }`,
      `{ ${'a: __typename '.repeat(2000)} }`,
      '{ articles { data { id } } }'.padEnd(50_000, ' '),
    ) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom('createArticle(data: D)', 'updateArticle(id: I, data: D)', 'deleteArticle(id: I)', 'updateGlobal(data: { siteName: T })', 'createTag(data: { name: T })'), dataLiteral, id, scalarLiteral)
      .map(([m, d, i, t]) => `mutation { ${m.replace('D', d).replace('I', gqlString(i)).replace('T', t)} { data { id } } }`) },
    { weight: 1, arbitrary: fc.string({ maxLength: 80 }) },
  );
  const variablesDoc = fc.tuple(
    fc.constantFrom(
      'query Q($f: ArticleFiltersInput, $p: PaginationArg, $s: [String]) { articles(filters: $f, pagination: $p, sort: $s) { data { id } } }',
      'query Q($id: ID) { article(id: $id) { data { id attributes { title } } } }',
      'mutation M($d: ArticleInput!) { createArticle(data: $d) { data { id attributes { title seo { metaTitle } blocks { __typename } } } } }',
      'mutation M($id: ID!, $d: ArticleInput!) { updateArticle(id: $id, data: $d) { data { id } } }',
      'query Q($n: Int!) { articles(pagination: { limit: $n }) { data { id } } }',
    ),
    fc.record({ f: jsonValue, p: jsonValue, s: jsonValue, id: fc.oneof(id, jsonValue), n: jsonValue, d: fc.oneof(jsonValue, fc.record({ title: fc.string({ minLength: 1, maxLength: 20 }), likes: fc.oneof(fc.constant('9223372036854775808'), fc.bigInt().map(String), oddNumber), blocks: fc.constant([{ __typename: 'ComponentSharedQuote', text: 'v' }]), tags: fc.constant(ctx.ids.tags.slice(0, 2)) }, { requiredKeys: ['title'] })) }, { requiredKeys: [] }),
  );
  const body = fc.oneof(
    { weight: 5, arbitrary: document.map((q) => JSON.stringify({ query: q })) },
    { weight: 2, arbitrary: variablesDoc.map(([q, variables]) => JSON.stringify({ query: q, variables })) },
    { weight: 1, arbitrary: fc.tuple(document, jsonValue, fc.oneof(oddString, fc.constant(null))).map(([q, variables, operationName]) => JSON.stringify({ query: q, variables, operationName })) },
    { weight: 1, arbitrary: fc.oneof(jsonValue.map((v) => JSON.stringify(v) ?? ''), fc.array(document.map((q) => ({ query: q })), { maxLength: 3 }).map((v) => JSON.stringify(v)), fc.constant('{"query": 1}'), fc.constant('{"query": "{ __typename }", "extensions": {"persistedQuery": {"version": 1, "sha256Hash": "x"}}}')) },
  );
  const headers = fc.oneof({ weight: 2, arbitrary: fc.constant({ authorization: `Bearer ${ctx.token}` }) }, { weight: 3, arbitrary: authHeaders(ctx) });
  return fc.oneof(
    { weight: 9, arbitrary: fc.tuple(body, headers).map(([b, h]): FuzzCase => ({ method: 'POST', path: '/graphql', headers: h, body: { json: b } })) },
    { weight: 1, arbitrary: fc.tuple(document, headers).map(([q, h]): FuzzCase => ({ method: 'GET', path: `/graphql?query=${percentEncode(q)}`, headers: h })) },
  );
}
