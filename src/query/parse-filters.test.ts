import { beforeAll, describe, expect, it } from 'vitest';
import { type QueryHarness, type QueryInput, queryHarness } from '../../test/helpers/query-registry.js';
import { COMPARISON_OPERATORS, type ComparisonOperator, type FilterNode, type FilterValue } from './ast.js';
import { parseRestQuery } from './parse-rest-query.js';

let h: QueryHarness;
beforeAll(async () => {
  h = await queryHarness();
});

/** Filters given as objects, as the document service (or a JSON body) passes them: no qs round trip. */
const direct = (filters: unknown): FilterNode | null => parseRestQuery({ filters }, 'api::article.article', h.ctx).filters;

const cmp = (field: string, op: ComparisonOperator, value: FilterValue): FilterNode => ({ kind: 'compare', field, op, value });
const and = (...items: FilterNode[]): FilterNode => ({ kind: 'and', items });
const or = (...items: FilterNode[]): FilterNode => ({ kind: 'or', items });
const not = (item: FilterNode): FilterNode => ({ kind: 'not', item });
const nested = (attribute: string, filter: FilterNode): FilterNode => ({ kind: 'nested', attribute, filter });

function expectDeepFrozen(value: unknown): void {
  if (value === null || typeof value !== 'object') return;
  expect(Object.isFrozen(value)).toBe(true);
  for (const child of Object.values(value)) expectDeepFrozen(child);
}

describe('filters: operators', () => {
  // one row per operator of ast.ts, on a string and on a number attribute
  const stringValue: Record<ComparisonOperator, [string, FilterValue]> = {
    $eq: ['Hello', 'Hello'], $eqi: ['hello', 'hello'], $ne: ['Hello', 'Hello'], $nei: ['hello', 'hello'],
    $lt: ['M', 'M'], $lte: ['M', 'M'], $gt: ['M', 'M'], $gte: ['M', 'M'],
    $in: ['Hello', ['Hello']], $notIn: ['Hello', ['Hello']],
    $contains: ['ell', 'ell'], $notContains: ['ell', 'ell'], $containsi: ['ELL', 'ELL'], $notContainsi: ['ELL', 'ELL'],
    $null: ['true', true], $notNull: ['false', false],
    $between: ['', ['A', 'M']],
    $startsWith: ['He', 'He'], $startsWithi: ['he', 'he'], $endsWith: ['lo', 'lo'], $endsWithi: ['LO', 'LO'],
  };
  it.each(COMPARISON_OPERATORS.map((op) => [op]))('%s on a string attribute', (op) => {
    const [raw, value] = stringValue[op];
    const filters = op === '$between' ? { title: { $between: ['A', 'M'] } } : { title: { [op]: raw } };
    expect(h.query({ filters }).filters).toEqual(cmp('title', op, value));
  });

  const numberValue: Partial<Record<ComparisonOperator, [unknown, FilterValue]>> = {
    $eq: ['3', 3], $ne: ['3', 3], $lt: ['3', 3], $lte: ['-3', -3], $gt: ['0', 0], $gte: ['10', 10],
    $in: [['1', '2'], [1, 2]], $notIn: [['1'], [1]], $between: [['1', '5'], [1, 5]],
    $null: ['t', true], $notNull: ['1', true],
  };
  it.each(Object.entries(numberValue))('%s on an integer attribute types the value', (op, [raw, value]) => {
    expect(h.query({ filters: { views: { [op]: raw } } }).filters).toEqual(cmp('views', op as ComparisonOperator, value));
  });

  it.each([
    ['$contains', '12'], ['$startsWithi', '1'], ['$eqi', '7'],
  ])('%s compares text even on a number attribute', (op, raw) => {
    expect(h.query({ filters: { views: { [op]: raw } } }).filters).toEqual(cmp('views', op as ComparisonOperator, raw));
  });

  it.each([
    ['featured', '$contains', 'boolean'], ['rating', '$startsWith', 'decimal'], ['score', '$eqi', 'float'],
    ['publishDate', '$endsWithi', 'date'], ['readingTime', '$notContains', 'time'],
    ['lastReviewedAt', '$containsi', 'datetime'], ['createdAt', '$nei', 'datetime'],
  ])('refuses the text operator on %s with %s (%s prints differently per database)', (field, op, type) => {
    expect(h.failure(`filters[${field}][${op}]=1`)).toEqual({
      status: 400,
      name: 'ValidationError',
      message: `Invalid key ${op} at ${field}: ${op} compares text and applies to text and integer attributes, not to ${type}`,
      details: { key: op, path: field, source: 'query', param: 'filters' },
    });
  });

  it('accepts text operators on documentId and on id', () => {
    expect(h.query('filters[documentId][$startsWithi]=AB').filters).toEqual(cmp('documentId', '$startsWithi', 'AB'));
    expect(h.query('filters[id][$endsWith]=7').filters).toEqual(cmp('id', '$endsWith', '7'));
  });

  it('several operators on one field are all required', () => {
    expect(h.query('filters[views][$gt]=1&filters[views][$lt]=9').filters).toEqual(and(cmp('views', '$gt', 1), cmp('views', '$lt', 9)));
  });
});

describe('filters: forms', () => {
  it.each<[string, QueryInput, FilterNode | null]>([
    ['implicit $eq', 'filters[title]=Hello', cmp('title', '$eq', 'Hello')],
    ['implicit $eq types the value', 'filters[views]=4', cmp('views', '$eq', 4)],
    ['implicit $in from an array', 'filters[views][0]=2&filters[views][1]=3', cmp('views', '$in', [2, 3])],
    ['implicit $eq without a value is IS NULL', 'filters[title]', cmp('title', '$null', true)],
    ['$eq without a value is IS NULL', 'filters[title][$eq]', cmp('title', '$null', true)],
    ['$ne without a value is IS NOT NULL', 'filters[title][$ne]', cmp('title', '$notNull', true)],
    ['$in with one value', 'filters[views][$in]=2', cmp('views', '$in', [2])],
    ['$in does not split a comma string', 'filters[title][$in]=a,b', cmp('title', '$in', ['a,b'])],
    ['several fields are all required', 'filters[title]=A&filters[views]=1', and(cmp('title', '$eq', 'A'), cmp('views', '$eq', 1))],
    ['$and as an array', 'filters[$and][0][title]=A&filters[$and][1][views][$gt]=1', and(cmp('title', '$eq', 'A'), cmp('views', '$gt', 1))],
    ['$and as an object', 'filters[$and][title]=A&filters[$and][views]=1', and(cmp('title', '$eq', 'A'), cmp('views', '$eq', 1))],
    ['$or as an array', 'filters[$or][0][title]=A&filters[$or][1][title]=B', or(cmp('title', '$eq', 'A'), cmp('title', '$eq', 'B'))],
    ['$or with one operand is that operand', 'filters[$or][0][title]=A', cmp('title', '$eq', 'A')],
    ['$not', 'filters[$not][title][$contains]=x', not(cmp('title', '$contains', 'x'))],
    ['$not on a field', 'filters[title][$not][$eq]=x', not(cmp('title', '$eq', 'x'))],
    ['$or on a field', 'filters[views][$or][0][$lt]=1&filters[views][$or][1][$gt]=9', or(cmp('views', '$lt', 1), cmp('views', '$gt', 9))],
    ['$and on a field', 'filters[views][$and][0][$gt]=1&filters[views][$and][1][$lt]=9', and(cmp('views', '$gt', 1), cmp('views', '$lt', 9))],
    ['nested logic', { filters: { $or: [{ $and: [{ featured: 'true' }, { views: { $gte: '10' } }] }, { $not: { tone: 'playful' } }] } },
      or(and(cmp('featured', '$eq', true), cmp('views', '$gte', 10)), not(cmp('tone', '$eq', 'playful')))],
    ['id and documentId', 'filters[id][$in][0]=1&filters[id][$in][1]=2&filters[documentId]=abc', and(cmp('id', '$in', [1, 2]), cmp('documentId', '$eq', 'abc'))],
    ['timestamps', 'filters[createdAt][$gte]=2024-01-01&filters[publishedAt][$null]=true',
      and(cmp('createdAt', '$gte', '2024-01-01T00:00:00.000Z'), cmp('publishedAt', '$null', true))],
    ['no filters', '', null],
    ['filters without value', 'filters', null],
  ])('%s', (_name, input, expected) => {
    const { filters } = h.query(input);
    expect(filters).toEqual(expected);
    expectDeepFrozen(filters);
  });

  // qs cannot produce empty objects, so these come as objects, as Strapi's tests send them
  it.each<[string, unknown]>([
    ['{id:{}}', { id: {} }],
    ['{id:{$eq:{}}}', { id: { $eq: {} } }],
    ['{id:{$and:{$eq:{},$contains:{}}}}', { id: { $and: { $eq: {}, $contains: {} } } }],
    ['empty $and / $or / $not', { $and: [{ id: {} }], $or: [{ title: { $eq: {} } }], $not: { views: {} } }],
    ['an empty relation condition', { category: {} }],
    ['an empty relation operator', { category: { $null: {} } }],
  ])('accepts and removes empty objects: %s', (_name, filters) => {
    expect(direct(filters)).toBeNull();
  });

  it('keeps the other conditions when an empty one is removed', () => {
    expect(direct({ id: {}, title: 'A' })).toEqual(cmp('title', '$eq', 'A'));
  });
});

describe('filters: through relations, media and components', () => {
  it.each<[string, QueryInput, FilterNode]>([
    ['a manyToOne relation', 'filters[category][name][$eq]=Tech', nested('category', cmp('name', '$eq', 'Tech'))],
    ['a manyToMany relation', 'filters[tags][name][$in][0]=a&filters[tags][name][$in][1]=b', nested('tags', cmp('name', '$in', ['a', 'b']))],
    ['two conditions on the same related row', 'filters[tags][name]=a&filters[tags][id][$gt]=2', nested('tags', and(cmp('name', '$eq', 'a'), cmp('id', '$gt', 2)))],
    ['two levels deep', 'filters[author][articles][title][$startsWith]=How', nested('author', nested('articles', cmp('title', '$startsWith', 'How')))],
    ['a relation with logic inside', 'filters[category][$or][0][name]=a&filters[category][$or][1][position][$lt]=2',
      nested('category', or(cmp('name', '$eq', 'a'), cmp('position', '$lt', 2)))],
    ['media', 'filters[cover][name][$endsWith]=.png', nested('cover', cmp('name', '$endsWith', '.png'))],
    ['media size is a decimal', 'filters[gallery][size][$gt]=10.5', nested('gallery', cmp('size', '$gt', 10.5))],
    ['a single component', 'filters[seo][metaTitle][$containsi]=vellum', nested('seo', cmp('metaTitle', '$containsi', 'vellum'))],
    ['a component inside a component', 'filters[seo][social][network]=github', nested('seo', nested('social', cmp('network', '$eq', 'github')))],
    ['a media inside a component', 'filters[seo][shareImage][id]=3', nested('seo', nested('shareImage', cmp('id', '$eq', 3)))],
    ['a relation value is its id', 'filters[category]=3', nested('category', cmp('id', '$eq', 3))],
    ['a relation array is an id list', 'filters[tags][0]=1&filters[tags][1]=2', nested('tags', cmp('id', '$in', [1, 2]))],
    ['an operator on a relation applies to its id', 'filters[category][$in][0]=1', nested('category', cmp('id', '$in', [1]))],
    ['a relation that is null has no related row', 'filters[category][$null]=true', not(nested('category', cmp('id', '$notNull', true)))],
    ['a relation that is not null has one', 'filters[category][$notNull]=true', nested('category', cmp('id', '$notNull', true))],
    ['$null=false on a relation', 'filters[cover][$null]=false', nested('cover', cmp('id', '$notNull', true))],
    ['a relation without value has no related row', 'filters[category]', not(nested('category', cmp('id', '$notNull', true)))],
  ])('%s', (_name, input, expected) => {
    expect(h.query(input).filters).toEqual(expected);
  });
});

describe('filters: values typed by the attribute', () => {
  it.each<[string, string, unknown, FilterValue]>([
    ['integer', 'views', '-12', -12],
    ['float', 'score', '1.5', 1.5],
    ['float with exponent', 'score', '1e3', 1000],
    ['decimal', 'rating', '4.25', 4.25],
    ['biginteger stays a string of digits', 'likes', '9007199254740993', '9007199254740993'],
    ['negative biginteger', 'likes', '-5', '-5'],
    ['boolean true', 'featured', 'true', true],
    ['boolean t', 'featured', 't', true],
    ['boolean 1', 'featured', '1', true],
    ['boolean false', 'featured', 'false', false],
    ['boolean f', 'featured', 'f', false],
    ['boolean 0', 'featured', '0', false],
    ['date', 'publishDate', '2024-02-29', '2024-02-29'],
    ['date from a datetime', 'publishDate', '2024-02-29T10:00:00Z', '2024-02-29'],
    ['time with seconds', 'readingTime', '09:30:15', '09:30:15.000'],
    ['time without seconds', 'readingTime', '09:30', '09:30:00.000'],
    ['time with milliseconds', 'readingTime', '09:30:15.5', '09:30:15.500'],
    ['datetime with Z', 'lastReviewedAt', '2024-03-01T10:20:30Z', '2024-03-01T10:20:30.000Z'],
    ['datetime with an offset', 'lastReviewedAt', '2024-03-01T10:20:30+02:00', '2024-03-01T08:20:30.000Z'],
    ['datetime with a compact offset', 'lastReviewedAt', '2024-03-01T10:20:30-0130', '2024-03-01T11:50:30.000Z'],
    ['datetime without zone is UTC', 'lastReviewedAt', '2024-03-01T10:20', '2024-03-01T10:20:00.000Z'],
    ['datetime from a date', 'lastReviewedAt', '2024-03-01', '2024-03-01T00:00:00.000Z'],
    ['datetime with microseconds', 'lastReviewedAt', '2024-03-01T10:20:30.123456Z', '2024-03-01T10:20:30.123Z'],
    ['enumeration', 'tone', 'playful', 'playful'],
    ['email', 'contactEmail', 'a@b.c', 'a@b.c'],
    ['uid', 'slug', 'hello-world', 'hello-world'],
    ['text', 'summary', '42', '42'],
    ['id', 'id', '7', 7],
    ['documentId', 'documentId', '123', '123'],
  ])('%s', (_name, field, raw, value) => {
    expect(h.query({ filters: { [field]: { $eq: raw } } }).filters).toEqual(cmp(field, '$eq', value));
  });

  it('types each item of $in, $notIn and $between', () => {
    expect(h.query({ filters: { featured: { $in: ['t', 'false'] }, lastReviewedAt: { $between: ['2024-01-01', '2024-12-31T23:59:59Z'] } } }).filters).toEqual(
      and(cmp('featured', '$in', [true, false]), cmp('lastReviewedAt', '$between', ['2024-01-01T00:00:00.000Z', '2024-12-31T23:59:59.000Z'])),
    );
  });

  it('accepts JS values from server-side callers', () => {
    const filters = direct({ views: 3, featured: false, lastReviewedAt: { $lt: new Date('2024-01-01T00:00:00Z') } });
    expect(filters).toEqual(and(cmp('views', '$eq', 3), cmp('featured', '$eq', false), cmp('lastReviewedAt', '$lt', '2024-01-01T00:00:00.000Z')));
  });

  it('ignores undefined values from server-side callers', () => {
    expect(direct({ title: undefined, views: { $gt: undefined, $lt: 3 } })).toEqual(cmp('views', '$lt', 3));
  });

  it('allows only $null and $notNull on json and blocks attributes', () => {
    expect(h.query('filters[meta][$null]=true&filters[body][$notNull]=true').filters).toEqual(
      and(cmp('meta', '$null', true), cmp('body', '$notNull', true)),
    );
    expect(h.query('filters[meta]').filters).toEqual(cmp('meta', '$null', true));
  });
});
