import type { TransportContext } from '../app/plugin-context.js';
import type { UploadService } from '../upload/upload-service.js';
import { registerAuthRoutes } from './auth-routes.js';
import { registerContentRoutes } from './content-routes.js';
import { registerUploadRoutes } from './upload-routes.js';

/**
 * Registers the content API under `api.rest.prefix` (default `/api`): one route set per `api::`
 * content type, plus media and auth.
 */
export async function registerRest(ctx: TransportContext, uploads: UploadService): Promise<void> {
  await ctx.server.register(async (scope) => {
    const scoped: TransportContext = { ...ctx, server: scope };
    for (const schema of ctx.registry.contentTypes.values()) {
      if (schema.namespace === 'api') registerContentRoutes(scoped, schema);
    }
    registerUploadRoutes(scoped, uploads);
    registerAuthRoutes(scoped);
  }, { prefix: ctx.rest.prefix });
}
