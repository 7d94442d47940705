import type { FastifyInstance } from 'fastify';
import type { AdminTransportContext } from '../transport/admin-context.js';
import { registerApiTokenRoutes } from './api-token-routes.js';
import { registerApiTokenEditRoutes } from './api-token-edit-routes.js';
import { registerContentApiPermissionsRoute } from './content-api-permissions-route.js';
import { registerAdminAuthRoutes } from './auth-routes.js';
import { registerAdminUserRoutes } from './user-routes.js';
import { registerAdminRoleRoutes } from './admin-role-routes.js';
import { registerAdminPanel } from './panel-routes.js';
import { registerUploadAdminRoutes } from './upload-routes.js';
import { registerUsersPermissionsAdminRoutes } from './users-permissions-routes.js';
import { registerI18nAdminRoutes } from './i18n-routes.js';
import { registerContentManager } from './content-manager/register.js';
import { registerWebhookRoutes } from './webhook-routes.js';
import { registerAdminInformation, registerContentTypeBuilderRoutes } from './content-type-builder-routes.js';
import { registerTransferTokenRoutes } from './transfer-token-routes.js';

/**
 * The admin API, the third transport on the operation layer (beside REST and GraphQL): under
 * `admin.url` (default `/admin`), the admin realm's session, users, roles and API token routes.
 * Every route's caller is the admin caller (admin-caller.ts); data only through `operations/`.
 * Errors answer in REST's one shape (the server's error handler). The built admin panel is served
 * at the same path (panel-routes.ts).
 */
export async function registerAdminApi(server: FastifyInstance, context: AdminTransportContext): Promise<void> {
  await server.register(async (scope) => {
    const scoped: AdminTransportContext = { ...context, server: scope };
    registerAdminAuthRoutes(scoped);
    registerAdminUserRoutes(scoped);
    registerAdminRoleRoutes(scoped);
    registerApiTokenRoutes(scoped);
    registerWebhookRoutes(scoped);
    registerApiTokenEditRoutes(scoped);
    registerContentApiPermissionsRoute(scoped);
    registerAdminInformation(scoped);
    registerTransferTokenRoutes(scoped);
  }, { prefix: context.admin.path });
  // Strapi's content-manager routes live at the root (`/content-manager/*`), whatever the admin path
  registerContentManager(server, context);
  // Strapi's i18n admin routes live at the root too (`/i18n/locales`, `/i18n/iso-locales`)
  registerI18nAdminRoutes({ ...context, server });
  // and so do the upload plugin's admin routes (`/upload/files`, `/upload/folders`, `/upload/actions/*`), beside the content API's `/api/upload`
  registerUploadAdminRoutes({ ...context, server });
  // and the users-permissions plugin's (`/users-permissions/roles`, …)
  registerUsersPermissionsAdminRoutes({ ...context, server });
  // Strapi's content-type builder routes live at the root too (`/content-type-builder/*`)
  registerContentTypeBuilderRoutes(server, context);
  // the built panel at the same path: its routes are the ones the API leaves free (panel-routes.ts)
  await registerAdminPanel(server, { path: context.admin.path, serve: context.admin.serveAdminPanel, log: context.log });
}
