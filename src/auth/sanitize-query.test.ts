import { beforeAll, describe, expect, it } from 'vitest';
import { queryHarness, type QueryHarness } from '../../test/helpers/query-registry.js';
import { VellumError } from '../errors/index.js';
import type { PopulateNode } from '../query/ast.js';
import { sanitizeQuery } from './sanitize-query.js';
import { checkWriteTargets } from './sanitize-write.js';

const ARTICLE = 'api::article.article';
/** The actor of these tests reads articles and categories, nothing else (no authors, no media). */
const canFind = (uid: string): boolean => uid === ARTICLE || uid === 'api::category.category';

let h: QueryHarness;
beforeAll(async () => {
  h = await queryHarness();
});

/** populate tree → `attr(child,child)` strings, zones as `attr{uid:(…)}` */
function shape(nodes: readonly PopulateNode[]): string[] {
  return nodes.map((node) => {
    const inner = shape(node.populate);
    const on = node.on ? `{${Object.entries(node.on).map(([uid, s]) => `${uid}:(${shape(s.populate).join(',')})`).join(';')}}` : '';
    return `${node.attribute}${inner.length > 0 ? `(${inner.join(',')})` : ''}${on}`;
  });
}

function refusal(run: () => unknown): { status: number; message: string; details: unknown } {
  try {
    run();
  } catch (error) {
    if (error instanceof VellumError) return { status: error.status, message: error.message, details: error.details };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('sanitizeQuery', () => {
  it('drops populate=* targets the actor may not find and keeps the rest', () => {
    const query = sanitizeQuery(h.registry, ARTICLE, h.query('populate=*'), canFind);
    expect(shape(query.populate)).toEqual(['category', 'seo', 'blocks']);
  });

  it('drops explicit populate of a forbidden relation silently, at any depth', () => {
    const query = sanitizeQuery(h.registry, ARTICLE, h.query({ populate: { author: true, category: { populate: { articles: { populate: ['author', 'cover'] } } } } }), canFind);
    expect(shape(query.populate)).toEqual(['category(articles)']);
  });

  it('drops forbidden targets inside components and dynamic zones', () => {
    const query = sanitizeQuery(h.registry, ARTICLE, h.query({
      populate: {
        seo: { populate: ['shareImage', 'social'] },
        blocks: { on: { 'shared.quote': { populate: ['author'] }, 'shared.media': { populate: ['file'] } } },
      },
    }), canFind);
    expect(shape(query.populate)).toEqual(['seo(social)', 'blocks{shared.quote:();shared.media:()}']);
  });

  it('keeps everything for an actor who reads every type', () => {
    const parsed = h.query({ populate: { author: { populate: ['avatar'] }, cover: true } });
    expect(shape(sanitizeQuery(h.registry, ARTICLE, parsed, () => true).populate)).toEqual(['author(avatar)', 'cover']);
  });

  it('refuses filters through a relation the actor may not find, also nested and inside populate', () => {
    expect(refusal(() => sanitizeQuery(h.registry, ARTICLE, h.query({ filters: { author: { name: { $eq: 'Ada' } } } }), canFind))).toEqual({
      status: 400, message: 'Invalid key author', details: { key: 'author', path: 'author', source: 'query', param: 'filters' },
    });
    expect(refusal(() => sanitizeQuery(h.registry, ARTICLE, h.query({ filters: { $or: [{ title: 'x' }, { category: { articles: { author: { id: 1 } } } }] } }), canFind)).message)
      .toBe('Invalid key author at category.articles.author');
    expect(refusal(() => sanitizeQuery(h.registry, ARTICLE, h.query({ filters: { cover: { name: 'x' } } }), canFind)).message).toBe('Invalid key cover');
    expect(refusal(() => sanitizeQuery(h.registry, ARTICLE, h.query({ populate: { category: { filters: { articles: { author: { name: 'x' } } } } } }), canFind)).status).toBe(400);
  });

  it('refuses sorting through a relation the actor may not find', () => {
    expect(refusal(() => sanitizeQuery(h.registry, ARTICLE, h.query('sort=author.name:asc'), canFind))).toEqual({
      status: 400, message: 'Invalid key author', details: { key: 'author', path: 'author', source: 'query', param: 'sort' },
    });
    expect(sanitizeQuery(h.registry, ARTICLE, h.query('sort=category.name:asc'), canFind).sort).toEqual([{ path: ['category', 'name'], order: 'asc' }]);
  });

  it('refuses an AST filter on a private attribute (the parsers already refuse it from clients)', () => {
    const query = { ...h.query({}, 'api::member.member'), filters: { kind: 'compare' as const, field: 'secretNote', op: '$eq' as const, value: 'x' } };
    expect(refusal(() => sanitizeQuery(h.registry, 'api::member.member', query, () => true)).message).toBe('Invalid key secretNote');
  });
});

describe('checkWriteTargets', () => {
  it('refuses a write naming a relation or media target the actor may not find, also inside components and zones', () => {
    expect(refusal(() => checkWriteTargets(h.registry, ARTICLE, { title: 'x', author: 'doc1' }, canFind))).toEqual({
      status: 400, message: 'Invalid key author', details: { key: 'author', path: 'author', source: 'body' },
    });
    expect(refusal(() => checkWriteTargets(h.registry, ARTICLE, { seo: { metaTitle: 'm', shareImage: 3 } }, canFind)).message).toBe('Invalid key shareImage at seo.shareImage');
    expect(refusal(() => checkWriteTargets(h.registry, ARTICLE, { blocks: [{ __component: 'shared.quote', author: { connect: ['a'] } }] }, canFind)).message)
      .toBe('Invalid key author at blocks.0.author');
  });

  it('accepts writes to readable targets and writes without relations', () => {
    expect(() => checkWriteTargets(h.registry, ARTICLE, { title: 'x', category: 'doc1', blocks: [{ __component: 'shared.rich-text', body: 'b' }] }, canFind)).not.toThrow();
  });
});
