import { beforeAll, describe, expect, it } from 'vitest';
import { type QueryHarness, type QueryInput, queryHarness } from '../../test/helpers/query-registry.js';

let h: QueryHarness;
beforeAll(async () => {
  h = await queryHarness();
});

describe('fields', () => {
  it.each<[string, QueryInput, readonly string[] | null]>([
    ['without fields: the default set', '', null],
    ['fields=<name>', 'fields=title', ['title']],
    ['fields[0]=a&fields[1]=b', 'fields[0]=title&fields[1]=views', ['title', 'views']],
    ['qs-built array', { fields: ['title', 'summary'] }, ['title', 'summary']],
    ['comma list', 'fields=title,views', ['title', 'views']],
    ['comma list with spaces', 'fields=title, views', ['title', 'views']],
    ['duplicates once', 'fields=title,title', ['title']],
    ['duplicates once (array)', 'fields[0]=title&fields[1]=title', ['title']],
    ['system fields', 'fields=id,documentId,createdAt,updatedAt,publishedAt', ['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt']],
    ['every scalar kind', 'fields=body,notes,likes,rating,score,featured,tone,contactEmail,publishDate,readingTime,lastReviewedAt,meta,slug', [
      'body', 'notes', 'likes', 'rating', 'score', 'featured', 'tone', 'contactEmail', 'publishDate', 'readingTime', 'lastReviewedAt', 'meta', 'slug',
    ]],
    ['fields=* is the default set', 'fields=*', null],
    ['fields[0]=* is the default set', 'fields[0]=*', null],
    ['* next to a name is the default set', 'fields[0]=*&fields[1]=title', null],
    ['an empty value is the default set', 'fields=', null],
    ['fields without value (null) is the default set', 'fields', null],
  ])('%s', (_name, input, expected) => {
    const { fields } = h.query(input);
    expect(fields).toEqual(expected);
    if (fields !== null) expect(Object.isFrozen(fields)).toBe(true);
  });

  it.each<[string, QueryInput, string]>([
    ['a relation', 'fields=category', 'category'],
    ['a to-many relation', 'fields[0]=title&fields[1]=tags', 'tags'],
    ['media', 'fields=cover', 'cover'],
    ['a component', 'fields=seo', 'seo'],
    ['a dynamic zone', 'fields=blocks', 'blocks'],
    ['an unknown field', 'fields=nope', 'nope'],
    ['a wrong-case field', 'fields=TITLE', 'TITLE'],
    ['a dotted path', 'fields=category.name', 'category.name'],
    ['an unknown field next to *', 'fields[0]=*&fields[1]=nope', 'nope'],
  ])('refuses %s', (_name, input, key) => {
    // Strapi's path ends with the key when the key is an attribute
    const isAttribute = ['category', 'tags', 'cover', 'seo', 'blocks'].includes(key);
    expect(h.failure(input)).toEqual({
      status: 400,
      name: 'ValidationError',
      message: `Invalid key ${key}`,
      details: { key, path: isAttribute ? key : null, source: 'query', param: 'fields' },
    });
  });

  it.each<[string, QueryInput]>([
    ['an object form', 'fields[title]=1'],
    ['a list holding an object', 'fields[0][title]=1'],
  ])('refuses %s with Strapi\'s message', (_name, input) => {
    expect(h.failure(input)).toEqual({
      status: 400,
      name: 'ValidationError',
      message: 'Invalid fields parameter. Expected a string or an array of strings',
      details: { key: 'fields', path: null, source: 'query', param: 'fields' },
    });
  });

  it.each([
    ['password', 'fields=password'],
    ['secretNote', 'fields=secretNote'],
    ['password', 'fields[0]=*&fields[1]=name&fields[2]=password'],
  ])('refuses the hidden field %s', (key, raw) => {
    expect(h.failure(raw, 'api::member.member')).toEqual({
      status: 400,
      name: 'ValidationError',
      message: `Invalid key ${key}`,
      details: { key, path: key, source: 'query', param: 'fields' },
    });
  });

  it('components have an id but no documentId or timestamps', () => {
    expect(h.query('populate[seo][fields][0]=id&populate[seo][fields][1]=metaTitle').populate[0]?.fields).toEqual(['id', 'metaTitle']);
    expect(h.failure('populate[seo][fields][0]=documentId')).toMatchObject({
      message: 'Invalid key documentId at seo.fields.documentId',
      details: { param: 'populate', path: 'seo.fields.documentId' },
    });
  });
});
