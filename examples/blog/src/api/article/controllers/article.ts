/**
 * The core article controller, extended: `find` answers as the core one plus a `meta.servedAt`,
 * and `popular` is a custom action (GET /api/articles/popular, routes/01-popular.ts).
 */
import { factories } from '@strapi/strapi';

interface Ctx {
  query: Record<string, unknown>;
}
interface CoreActions {
  transformResponse(data: unknown, meta?: unknown): unknown;
}

export default factories.createCoreController('api::article.article', ({ strapi }) => ({
  async find(ctx: Ctx) {
    const { data, meta } = (await super.find(ctx)) as { data: unknown[]; meta: Record<string, unknown> };
    return { data, meta: { ...meta, servedAt: new Date().toISOString() } };
  },

  /** the five most viewed published articles, title and views only */
  async popular(this: CoreActions) {
    const documents = strapi.documents('api::article.article') as { findMany(params: object): Promise<unknown[]> };
    const articles = await documents.findMany({ status: 'published', fields: ['title', 'views'], sort: 'views:desc', limit: 5 });
    return this.transformResponse(articles);
  },
}));
