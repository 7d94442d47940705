import { describe, expect, it } from 'vitest';
import type { ContentType, Registry } from '../../model/types.js';
import type { Operations } from '../../operations/operations.js';
import type { RestQueryContext } from '../../query/parse-rest-query.js';
import { factories, type FactoryStrapi } from './factories.js';
import { createRestParts, type NamedExport } from './rest-parts.js';

const UID = 'api::category.category';
const schema = { uid: UID, namespace: 'api', kind: 'collectionType', singularName: 'category', pluralName: 'categories' } as ContentType;

function partsWith(service: unknown) {
  const registry = { contentTypes: new Map([[UID, schema]]), contentType: () => schema } as unknown as Registry;
  const operations = { forType: () => ({ prepare: () => async () => null }) } as unknown as Operations;
  const strapi = {} as FactoryStrapi;
  const services: NamedExport[] = service === undefined ? [] : [{ file: 'services/category.ts', name: UID, api: 'category', value: service }];
  return createRestParts({ registry, operations, query: {} as RestQueryContext, strapi: () => strapi }, { controllers: [], services, routes: [] });
}

describe('rest parts: which project services replace a core method', () => {
  it('no service file, createCoreService(uid) alone, or an extension that only adds methods: none (the fast path)', () => {
    for (const service of [undefined, factories.createCoreService(UID), factories.createCoreService(UID, { async findFeatured() { return []; } }), { async findFeatured() { return []; } }]) {
      const parts = partsWith(service);
      expect(parts.customizedService(UID)).toBe(false);
      expect(parts.serviceOverride(UID, 'find')).toBeUndefined();
    }
  });

  it('an extension (or a plain object) with its own find: that method only, bound to the service', async () => {
    const extended = partsWith(factories.createCoreService(UID, () => ({
      tag: 'mine',
      async find(this: { tag: string }, params: unknown) {
        return { results: [this.tag, params], pagination: {} };
      },
    })));
    expect(extended.customizedService(UID)).toBe(true);
    expect(await extended.serviceOverride(UID, 'find')?.({ a: 1 })).toEqual({ results: ['mine', { a: 1 }], pagination: {} });
    expect(extended.serviceOverride(UID, 'findOne')).toBeUndefined();
    const plain = partsWith({ async delete() { return null; } });
    expect(plain.customizedService(UID)).toBe(true);
    expect(plain.serviceOverride(UID, 'delete')).toBeTypeOf('function');
    expect(plain.serviceOverride('api::other.other', 'delete')).toBeUndefined();
  });
});
