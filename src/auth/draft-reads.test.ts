import { beforeAll, describe, expect, it } from 'vitest';
import { queryHarness, type QueryHarness } from '../../test/helpers/query-registry.js';
import { reachesDraftTypes } from './draft-reads.js';

const CATEGORY = 'api::category.category';
const AUTHOR = 'api::author.author';
const ARTICLE = 'api::article.article';

let h: QueryHarness;
beforeAll(async () => {
  h = await queryHarness();
});

const reaches = (input: string, uid: string): boolean => reachesDraftTypes(h.registry, uid, h.query(input, uid));

describe('reachesDraftTypes', () => {
  it('is false for queries that stay on types without draft & publish', () => {
    expect(reaches('status=draft&filters[name][$eq]=x&sort=name', CATEGORY)).toBe(false);
    expect(reaches('populate=avatar', AUTHOR)).toBe(false);
    // the root's own rows are not "another document's draft"
    expect(reaches('populate[category]=true&populate[tags]=true&sort=category.name', ARTICLE)).toBe(false);
  });

  it('finds populate, filters and sorts that follow a relation into a draft & publish type', () => {
    expect(reaches('populate=articles', CATEGORY)).toBe(true);
    expect(reaches('populate=*', AUTHOR)).toBe(true);
    expect(reaches('filters[articles][title][$eq]=x', CATEGORY)).toBe(true);
    expect(reaches('filters[$or][0][name][$eq]=x&filters[$or][1][$not][articles][id][$gt]=1', CATEGORY)).toBe(true);
    expect(reaches('populate[category][filters][articles][title][$eq]=x', ARTICLE)).toBe(true);
    expect(reaches('populate[author][populate][articles][fields][0]=title', ARTICLE)).toBe(true);
  });

  it('follows components and dynamic zones, with and without `on`', () => {
    // article.blocks → shared.quote.author → author.articles
    expect(reaches('populate[blocks][populate][author][populate]=articles', ARTICLE)).toBe(true);
    expect(reaches('populate[blocks][populate][author]=true', ARTICLE)).toBe(false);
    expect(reaches('populate[blocks][on][shared.quote][populate][author][populate]=articles', ARTICLE)).toBe(true);
    expect(reaches('populate[blocks][on][shared.quote][populate]=author', ARTICLE)).toBe(false);
    expect(reaches('populate[seo][populate]=shareImage', ARTICLE)).toBe(false);
  });

  it('follows a populated relation\'s own status (GraphQL nested publicationState) and what lies below it', () => {
    const withStatus = (input: string, uid: string, status: 'draft' | 'published') => {
      const query = h.query(input, uid);
      return { ...query, populate: query.populate.map((node) => ({ ...node, status })) };
    };
    // a published-status query reads drafts only where a relation asks for them
    expect(reachesDraftTypes(h.registry, CATEGORY, h.query('populate=articles', CATEGORY), 'published')).toBe(false);
    expect(reachesDraftTypes(h.registry, CATEGORY, withStatus('populate=articles', CATEGORY, 'draft'), 'published')).toBe(true);
    expect(reachesDraftTypes(h.registry, AUTHOR, withStatus('populate[articles][populate]=category', AUTHOR, 'draft'), 'published')).toBe(true);
    // a draft-status query whose relation into drafts asks for published rows reads none
    expect(reachesDraftTypes(h.registry, CATEGORY, withStatus('populate=articles', CATEGORY, 'published'), 'draft')).toBe(false);
    expect(reachesDraftTypes(h.registry, CATEGORY, withStatus('populate[articles][filters][title][$eq]=x', CATEGORY, 'published'), 'draft')).toBe(false);
    // filters and sorts at the top follow the query's status
    expect(reachesDraftTypes(h.registry, CATEGORY, h.query('filters[articles][title][$eq]=x', CATEGORY), 'published')).toBe(false);
  });
});
