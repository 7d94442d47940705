import { beforeAll, describe, expect, it } from 'vitest';
import { queryHarness, type QueryHarness } from '../../test/helpers/query-registry.js';
import { lifecycleModel, strapiReadParams } from './lifecycle-params.js';

const ARTICLE = 'api::article.article';

describe('read lifecycle params in Strapi 5 db-layer shape', () => {
  let q: QueryHarness;
  beforeAll(async () => {
    q = await queryHarness();
  });

  it('findMany: filters and status as where, sort through a relation as nested orderBy, page as limit/offset', () => {
    const model = q.registry.contentType(ARTICLE);
    const query = q.query('filters[views][$gt]=3&sort[0]=author.name:desc&sort[1]=title&pagination[start]=10&pagination[limit]=5&status=published');
    expect(strapiReadParams(model, 'findMany', { query })).toEqual({
      where: { views: { $gt: 3 }, publishedAt: { $notNull: true } },
      orderBy: [{ author: { name: 'desc' } }, { title: 'asc' }],
      limit: 5,
      offset: 10,
    });
  });

  it('a draft read, a locale, dynamic-zone populate with on, and a filter that already names publishedAt', () => {
    const model = q.registry.contentType(ARTICLE);
    const selection = { ...q.selection('populate[blocks][on][shared.quote][fields][0]=text&populate[cover]=true&fields[0]=title&status=draft'), locale: 'fr' };
    expect(strapiReadParams(model, 'findOne', { documentId: 'abc', selection })).toEqual({
      where: { documentId: 'abc', publishedAt: { $null: true }, locale: 'fr' },
      select: ['title', 'documentId'],
      populate: { blocks: { on: { 'shared.quote': { select: ['text'] } } }, cover: true },
    });
    const query = q.query('filters[publishedAt][$notNull]=true&status=draft');
    expect(strapiReadParams(model, 'count', { filters: query.filters, status: 'draft', locale: '*' })).toEqual({
      where: { $and: [{ publishedAt: { $notNull: true } }, { publishedAt: { $null: true } }] },
    });
  });

  it('writes keep their own params; the model carries tableName beside the content type', () => {
    const model = q.registry.contentType(ARTICLE);
    expect(strapiReadParams(model, 'create', {})).toBeUndefined();
    expect(lifecycleModel(model)).toMatchObject({ uid: ARTICLE, singularName: 'article', pluralName: 'articles', tableName: 'articles', attributes: model.attributes });
    expect(lifecycleModel(model)).toBe(lifecycleModel(model));
  });
});
