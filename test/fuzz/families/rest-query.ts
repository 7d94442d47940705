/**
 * REST reads: query strings built as qs objects (filters with every operator and nested
 * `$and`/`$or`/`$not`, relation paths, sort, pagination, fields, populate incl. `*`, deep and wide)
 * then stringified with varying bracket/encoding styles, plus raw garbage pairs.
 */
import fc from 'fast-check';
import qs from 'qs';
import type { FuzzCase, FuzzContext } from '../case.js';
import { ODD_KEYS, oddNumber, oddString, percentEncode } from '../values.js';
import { authHeaders } from './auth.js';

const COMPARISONS = [
  '$eq', '$eqi', '$ne', '$nei', '$lt', '$lte', '$gt', '$gte', '$in', '$notIn', '$contains', '$notContains', '$containsi',
  '$notContainsi', '$null', '$notNull', '$between', '$startsWith', '$startsWithi', '$endsWith', '$endsWithi',
];
const ARTICLE_SCALARS = ['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'title', 'slug', 'summary', 'body', 'notes', 'views', 'likes', 'rating', 'score', 'featured', 'tone', 'contactEmail', 'publishDate', 'readingTime', 'lastReviewedAt', 'meta'];
const RELATIONS: Record<string, readonly string[]> = {
  category: ['name', 'slug', 'position', 'description', 'id', 'documentId'],
  author: ['name', 'email', 'active', 'id'],
  tags: ['name', 'id'],
  seo: ['metaTitle', 'metaDescription'],
  cover: ['name', 'mime', 'size', 'width', 'url'],
};
const POPULATE_KEYS = ['category', 'author', 'tags', 'seo', 'blocks', 'cover', 'gallery', 'articles', 'avatar', 'social', 'shareImage', 'file', 'defaultSeo', 'favicon', '*', 'nope', 'title'];
const ENDPOINTS = ['/api/articles', '/api/categories', '/api/authors', '/api/tags', '/api/global', '/api/upload/files'];

const scalar: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: oddString },
  { weight: 2, arbitrary: oddNumber.map(String) },
  { weight: 1, arbitrary: fc.boolean().map(String) },
  { weight: 1, arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()) },
  { weight: 1, arbitrary: fc.array(oddString, { maxLength: 3 }) },
);

const filterTree = fc.letrec<{ node: Record<string, unknown>; field: Record<string, unknown> }>((tie) => ({
  field: fc.oneof(
    fc.dictionary(fc.constantFrom(...COMPARISONS, '$fake', '$', '$not'), scalar, { minKeys: 1, maxKeys: 2 }),
    scalar.map((v) => ({ $eq: v })),
  ),
  node: fc.oneof(
    { depthSize: 'small' },
    fc.dictionary(fc.constantFrom(...ARTICLE_SCALARS), tie('field'), { minKeys: 1, maxKeys: 3 }),
    fc.constantFrom(...Object.keys(RELATIONS)).chain((rel) =>
      fc.dictionary(fc.constantFrom(...RELATIONS[rel]!, ...Object.keys(RELATIONS)), tie('field'), { minKeys: 1, maxKeys: 2 }).map((inner) => ({ [rel]: inner }))),
    fc.array(tie('node'), { maxLength: 3 }).map((list) => ({ $and: list })),
    fc.array(tie('node'), { maxLength: 3 }).map((list) => ({ $or: list })),
    tie('node').map((n) => ({ $not: n })),
    fc.dictionary(fc.constantFrom(...ODD_KEYS), scalar, { maxKeys: 2 }),
  ),
})).node;

/** A chain of relation hops deeper than any limit, or a very wide `$or`. */
const extremeFilter = fc.oneof(
  fc.integer({ min: 5, max: 300 }).map((n) => {
    let node: Record<string, unknown> = { name: { $eq: 'x' } };
    for (let i = 0; i < n; i++) node = i % 2 === 0 ? { articles: node } : { category: node };
    return node;
  }),
  fc.integer({ min: 10, max: 2000 }).map((n) => ({ $or: Array.from({ length: n }, (_, i) => ({ title: { $eq: `t${i}` } })) })),
  fc.integer({ min: 5, max: 200 }).map((n) => {
    let node: Record<string, unknown> = { title: { $eq: 'x' } };
    for (let i = 0; i < n; i++) node = { $not: node };
    return node;
  }),
);

const populate: fc.Arbitrary<unknown> = fc.letrec<{ p: unknown }>((tie) => ({
  p: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom('*', 'true', 'false', '', 'category', 'tags,author', 'deep'),
    fc.array(fc.constantFrom(...POPULATE_KEYS), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...POPULATE_KEYS), fc.oneof(
      fc.constantFrom(true, 'true', '*', 'false'),
      fc.record({ populate: tie('p'), fields: fc.array(fc.constantFrom('name', 'title', 'id', 'nope'), { maxLength: 2 }), filters: filterTree, sort: fc.constantFrom('name', 'title:desc'), on: fc.dictionary(fc.constantFrom('shared.quote', 'shared.media', 'shared.nope'), fc.constant(true)) }, { requiredKeys: [] }),
    ), { maxKeys: 4 }),
  ),
})).p;

/** `populate` fanning out through to-many relations level after level. */
const deepPopulate = fc.integer({ min: 2, max: 12 }).map((n) => {
  let node: unknown = true;
  for (let i = 0; i < n; i++) node = { populate: i % 2 === 0 ? { tags: node, category: node } : { articles: node } };
  return (node as { populate: unknown }).populate;
});

const query = fc.record({
  filters: fc.oneof({ weight: 5, arbitrary: filterTree }, { weight: 1, arbitrary: extremeFilter }),
  sort: fc.oneof(fc.constantFrom(...ARTICLE_SCALARS, 'category.name', 'tags.name', 'nope'), fc.array(fc.constantFrom('title:asc', 'views:desc', 'id', 'title:up', 'category.name:desc', 'seo.metaTitle'), { maxLength: 3 }), fc.dictionary(fc.constantFrom('title', 'views', '0'), fc.constantFrom('asc', 'desc', 'x'))),
  pagination: fc.record({
    page: fc.oneof(oddNumber.map(String), oddString), pageSize: fc.oneof(oddNumber.map(String), oddString),
    start: oddNumber.map(String), limit: fc.oneof(oddNumber.map(String), fc.constant('-1')), withCount: fc.constantFrom('true', 'false', 'x'),
  }, { requiredKeys: [] }),
  fields: fc.oneof(fc.constantFrom('*', 'title', ''), fc.array(fc.constantFrom(...ARTICLE_SCALARS, 'category', 'nope', '*'), { maxLength: 5 })),
  populate: fc.oneof({ weight: 4, arbitrary: populate }, { weight: 1, arbitrary: deepPopulate }),
  status: fc.constantFrom('draft', 'published', 'x', ''),
  locale: fc.constantFrom('en', 'fr', '*', 'all'),
  _q: oddString,
}, { requiredKeys: [] });

const garbagePair = fc.tuple(
  fc.oneof(fc.constantFrom('filters', 'populate', 'sort', 'fields', 'pagination', 'status'), fc.string({ maxLength: 6 })),
  fc.array(fc.oneof(fc.constantFrom(...ODD_KEYS), fc.string({ maxLength: 6 }), fc.nat(10_000).map(String)), { maxLength: 30 }),
  fc.option(oddString),
  fc.constantFrom('raw', 'encoded', 'dotted', 'unbalanced'),
).map(([param, path, value, style]) => {
  const enc = percentEncode;
  const name = style === 'dotted' ? [param, ...path].map(enc).join('.')
    : style === 'unbalanced' ? `${enc(param)}${path.map((k) => `[${enc(k)}`).join('')}]]`
    : `${enc(param)}${path.map((k) => (style === 'raw' ? `[${enc(k)}]` : `%5B${enc(k)}%5D`)).join('')}`;
  return value === null ? name : `${name}=${enc(value)}`;
});

export function restQueryFamily(ctx: FuzzContext): fc.Arbitrary<FuzzCase> {
  const endpoint = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...ENDPOINTS) },
    { weight: 1, arbitrary: fc.constantFrom(...ctx.ids.articles.map((id) => `/api/articles/${id}`), ...ctx.ids.categories.map((id) => `/api/categories/${id}`), ...ctx.ids.files.map((id) => `/api/upload/files/${id}`)) },
    { weight: 1, arbitrary: fc.constantFrom('/api/articles/x', '/api/articles/%00', '/api/upload/files/-1', '/api/upload/files/1e9', '/api/nope', '/api/articles/1/2', '/api/') },
  );
  const search = fc.oneof(
    { weight: 5, arbitrary: fc.tuple(query, fc.constantFrom<qs.IStringifyOptions['arrayFormat']>('indices', 'brackets', 'repeat', 'comma'), fc.boolean()).map(([q, arrayFormat, encode]) => qs.stringify(q, { arrayFormat, encode })) },
    { weight: 2, arbitrary: fc.array(garbagePair, { maxLength: 8 }).map((pairs) => pairs.join('&')) },
  );
  return fc.tuple(endpoint, search, authHeaders(ctx)).map(([path, q, headers]): FuzzCase => ({ method: 'GET', path: q === '' ? path : `${path}?${q}`, headers }));
}
