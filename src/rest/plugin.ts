import type { TransportContext } from '../app/plugin-context.js';
import type { UploadService } from '../upload/upload-service.js';
import { registerAuthRoutes } from './auth-routes.js';
import { registerContentRoutes } from './content-routes.js';
import { registerUploadRoutes } from './upload-routes.js';

/** Registers the content API: one route set per `api::` content type, plus media and auth. */
export function registerRest(ctx: TransportContext, uploads: UploadService): void {
  for (const schema of ctx.registry.contentTypes.values()) {
    if (schema.namespace === 'api') registerContentRoutes(ctx, schema);
  }
  registerUploadRoutes(ctx, uploads);
  registerAuthRoutes(ctx);
}
