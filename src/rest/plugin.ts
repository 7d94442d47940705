import type { TransportContext } from '../transport/transport-context.js';
import type { UploadService } from '../upload/upload-service.js';
import { registerAuthRoutes } from './auth-routes.js';
import { registerContentRoutes } from './content-routes.js';
import { registerLocaleRoutes } from './locale-routes.js';
import { registerUploadRoutes } from './upload-routes.js';
import { registerProjectRoutes, type RestCustomization } from './custom/project-routes.js';

/**
 * Registers the content API under `api.rest.prefix` (default `/api`): one route set per `api::`
 * content type (or, with project code, what its route files and controllers say: custom/), plus
 * media and auth.
 */
export async function registerRest(ctx: TransportContext, uploads: UploadService, custom?: RestCustomization): Promise<void> {
  await ctx.server.register(async (scope) => {
    const scoped: TransportContext = { ...ctx, server: scope };
    if (custom) registerProjectRoutes(scoped, custom);
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
