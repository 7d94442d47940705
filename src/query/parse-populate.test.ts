import { beforeAll, describe, expect, it } from 'vitest';
import { type QueryHarness, type QueryInput, queryHarness } from '../../test/helpers/query-registry.js';
import type { FilterNode, NestedSelection, PopulateNode } from './ast.js';
import { parseRestQuery } from './parse-rest-query.js';

let h: QueryHarness;
beforeAll(async () => {
  h = await queryHarness();
});

const node = (attribute: string, extra: Partial<PopulateNode> = {}): PopulateNode => ({
  attribute, fields: null, sort: [], filters: null, populate: [], on: null, ...extra,
});
const selection = (extra: Partial<NestedSelection> = {}): NestedSelection => ({
  fields: null, sort: [], filters: null, populate: [], ...extra,
});
const eq = (field: string, value: string | number): FilterNode => ({ kind: 'compare', field, op: '$eq', value });

const ARTICLE_ALL = ['cover', 'gallery', 'category', 'author', 'tags', 'seo', 'blocks'].map((a) => node(a));

function expectDeepFrozen(value: unknown): void {
  if (value === null || typeof value !== 'object') return;
  expect(Object.isFrozen(value)).toBe(true);
  for (const child of Object.values(value)) expectDeepFrozen(child);
}

describe('populate: spec 4.4 and 4.5', () => {
  it.each<[string, QueryInput, PopulateNode[]]>([
    ['by default nothing', '', []],
    ['everything, 1 level deep', 'populate=*', ARTICLE_ALL],
    ['one relation', 'populate=author', [node('author')]],
    ['several relations', 'populate[0]=author&populate[1]=category', [node('author'), node('category')]],
    ['relations several levels deep', 'populate[author][populate][0]=articles', [node('author', { populate: [node('articles')] })]],
    ['a component', 'populate[0]=seo', [node('seo')]],
    ['a component and a nested component', 'populate[0]=seo&populate[1]=seo.social', [node('seo', { populate: [node('social')] })]],
    ['dynamic zone, first-level elements only', 'populate[0]=blocks', [node('blocks')]],
    ['dynamic zone, detailed strategy',
      'populate[blocks][on][shared.quote][populate][author][populate][0]=avatar',
      [node('blocks', { on: { 'shared.quote': selection({ populate: [node('author', { populate: [node('avatar')] })] }) } })]],
    ['with field selection', 'fields[0]=title&populate[cover][fields][0]=name',
      [node('cover', { fields: ['name'] })]],
    ['with sorting and filtering of a populated relation',
      'populate[category][sort][0]=name%3Aasc&populate[category][filters][name][$eq]=Tech',
      [node('category', { sort: [{ path: ['name'], order: 'asc' }], filters: eq('name', 'Tech') })]],
  ])('%s', (_name, input, expected) => {
    const { populate } = h.query(input);
    expect(populate).toEqual(expected);
    expectDeepFrozen(populate);
  });

  it('with field selection keeps the top-level fields too', () => {
    expect(h.query('fields[0]=title&populate[cover][fields][0]=name').fields).toEqual(['title']);
  });
});

describe('populate: every form', () => {
  it.each<[string, QueryInput, PopulateNode[]]>([
    ['comma list', 'populate=author,category', [node('author'), node('category')]],
    ['comma list with spaces', 'populate=author, category', [node('author'), node('category')]],
    ['qs-built array', { populate: ['tags', 'cover'] }, [node('tags'), node('cover')]],
    ['dotted path through a component to media', 'populate=seo.shareImage', [node('seo', { populate: [node('shareImage')] })]],
    ['dotted path three deep', 'populate=author.articles.tags', [node('author', { populate: [node('articles', { populate: [node('tags')] })] })]],
    ['dotted path ending in *', 'populate=author.*', [node('author', { populate: [node('avatar'), node('articles')] })]],
    ['duplicate mentions merge', 'populate[0]=seo&populate[1]=seo.shareImage', [node('seo', { populate: [node('shareImage')] })]],
    ['the same name twice is one node', 'populate[0]=author&populate[1]=author', [node('author')]],
    ['* with a deeper path', 'populate[0]=*&populate[1]=author.avatar',
      ARTICLE_ALL.map((n) => (n.attribute === 'author' ? node('author', { populate: [node('avatar')] }) : n))],
    ['object form true', 'populate[author]=true', [node('author')]],
    ['object form t', 'populate[author]=t', [node('author')]],
    ['object form 1', 'populate[author]=1', [node('author')]],
    ['object form false', 'populate[author]=false&populate[tags]=true', [node('tags')]],
    ['object form f', 'populate[author]=f', []],
    ['object form 0', 'populate[author]=0', []],
    ['object form * on media', 'populate[cover]=*', [node('cover')]],
    ['nested populate=*', 'populate[author][populate]=*', [node('author', { populate: [node('avatar'), node('articles')] })]],
    ['nested populate object', 'populate[author][populate][avatar]=true&populate[author][populate][articles][fields][0]=title',
      [node('author', { populate: [node('avatar'), node('articles', { fields: ['title'] })] })]],
    ['nested fields, sort and filters', { populate: { tags: { fields: ['name'], sort: 'name:desc', filters: { name: { $startsWith: 'v' } } } } },
      [node('tags', { fields: ['name'], sort: [{ path: ['name'], order: 'desc' }], filters: { kind: 'compare', field: 'name', op: '$startsWith', value: 'v' } })]],
    ['nested sort through a to-one relation of the target', 'populate[tags][populate][articles][sort]=category.name', [node('tags', {
      populate: [node('articles', { sort: [{ path: ['category', 'name'], order: 'asc' }] })],
    })]],
    ['count is accepted', 'populate[tags][count]=true', [node('tags')]],
    ['fields=* inside populate is the default', 'populate[author][fields]=*', [node('author')]],
    ['media fields', 'populate[cover][fields][0]=url&populate[cover][fields][1]=name', [node('cover', { fields: ['url', 'name'] })]],
    ['media filters', 'populate[gallery][filters][mime][$startsWith]=image/', [node('gallery', {
      filters: { kind: 'compare', field: 'mime', op: '$startsWith', value: 'image/' },
    })]],
    ['sort and filters inside a single component', 'populate[seo][sort]=metaTitle&populate[seo][filters][metaTitle][$eq]=x',
      [node('seo', { sort: [{ path: ['metaTitle'], order: 'asc' }], filters: eq('metaTitle', 'x') })]],
    ['sort inside a repeatable component', 'populate[seo][populate][social][sort][0]=network:desc',
      [node('seo', { populate: [node('social', { sort: [{ path: ['network'], order: 'desc' }] })] })]],
  ])('%s', (_name, input, expected) => {
    expect(h.query(input).populate).toEqual(expected);
  });

  it('populates every visible relation, media, component and zone of another type with *', () => {
    expect(h.query('populate=*', 'api::author.author').populate).toEqual([node('avatar'), node('articles')]);
    expect(h.query('populate=*', 'api::global.global').populate).toEqual([node('favicon'), node('defaultSeo')]);
  });

  it('leaves private relations out of *', () => {
    expect(h.query('populate=*', 'api::member.member').populate).toEqual([node('article'), node('socials')]);
  });

  it('populates the same way in parseSelection', () => {
    expect(h.selection('populate[author][fields][0]=name&fields=title')).toEqual({
      fields: ['title'], populate: [node('author', { fields: ['name'] })], status: 'published',
    });
  });
});

describe('populate: dynamic zones', () => {
  const direct = (populate: unknown): readonly PopulateNode[] =>
    parseRestQuery({ populate }, 'api::article.article', h.ctx).populate;

  it.each<[string, QueryInput, PopulateNode[]]>([
    ['object form true', 'populate[blocks]=true', [node('blocks')]],
    ['on with true: only that component', 'populate[blocks][on][shared.rich-text]=true', [node('blocks', { on: { 'shared.rich-text': selection() } })]],
    ['on with several components', 'populate[blocks][on][shared.quote]=t&populate[blocks][on][shared.media][populate]=file',
      [node('blocks', { on: { 'shared.quote': selection(), 'shared.media': selection({ populate: [node('file')] }) } })]],
    ['on with fields, sort and filters of the component', 'populate[blocks][on][shared.quote][fields][0]=text&populate[blocks][on][shared.quote][sort]=attribution&populate[blocks][on][shared.quote][filters][attribution][$eq]=Ada',
      [node('blocks', { on: { 'shared.quote': selection({ fields: ['text'], sort: [{ path: ['attribution'], order: 'asc' }], filters: eq('attribution', 'Ada') }) } })]],
    ['on with a false component leaves it out', 'populate[blocks][on][shared.quote]=true&populate[blocks][on][shared.media]=false',
      [node('blocks', { on: { 'shared.quote': selection() } })]],
    ['on with only false components: not populated', 'populate[blocks][on][shared.quote]=false', []],
    ['populate=* on the zone applies to every component', 'populate[blocks][populate]=*', [node('blocks', {
      on: {
        'shared.rich-text': selection(),
        'shared.quote': selection({ populate: [node('author')] }),
        'shared.media': selection({ populate: [node('file')] }),
      },
    })]],
    ['a dotted path through the zone applies where the attribute exists', 'populate=blocks.author', [node('blocks', {
      on: { 'shared.rich-text': selection(), 'shared.quote': selection({ populate: [node('author')] }), 'shared.media': selection() },
    })]],
    ['zone-level populate with on applies to the listed components', 'populate[blocks][on][shared.quote]=true&populate[blocks][populate]=*',
      [node('blocks', { on: { 'shared.quote': selection({ populate: [node('author')] }) } })]],
  ])('%s', (_name, input, expected) => {
    expect(h.query(input).populate).toEqual(expected);
  });

  it('an empty on leaves the zone unpopulated', () => {
    expect(direct({ blocks: { on: {} } })).toEqual([]);
    expect(direct({ blocks: { on: {} }, author: true })).toEqual([node('author')]);
  });

  it('refuses a component uid that is not in the zone', () => {
    expect(h.failure('populate[blocks][on][shared.seo]=true')).toEqual({
      status: 400,
      name: 'ValidationError',
      message: 'Invalid key shared.seo at blocks.on.shared.seo',
      details: { key: 'shared.seo', path: 'blocks.on.shared.seo', source: 'query', param: 'populate' },
    });
    expect(h.failure('populate[blocks][on][api::author.author]=true')).toMatchObject({ message: 'Invalid key api::author.author at blocks.on.api::author.author' });
  });

  it.each<[string, QueryInput, string]>([
    ['on that is not an object', 'populate[blocks][on]=shared.quote', 'blocks.on'],
    ['on on a relation', 'populate[author][on][shared.quote]=true', 'author.on'],
    ['a bad value in on', 'populate[blocks][on][shared.quote]=maybe', 'blocks.on.shared.quote'],
    ['an unknown key in an on fragment', 'populate[blocks][on][shared.quote][nope]=1', 'blocks.on.shared.quote.nope'],
    ['fields on the zone itself', 'populate[blocks][fields][0]=text', 'blocks.fields'],
    ['sort on the zone itself', 'populate[blocks][sort]=text', 'blocks.sort'],
    ['filters on the zone itself', 'populate[blocks][filters][text]=x', 'blocks.filters'],
    ['an attribute no component of the zone has', 'populate=blocks.nope', 'blocks.nope'],
    ['a scalar of a zone component', 'populate=blocks.text', 'blocks.text'],
    ['a bad field in an on fragment', 'populate[blocks][on][shared.quote][fields]=author', 'blocks.on.shared.quote.fields.author'],
  ])('refuses %s', (_name, input, path) => {
    const key = path.split('.').at(-1) ?? '';
    const uidKey = path.endsWith('shared.quote') ? 'shared.quote' : key;
    expect(h.failure(input)).toEqual({
      status: 400,
      name: 'ValidationError',
      message: `Invalid key ${uidKey} at ${path}`,
      details: { key: uidKey, path, source: 'query', param: 'populate' },
    });
  });
});

describe('populate: refused', () => {
  const invalid = (key: string, path: string) => ({
    status: 400,
    name: 'ValidationError',
    message: `Invalid key ${key}${path === key ? '' : ` at ${path}`}`,
    details: { key, path, source: 'query', param: 'populate' },
  });

  it.each<[string, QueryInput, string, string]>([
    ['a scalar', 'populate=title', 'title', 'title'],
    ['a scalar in object form', 'populate[title]=true', 'title', 'title'],
    ['an unknown key', 'populate=nope', 'nope', 'nope'],
    ['a wrong-case key', 'populate=Author', 'Author', 'Author'],
    ['an unknown nested relation', 'populate=author.nope', 'nope', 'author.nope'],
    ['a scalar at the end of a dotted path', 'populate=author.name', 'name', 'author.name'],
    ['an attribute directly inside a populate object', 'populate[author][avatar]=true', 'avatar', 'author.avatar'],
    ['an unknown key inside a populate object', 'populate[author][nope]=1', 'nope', 'author.nope'],
    ['an unknown nested populate key', 'populate[author][populate][nope]=true', 'nope', 'author.populate.nope'],
    ['a bad boolean value', 'populate[author]=yes', 'author', 'author'],
    ['a value without =', 'populate[author]', 'author', 'author'],
    ['an array under an attribute', 'populate[author][0]=avatar', 'author', 'author'],
    ['a non-string array item', 'populate[0][author]=true', '0', '0'],
    ['a bad count', 'populate[tags][count]=maybe', 'count', 'tags.count'],
    ['a relation in nested fields', 'populate[author][fields][0]=articles', 'articles', 'author.fields.articles'],
    ['an unknown nested sort field', 'populate[tags][sort]=nope:asc', 'nope', 'tags.sort.nope'],
    ['a bad nested sort direction', 'populate[tags][sort]=name:up', 'up', 'tags.sort.name.up'],
    ['an unknown operator in nested filters', 'populate[author][filters][name][$foo]=x', '$foo', 'author.filters.name.$foo'],
    ['an unknown attribute in nested filters', 'populate[author][filters][title]=x', 'title', 'author.filters.title'],
    ['a bad value two levels down', 'populate[author][populate][articles][filters][nope]=1', 'nope', 'author.populate.articles.filters.nope'],
    ['a component field that is not there', 'populate[seo][fields][0]=caption', 'caption', 'seo.fields.caption'],
    ['populate on a scalar path element', 'populate=title.x', 'title', 'title'],
  ])('refuses %s', (_name, input, key, path) => {
    expect(h.failure(input)).toEqual(invalid(key, path));
  });

  it.each<[string, string, string, string, string]>([
    ['a private relation', 'api::member.member', 'populate=secretArticle', 'secretArticle', 'secretArticle'],
    ['a private relation in object form', 'api::member.member', 'populate[secretArticle]=true', 'secretArticle', 'secretArticle'],
    ['a password', 'api::member.member', 'populate=password', 'password', 'password'],
    ['a private field in nested fields', 'api::team.team', 'populate[lead][fields][0]=secretNote', 'secretNote', 'lead.fields.secretNote'],
    ['a password in nested filters', 'api::team.team', 'populate[lead][filters][password][$eq]=x', 'password', 'lead.filters.password'],
    ['a private field in nested sort', 'api::team.team', 'populate[lead][sort]=secretNote', 'secretNote', 'lead.sort.secretNote'],
    ['a private component field in filters', 'api::member.member', 'populate[socials][filters][token]=x', 'token', 'socials.filters.token'],
  ])('refuses %s', (_name, uid, raw, key, path) => {
    expect(h.failure(raw, uid)).toEqual(invalid(key, path));
  });

  it.each<[string, string]>([
    ['pagination', 'populate[author][pagination][limit]=1'],
    ['limit', 'populate[tags][limit]=5'],
    ['start', 'populate[tags][start]=5'],
  ])('refuses combining population with %s', (key, raw) => {
    const attribute = raw.includes('[author]') ? 'author' : 'tags';
    expect(h.failure(raw)).toEqual({
      status: 400,
      name: 'ValidationError',
      message: `Invalid key ${key} at ${attribute}.${key}: population and pagination operators cannot be combined`,
      details: { key, path: `${attribute}.${key}`, source: 'query', param: 'populate' },
    });
  });

  it('refuses pagination deeper inside populate and inside on fragments', () => {
    expect(h.failure('populate[author][populate][articles][pagination][pageSize]=2')).toMatchObject({
      message: 'Invalid key pagination at author.populate.articles.pagination: population and pagination operators cannot be combined',
    });
    expect(h.failure('populate[blocks][on][shared.quote][limit]=1')).toMatchObject({
      message: 'Invalid key limit at blocks.on.shared.quote.limit: population and pagination operators cannot be combined',
    });
    expect(h.failure('populate[blocks][start]=1')).toMatchObject({ details: { path: 'blocks.start' } });
  });

  it('refuses more than 100 array entries with Strapi\'s message', () => {
    const raw = Array.from({ length: 105 }, (_, i) => `populate[${i}]=author`).join('&');
    expect(() => h.query(raw)).toThrow(/^Too many populate entries \(105\)\. The maximum number of populate entries when using array notation is 100\./);
  });
});

describe('populate: depth limit', () => {
  // populateDepthLimit is 5 in the harness
  it('accepts a path as deep as the limit', () => {
    const { populate } = h.query('populate=author.articles.author.articles.tags');
    expect(populate[0]?.populate[0]?.populate[0]?.populate[0]?.populate[0]?.attribute).toBe('tags');
  });

  it.each<[string, QueryInput, string, string]>([
    ['a dotted path', 'populate=author.articles.author.articles.author.avatar', 'avatar', 'author.articles.author.articles.author.avatar'],
    ['nested objects', { populate: { author: { populate: { articles: { populate: { author: { populate: { articles: { populate: { tags: { populate: { articles: true } } } } } } } } } } } },
      'articles', 'author.populate.articles.populate.author.populate.articles.populate.tags.populate.articles'],
    ['* at the last level', 'populate=author.articles.author.articles.tags.*', 'articles', 'author.articles.author.articles.tags.articles'],
    ['through a dynamic zone', 'populate[blocks][on][shared.quote][populate][author][populate][articles][populate][author][populate][articles][populate][tags]=true',
      'tags', 'blocks.on.shared.quote.populate.author.populate.articles.populate.author.populate.articles.populate.tags'],
  ])('refuses %s beyond the limit, naming the path', (_name, input, key, path) => {
    expect(h.failure(input)).toEqual({
      status: 400,
      name: 'ValidationError',
      message: `Invalid key ${key} at ${path}: populate depth exceeds the limit of 5`,
      details: { key, path, source: 'query', param: 'populate' },
    });
  });
});
