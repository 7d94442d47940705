/**
 * `GET /content-api/permissions` (under the admin path), Strapi's list of the content API's
 * actions that the API token page offers a Custom token: `{ data: { "<type>": { controllers:
 * { "<controller>": ["find", "findOne", …] } } } }` (Strapi's `getActionsMap`), for example
 * `data["api::article"].controllers.article` → `["find", "findOne", "create", "update", "delete"]`
 * plus the controller's custom route actions, the upload plugin's and users-permissions'. A token
 * holds an action as `<type>.<controller>.<action>` (`api::article.article.find`). The same
 * actions as the users-permissions role matrix (one list, role-admin.ts), asked with
 * `admin::api-tokens.access` as Strapi does, so an admin who manages tokens needs no role rights.
 */
import type { AdminTransportContext } from '../transport/admin-context.js';
import { adminCallerOf } from './admin-caller.js';

type ActionsMap = Record<string, { controllers: Record<string, string[]> }>;

export function registerContentApiPermissionsRoute(ctx: AdminTransportContext): void {
  const { server, operations } = ctx;
  const { roles } = ctx.auth;
  const actionsMap = operations.action('admin::api-tokens.access', (): ActionsMap => {
    const map: ActionsMap = {};
    for (const [type, { controllers }] of Object.entries(roles.permissions().permissions)) {
      map[type] = { controllers: Object.fromEntries(Object.entries(controllers).map(([controller, actions]) => [controller, Object.keys(actions)])) };
    }
    return map;
  });
  server.get('/content-api/permissions', async (request) => ({ data: await actionsMap(adminCallerOf(request), undefined) }));
}
