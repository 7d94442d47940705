/**
 * Settings → Administration panel → Roles, Strapi 5's admin routes and actions: `GET /roles`
 * and `GET /roles/:id` (`admin::roles.read`, each with `usersCount`), `POST /roles`
 * (`admin::roles.create`), `PUT /roles/:id` (`admin::roles.update`), `DELETE /roles/:id`
 * (`admin::roles.delete`; 400 for Super Admin or a role users still hold),
 * `GET /roles/:id/permissions` (`admin::roles.read`), `PUT /roles/:id/permissions`
 * (`admin::roles.update`, the whole list replaced; Super Admin's refused) and `GET /permissions`
 * (`admin::roles.read`: what a role may be granted, the role editor's layout). Each answers
 * `{ data }`; each is an `operations.action` of the admin caller.
 */
import type { AdminTransportContext } from '../transport/admin-context.js';
import { adminCallerOf as caller } from './admin-caller.js';

type ById = { Params: { id: string } };

export function registerAdminRoleRoutes(ctx: AdminTransportContext): void {
  const { server, operations } = ctx;
  const roles = ctx.admin.realm.rolesAdmin;

  const list = operations.action('admin::roles.read', () => roles.list());
  const one = operations.action('admin::roles.read', ({ input }: { input: string }) => roles.findOne(input));
  const create = operations.action('admin::roles.create', ({ input }: { input: unknown }) => roles.create(input));
  const update = operations.action('admin::roles.update', ({ input }: { input: { id: string; body: unknown } }) => roles.update(input.id, input.body));
  const remove = operations.action('admin::roles.delete', ({ input }: { input: string }) => roles.delete(input));
  const permissions = operations.action('admin::roles.read', ({ input }: { input: string }) => roles.permissions(input));
  const setPermissions = operations.action('admin::roles.update', ({ input }: { input: { id: string; body: unknown } }) => roles.setPermissions(input.id, input.body));
  const layout = operations.action('admin::roles.read', () => roles.layout());

  server.get('/roles', async (request) => ({ data: await list(caller(request), undefined) }));
  server.get<ById>('/roles/:id', async (request) => ({ data: await one(caller(request), request.params.id) }));
  server.post('/roles', async (request, reply) => reply.code(201).send({ data: await create(caller(request), request.body) }));
  server.put<ById>('/roles/:id', async (request) => ({ data: await update(caller(request), { id: request.params.id, body: request.body }) }));
  server.delete<ById>('/roles/:id', async (request) => ({ data: await remove(caller(request), request.params.id) }));
  server.get<ById>('/roles/:id/permissions', async (request) => ({ data: await permissions(caller(request), request.params.id) }));
  server.put<ById>('/roles/:id/permissions', async (request) => ({ data: await setPermissions(caller(request), { id: request.params.id, body: request.body }) }));
  server.get('/permissions', async (request) => ({ data: await layout(caller(request), undefined) }));
}
