import { beforeAll, describe, expect, it } from 'vitest';
import { type QueryHarness, type QueryInput, queryHarness } from '../../test/helpers/query-registry.js';
import type { SortNode } from './ast.js';
import { invalidKeyMessage } from '../../test/helpers/invalid-key.js';

let h: QueryHarness;
beforeAll(async () => {
  h = await queryHarness();
});

const asc = (...path: string[]): SortNode => ({ path, order: 'asc' });
const desc = (...path: string[]): SortNode => ({ path, order: 'desc' });

describe('sort', () => {
  it.each<[string, QueryInput, SortNode[]]>([
    ['sort=<field> (ascending by default)', 'sort=title', [asc('title')]],
    ['suffix :asc', 'sort=title:asc', [asc('title')]],
    ['suffix :desc', 'sort=title:desc', [desc('title')]],
    ['percent-encoded colon', 'sort=title%3Adesc', [desc('title')]],
    ['direction in any case', 'sort=title:DESC', [desc('title')]],
    ['sort[0]=f1&sort[1]=f2 in array order', 'sort[0]=views:desc&sort[1]=title', [desc('views'), asc('title')]],
    ['literal array with encoded colon', 'sort[0]=title%3Adesc', [desc('title')]],
    ['qs-built array', { sort: ['title:desc', 'views'] }, [desc('title'), asc('views')]],
    ['comma list', 'sort=title:asc,views:desc', [asc('title'), desc('views')]],
    ['comma list with spaces', 'sort=title:asc, views:desc', [asc('title'), desc('views')]],
    ['object form', 'sort[title]=desc', [desc('title')]],
    ['object form with several keys, in order', { sort: { views: 'desc', title: 'asc' } }, [desc('views'), asc('title')]],
    ['array of objects', 'sort[0][title]=asc&sort[1][views]=desc', [asc('title'), desc('views')]],
    ['nested relation object', 'sort[category][name]=asc', [asc('category', 'name')]],
    ['dotted relation path', 'sort=category.name:desc', [desc('category', 'name')]],
    ['dotted relation path in an array', 'sort[0]=author.name&sort[1]=id:desc', [asc('author', 'name'), desc('id')]],
    ['single component path', 'sort=seo.metaTitle', [asc('seo', 'metaTitle')]],
    ['relation then scalar in a to-one chain', 'sort=category.position:desc', [desc('category', 'position')]],
    ['system fields', 'sort=id,documentId,createdAt:desc,updatedAt,publishedAt', [
      asc('id'), asc('documentId'), desc('createdAt'), asc('updatedAt'), asc('publishedAt'),
    ]],
    ['system field of a relation target', 'sort=author.createdAt', [asc('author', 'createdAt')]],
    ['every scalar kind', 'sort=likes,rating,score,featured,tone,contactEmail,publishDate,readingTime,lastReviewedAt,slug,summary,notes', [
      'likes', 'rating', 'score', 'featured', 'tone', 'contactEmail', 'publishDate', 'readingTime', 'lastReviewedAt', 'slug', 'summary', 'notes',
    ].map((f) => asc(f))],
    ['no sort', '', []],
    ['sort without value', 'sort', []],
  ])('%s', (_name, input, expected) => {
    const { sort } = h.query(input);
    expect(sort).toEqual(expected);
    expect(Object.isFrozen(sort)).toBe(true);
    expect(sort.every((node) => Object.isFrozen(node) && Object.isFrozen(node.path))).toBe(true);
  });

  it('does not add the id tie-breaker (the engine does)', () => {
    expect(h.query('sort=title').sort).toEqual([asc('title')]);
  });

  it('sorts through a relation of another type', () => {
    expect(h.query('sort=lead.name:desc', 'api::team.team').sort).toEqual([desc('lead', 'name')]);
  });

  // [name, input, key, details.path]: Strapi names the attributes above the key, and the key too
  // when it is an attribute that cannot be sorted on
  it.each<[string, QueryInput, string, string | null]>([
    ['unknown field', 'sort=nope', 'nope', null],
    ['unknown field next to a valid one', 'sort=title,nope:desc', 'nope', null],
    ['wrong-case field', 'sort=Title', 'Title', null],
    ['bad direction', 'sort=title:up', 'up', 'title'],
    ['bad direction in object form', 'sort[title]=up', 'up', 'title'],
    ['empty direction in object form', 'sort[title]=', 'title', null],
    ['two colons', 'sort=title:asc:desc', 'title:asc:desc', null],
    ['a to-one relation itself', 'sort=category', 'asc', 'category'],
    ['a to-one relation with a direction', 'sort=category:desc', 'desc', 'category'],
    ['a to-many relation itself', 'sort=tags', 'asc', 'tags'],
    ['a path through a to-many relation', 'sort=tags.name', 'tags', 'tags'],
    ['a path through a to-many relation (object form)', 'sort[tags][name]=asc', 'tags', 'tags'],
    ['media', 'sort=cover', 'asc', 'cover'],
    ['a path through media', 'sort=cover.name', 'cover', 'cover'],
    ['multiple media', 'sort=gallery.name', 'gallery', 'gallery'],
    ['dynamic zone', 'sort=blocks', 'blocks', 'blocks'],
    ['a single component itself', 'sort=seo', 'asc', 'seo'],
    ['unknown attribute behind a relation', 'sort=category.nope', 'nope', 'category'],
    ['a relation behind a relation', 'sort=author.articles', 'asc', 'author.articles'],
    ['a path through a repeatable component', 'sort=seo.social.url', 'social', 'seo.social'],
    ['a non-string array entry', { sort: [['title']] }, '0', null],
    ['an object direction that is a number-like string', 'sort[0][title]=1', '1', 'title'],
  ])('refuses %s', (_name, input, key, path) => {
    expect(h.failure(input)).toEqual({
      status: 400,
      name: 'ValidationError',
      message: invalidKeyMessage(key, path),
      details: { key, path, source: 'query', param: 'sort' },
    });
  });

  it.each<[string, string, string]>([
    ['password field', 'sort=password', 'password'],
    ['private field', 'sort=secretNote:desc', 'secretNote'],
    ['private relation path', 'sort=secretArticle.title', 'secretArticle'],
    ['private field together with a valid one', 'sort=name,secretNote', 'secretNote'],
  ])('refuses a %s', (_name, raw, key) => {
    expect(h.failure(raw, 'api::member.member')).toMatchObject({ status: 400, message: `Invalid key ${key}`, details: { key, path: key, param: 'sort' } });
  });

  it('refuses a hidden field behind a relation', () => {
    expect(h.failure('sort=lead.password', 'api::team.team')).toMatchObject({
      message: 'Invalid key password at lead.password',
      details: { key: 'password', path: 'lead.password', param: 'sort' },
    });
  });
});
