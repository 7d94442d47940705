/**
 * The core article routes; `find` runs the `article-populate` route middleware first.
 */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::article.article', {
  config: {
    find: { middlewares: ['api::article.article-populate'] },
  },
});
