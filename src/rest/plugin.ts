import type { TransportContext } from '../transport/transport-context.js';
import type { UploadService } from '../upload/upload-service.js';
import { registerAuthRoutes } from './auth-routes.js';
import { registerContentRoutes } from './content-routes.js';
import { registerLocaleRoutes } from './locale-routes.js';
import { registerUploadRoutes } from './upload-routes.js';

/**
 * The content-type routes as a project's route files and controllers say (the Strapi adapter's
 * src/strapi/rest/project-routes.ts hands this in), registered instead of the built-in ones.
 */
export type ProjectRoutes = (scoped: TransportContext) => void;

/**
 * Registers the content API under `api.rest.prefix` (default `/api`): one route set per `api::`
 * content type (or, with project code, what its route files and controllers say: src/strapi/rest/), plus
 * media and auth.
 */
export async function registerRest(ctx: TransportContext, uploads: UploadService, projectRoutes?: ProjectRoutes): Promise<void> {
  await ctx.server.register(async (scope) => {
    const scoped: TransportContext = { ...ctx, server: scope };
    if (projectRoutes) projectRoutes(scoped);
    else {
      for (const schema of ctx.registry.contentTypes.values()) {
        if (schema.namespace === 'api') registerContentRoutes(scoped, schema);
      }
    }
    registerUploadRoutes(scoped, uploads);
    registerAuthRoutes(scoped);
    registerLocaleRoutes(scoped);
  }, { prefix: ctx.rest.prefix });
}
