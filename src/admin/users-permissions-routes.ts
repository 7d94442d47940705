/**
 * Settings → Users & Permissions, as Strapi 5's users-permissions plugin serves its admin panel
 * (`server/routes/admin/`): at the server's root (`/users-permissions/roles`, not under the admin
 * path), as Strapi does, so `ctx.server` is the root server; each an `operations.action` named by
 * Strapi's admin permission:
 *
 * - roles (`plugin::users-permissions.roles.read|create|update|delete`): `GET /roles` →
 *   `{ roles }` (each with `nb_users`), `GET /roles/:id` → `{ role }` with its permission tree
 *   `{ "<type>": { controllers: { "<controller>": { "<action>": { enabled, policy } } } } }`,
 *   `POST /roles`, `PUT /roles/:role`, `DELETE /roles/:role` → `{ ok: true }`, and
 *   `GET /permissions` → `{ permissions }` (every content type's actions, custom route actions, the
 *   upload and users-permissions plugins' actions, nothing enabled). The same role service as the
 *   content API's `/api/users-permissions/roles`: a role and its permissions are written together,
 *   and every instance applies the change at its next request (the auth stamp).
 * - advanced settings (`plugin::users-permissions.advanced-settings.read|update`):
 *   `GET /advanced` → `{ settings, roles }`, `PUT /advanced` (some or all of `unique_email`,
 *   `allow_register`, `email_confirmation`, `email_confirmation_redirection`,
 *   `email_reset_password`, `default_role`) → `{ ok: true }`.
 * - email templates (`plugin::users-permissions.email-templates.read|update`):
 *   `GET /email-templates` → `{ reset_password, email_confirmation }`, `PUT /email-templates`
 *   `{ "email-templates": { … } }` → `{ ok: true }`.
 */
import type { FastifyRequest } from 'fastify';
import type { AdminTransportContext } from '../transport/admin-context.js';
import { adminCallerOf as caller } from './admin-caller.js';

const PLUGIN = 'plugin::users-permissions';

export function registerUsersPermissionsAdminRoutes(ctx: AdminTransportContext): void {
  const { server, operations } = ctx;
  const { roles, settings } = ctx.auth;
  type WithId = FastifyRequest<{ Params: { id: string } }>;

  const listRoles = operations.action(`${PLUGIN}.roles.read`, () => roles.list());
  server.get('/users-permissions/roles', (request) => listRoles(caller(request), undefined));

  const getRole = operations.action(`${PLUGIN}.roles.read`, ({ input }: { input: string }) => roles.findOne(input));
  server.get<{ Params: { id: string } }>('/users-permissions/roles/:id', (request: WithId) => getRole(caller(request), request.params.id));

  const permissions = operations.action(`${PLUGIN}.roles.read`, () => roles.permissions());
  server.get('/users-permissions/permissions', (request) => permissions(caller(request), undefined));

  const createRole = operations.action(`${PLUGIN}.roles.create`, ({ input }: { input: unknown }) => roles.create(input));
  server.post('/users-permissions/roles', (request) => createRole(caller(request), request.body));

  const updateRole = operations.action(`${PLUGIN}.roles.update`, ({ input }: { input: { id: string; body: unknown } }) => roles.update(input.id, input.body));
  server.put<{ Params: { role: string } }>('/users-permissions/roles/:role', (request) => updateRole(caller(request), { id: request.params.role, body: request.body }));

  const deleteRole = operations.action(`${PLUGIN}.roles.delete`, ({ input }: { input: string }) => roles.delete(input));
  server.delete<{ Params: { role: string } }>('/users-permissions/roles/:role', (request) => deleteRole(caller(request), request.params.role));

  const getAdvanced = operations.action(`${PLUGIN}.advanced-settings.read`, async () => ({ settings: await settings.advanced(), roles: (await roles.list()).roles }));
  server.get('/users-permissions/advanced', (request) => getAdvanced(caller(request), undefined));

  const setAdvanced = operations.action(`${PLUGIN}.advanced-settings.update`, async ({ input }: { input: unknown }) => {
    await settings.setAdvanced(input);
    return { ok: true };
  });
  server.put('/users-permissions/advanced', (request) => setAdvanced(caller(request), request.body));

  const getTemplates = operations.action(`${PLUGIN}.email-templates.read`, () => settings.emailTemplates());
  server.get('/users-permissions/email-templates', (request) => getTemplates(caller(request), undefined));

  const setTemplates = operations.action(`${PLUGIN}.email-templates.update`, async ({ input }: { input: unknown }) => {
    await settings.setEmailTemplates(input);
    return { ok: true };
  });
  server.put('/users-permissions/email-templates', (request) => setTemplates(caller(request), request.body));
}
