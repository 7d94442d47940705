import { describe, expect, it } from 'vitest';
import type { ContentType } from '../../model/types.js';
import type { CoreController } from './core-controller.js';
import type { CoreService } from './core-service.js';
import { CORE_PARTS, factories, factoryInfo, type FactoryStrapi } from './factories.js';
import { coreRoutes } from './route-plans.js';

const core = {
  find: async () => ({ data: ['core'], meta: { pagination: { total: 1 } } }),
  transformResponse: (data: unknown, meta?: unknown) => ({ data, meta: meta ?? {} }),
} as unknown as CoreController;
const coreService = { find: async () => ({ results: [1], pagination: {} }) } as unknown as CoreService;
const strapi = { [CORE_PARTS]: { controller: () => core, service: () => coreService }, service: () => undefined, controller: () => undefined, documents: () => undefined } as FactoryStrapi;

describe('factories', () => {
  it('createCoreController(uid) alone is the core controller, marked unchanged', () => {
    const factory = factories.createCoreController('api::article.article');
    expect(factory({ strapi })).toBe(core);
    expect(factoryInfo(factory)).toEqual({ kind: 'controller', uid: 'api::article.article', customized: false });
  });

  it('an extension function gets { strapi }; its methods reach the core ones through super and this', async () => {
    let seen: unknown;
    const factory = factories.createCoreController('api::article.article', ({ strapi: s }) => {
      seen = s;
      return {
        async find(this: CoreController, ctx: unknown) {
          const { data, meta } = (await super.find(ctx)) as { data: string[]; meta: object };
          return this.transformResponse([...data, 'own'], { ...meta, extra: true });
        },
      };
    });
    const controller = factory({ strapi }) as unknown as { find(ctx: unknown): Promise<unknown> };
    expect(seen).toBe(strapi);
    expect(factoryInfo(factory)?.customized).toBe(true);
    expect(await controller.find({})).toEqual({ data: ['core', 'own'], meta: { pagination: { total: 1 }, extra: true } });
  });

  it('an extension object works the same, for services too', async () => {
    const service = factories.createCoreService('api::article.article', {
      async find() {
        const { results } = (await super.find()) as { results: number[] };
        return { results: [...results, 2] };
      },
    })({ strapi }) as unknown as { find(): Promise<unknown> };
    expect(await service.find()).toEqual({ results: [1, 2] });
  });

  it('without the app behind strapi, a factory says what is missing', () => {
    const bare = { service: () => undefined, controller: () => undefined, documents: () => undefined } as FactoryStrapi;
    expect(() => factories.createCoreService('api::a.a')({ strapi: bare })).toThrow(/made for a Vellum app/);
  });

  it('createCoreRouter: prefix, only, except and per-action config', () => {
    const type = { uid: 'api::article.article', kind: 'collectionType', singularName: 'article', pluralName: 'articles' } as ContentType;
    expect(factoryInfo(factories.createCoreRouter(type.uid))?.customized).toBe(false);
    const all = coreRoutes(type, factories.createCoreRouter(type.uid));
    expect(all.map((r) => `${r.method} ${r.path} ${r.handler}`)).toEqual([
      'GET /articles api::article.article.find',
      'GET /articles/:id api::article.article.findOne',
      'POST /articles api::article.article.create',
      'PUT /articles/:id api::article.article.update',
      'DELETE /articles/:id api::article.article.delete',
    ]);
    const some = coreRoutes(type, factories.createCoreRouter(type.uid, { prefix: '/v2', only: ['find', 'findOne', 'delete'], except: ['delete'], config: { find: { auth: false } } }));
    expect(some).toEqual([
      { method: 'GET', path: '/v2/articles', handler: 'api::article.article.find', config: { auth: false } },
      { method: 'GET', path: '/v2/articles/:id', handler: 'api::article.article.findOne', config: undefined },
    ]);
    const single = { ...type, kind: 'singleType', uid: 'api::global.global', singularName: 'global' } as ContentType;
    expect(coreRoutes(single, factories.createCoreRouter(single.uid)).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /global', 'PUT /global', 'DELETE /global']);
  });
});
