import { beforeAll, describe, expect, it } from 'vitest';
import { type QueryHarness, type QueryInput, queryHarness } from '../../test/helpers/query-registry.js';
import type { ComparisonOperator, FilterNode, FilterValue } from './ast.js';
import { attributePath, invalidKeyMessage, parentPath } from '../../test/helpers/invalid-key.js';

let h: QueryHarness;
beforeAll(async () => {
  h = await queryHarness();
});

const cmp = (field: string, op: ComparisonOperator, value: FilterValue): FilterNode => ({ kind: 'compare', field, op, value });

describe('filters: refused', () => {
  /**
   * `path`: where the key is written; Strapi reports the attributes above it (invalid-key.ts),
   * and the key too when it is a hidden or unfilterable attribute (`isAttribute`)
   */
  const invalid = (key: string, path: string, isAttribute = false) => {
    const where = isAttribute ? attributePath(path) : parentPath(path, 'filters', key);
    return {
      status: 400,
      name: 'ValidationError',
      message: invalidKeyMessage(key, where),
      details: { key, path: where, source: 'query', param: 'filters' },
    };
  };

  it.each<[string, QueryInput, string, string]>([
    ['an unknown attribute', 'filters[nope]=1', 'nope', 'nope'],
    ['a wrong-case attribute', 'filters[ID]=1', 'ID', 'ID'],
    ['a database alias key', 'filters[t0.title]=1', 't0.title', 't0.title'],
    ['an unknown operator', 'filters[title][$fakeOp]=1', '$fakeOp', 'title.$fakeOp'],
    ['a wrong-case operator', 'filters[title][$STARTSWITH]=a', '$STARTSWITH', 'title.$STARTSWITH'],
    ['an operator without a field', 'filters[$eq]=1', '$eq', '$eq'],
    ['an attribute key inside a scalar', 'filters[title][name]=1', 'name', 'title.name'],
    ['a dynamic zone', 'filters[blocks][id]=1', 'blocks', 'blocks'],
    ['an unknown attribute behind a relation', 'filters[category][nope]=1', 'nope', 'category.nope'],
    ['an unknown operator behind a relation', 'filters[category][name][$like]=a', '$like', 'category.name.$like'],
    ['an unknown attribute in a component', 'filters[seo][nope]=1', 'nope', 'seo.nope'],
    ['an unknown attribute in media', 'filters[cover][secret]=1', 'secret', 'cover.secret'],
    ['a dynamic zone behind a relation', 'filters[author][articles][blocks][id]=1', 'blocks', 'author.articles.blocks'],
    ['an unknown attribute inside $or', 'filters[$or][0][nope]=1', 'nope', '$or.0.nope'],
    ['an unknown attribute inside $not', 'filters[$not][nope]=1', 'nope', '$not.nope'],
    ['a non-object $not', 'filters[$not]=1', '$not', '$not'],
    ['a non-object $and item', 'filters[$and][0]=1', '0', '$and.0'],
    ['an object as an operator value', 'filters[title][$eq][x]=1', 'x', 'title.$eq.x'],
    ['$eq on json', 'filters[meta][$eq]=1', '$eq', 'meta.$eq'],
  ])('refuses %s', (_name, input, key, path) => {
    const error = h.failure(input);
    if (path.startsWith('meta')) {
      expect(error).toEqual({ ...invalid(key, path), message: 'Invalid key $eq at meta: json attributes can only be filtered with $null and $notNull' });
    } else {
      expect(error).toEqual(invalid(key, path, key === 'blocks'));
    }
  });

  it.each([
    ['$contains', 'filters[body][$contains]=x'],
    ['implicit $eq', 'filters[body]=x'],
    ['$in', 'filters[meta][$in][0]=x'],
  ])('refuses %s on a json or blocks attribute', (_name, raw) => {
    expect(h.failure(raw)).toMatchObject({ status: 400, name: 'ValidationError', message: expect.stringMatching(/can only be filtered with \$null and \$notNull$/) });
  });

  it.each<[string, string, string, string]>([
    ['a password', 'api::member.member', 'filters[password][$eq]=x', 'password'],
    ['a private attribute', 'api::member.member', 'filters[secretNote][$null]=true', 'secretNote'],
    ['a private relation', 'api::member.member', 'filters[secretArticle][title]=x', 'secretArticle'],
    ['a password through a relation', 'api::team.team', 'filters[lead][password][$eq]=x', 'lead.password'],
    ['a private attribute through a relation', 'api::team.team', 'filters[lead][secretNote]=x', 'lead.secretNote'],
    ['a private attribute through a component', 'api::member.member', 'filters[socials][token][$eq]=x', 'socials.token'],
    ['a password through a component', 'api::member.member', 'filters[socials][pin]=1', 'socials.pin'],
    ['a private attribute through relation and component', 'api::team.team', 'filters[lead][socials][token]=x', 'lead.socials.token'],
    ['a password inside $and', 'api::member.member', 'filters[$and][0][password]=x', '$and.0.password'],
    ['a password inside $or', 'api::member.member', 'filters[$or][0][name]=a&filters[$or][1][password]=x', '$or.1.password'],
    ['a private attribute inside $not', 'api::member.member', 'filters[$not][secretNote]=x', '$not.secretNote'],
    ['a private attribute inside $or through a relation', 'api::team.team', 'filters[$or][0][lead][secretNote]=x', '$or.0.lead.secretNote'],
  ])('refuses %s', (_name, uid, raw, path) => {
    const key = path.split('.').at(-1) ?? '';
    expect(h.failure(raw, uid)).toEqual(invalid(key, path, true));
  });

  const badValue = (path: string, received: unknown, expected: string) => ({
    status: 400,
    name: 'ValidationError',
    message: `Invalid value ${JSON.stringify(received)} at ${path}: expected ${expected}`,
    details: { key: path.split('.').at(-1), path: parentPath(path), source: 'query', param: 'filters' },
  });

  it.each<[string, string, string, unknown, string]>([
    ['a word for an integer', 'filters[views][$eq]=many', 'views.$eq', 'many', 'an integer'],
    ['a decimal for an integer', 'filters[views]=1.5', 'views', '1.5', 'an integer'],
    ['a word for an id', 'filters[id]=abc', 'id', 'abc', 'an integer'],
    ['a word for a float', 'filters[score][$gt]=high', 'score.$gt', 'high', 'a number'],
    ['Infinity for a decimal', 'filters[rating]=Infinity', 'rating', 'Infinity', 'a number'],
    ['a decimal for a biginteger', 'filters[likes]=1.5', 'likes', '1.5', 'an integer'],
    ['a word for a boolean', 'filters[featured]=yes', 'featured', 'yes', 'a boolean (true, false, t, f, 1, 0)'],
    ['an impossible date', 'filters[publishDate]=2023-02-29', 'publishDate', '2023-02-29', 'a date (YYYY-MM-DD)'],
    ['a word for a date', 'filters[publishDate]=today', 'publishDate', 'today', 'a date (YYYY-MM-DD)'],
    ['an impossible time', 'filters[readingTime]=25:00', 'readingTime', '25:00', 'a time (HH:mm:ss.SSS)'],
    ['a word for a datetime', 'filters[lastReviewedAt][$lt]=yesterday', 'lastReviewedAt.$lt', 'yesterday', 'a datetime (ISO 8601)'],
    ['an impossible datetime', 'filters[createdAt][$gt]=2024-13-01T00:00:00Z', 'createdAt.$gt', '2024-13-01T00:00:00Z', 'a datetime (ISO 8601)'],
    ['a bad item in $in', 'filters[views][$in][0]=1&filters[views][$in][1]=x', 'views.$in.1', 'x', 'an integer'],
    ['a bad $null flag', 'filters[title][$null]=maybe', 'title.$null', 'maybe', 'a boolean (true, false, t, f, 1, 0)'],
    ['a bad $notNull flag on a relation', 'filters[category][$notNull]=yes', 'category.$notNull', 'yes', 'a boolean (true, false, t, f, 1, 0)'],
    ['a non-integer relation id', 'filters[category]=abc', 'category', 'abc', 'an integer'],
    ['a null item in $in', 'filters[views][$in][0]=1&filters[views][$in][1]', 'views.$in.1', null, 'a value'],
    // operands a database would refuse (PostgreSQL: out of range, NUL in text, year 0)
    ['an integer above 32 bits', 'filters[views][$gt]=2147483648', 'views.$gt', '2147483648', 'an integer between -2147483648 and 2147483647'],
    ['an id below 32 bits', 'filters[id][$lt]=-2147483649', 'id.$lt', '-2147483649', 'an integer between -2147483648 and 2147483647'],
    ['a relation id above 32 bits', 'filters[category]=99999999999', 'category', '99999999999', 'an integer between -2147483648 and 2147483647'],
    ['a biginteger above 64 bits', 'filters[likes]=9223372036854775808', 'likes', '9223372036854775808', 'an integer between -9223372036854775808 and 9223372036854775807'],
    ['a NUL character', 'filters[title][$contains]=a%00b', 'title.$contains', 'a\u0000b', 'text without NUL characters'],
    ['year 0 for a date', 'filters[publishDate]=0000-01-01', 'publishDate', '0000-01-01', 'a date between 0001-01-01 and 9999-12-31'],
    ['a datetime past year 9999 in UTC', 'filters[createdAt][$lt]=9999-12-31T23:00:00-14:00', 'createdAt.$lt', '9999-12-31T23:00:00-14:00', 'a datetime between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z'],
  ])('refuses %s', (_name, raw, path, received, expected) => {
    expect(h.failure(raw)).toEqual(badValue(path, received, expected));
  });

  it('accepts the ends of the ranges', () => {
    expect(h.query('filters[views][$between][0]=-2147483648&filters[views][$between][1]=2147483647').filters).toEqual(cmp('views', '$between', [-2147483648, 2147483647]));
    expect(h.query('filters[likes][$gte]=-9223372036854775808').filters).toEqual(cmp('likes', '$gte', '-9223372036854775808'));
    expect(h.query('filters[publishDate][$gte]=0001-01-01').filters).toEqual(cmp('publishDate', '$gte', '0001-01-01'));
    expect(h.query('filters[createdAt][$lt]=9999-12-31T23:59:59.999Z').filters).toEqual(cmp('createdAt', '$lt', '9999-12-31T23:59:59.999Z'));
  });

  it.each<[string, QueryInput, unknown]>([
    ['one item', 'filters[views][$between]=1', '1'],
    ['three items', { filters: { views: { $between: ['1', '2', '3'] } } }, ['1', '2', '3']],
  ])('refuses $between with %s', (_name, input, received) => {
    expect(h.failure(input)).toEqual(badValue('views.$between', received, 'exactly 2 values'));
  });

  it('refuses an array for a single-value operator', () => {
    expect(h.failure('filters[title][$eq][0]=a&filters[title][$eq][1]=b')).toEqual(badValue('title.$eq', ['a', 'b'], 'a single value'));
  });

  it('refuses an array item that is an object', () => {
    expect(h.failure('filters[title][$in][0][x]=a')).toEqual(badValue('title.$in.0', { x: 'a' }, 'a single value'));
  });

  it('refuses filters that are not an object', () => {
    expect(h.failure('filters=abc')).toEqual({
      status: 400, name: 'ValidationError', message: 'Invalid key filters', details: { key: 'filters', path: null, source: 'query', param: 'filters' },
    });
  });
});
