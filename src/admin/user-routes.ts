/**
 * The admin users and roles routes, Strapi's paths and actions: `GET /users/me` and
 * `/users/me/permissions` (any admin, about themselves); roles: admin-role-routes.ts;
 * `GET /users` (`admin::users.read`, `{ data: { results, pagination } }`), `GET /users/:id`,
 * `POST /users` (`admin::users.create`: an invitation answering its `registrationToken` once),
 * `PUT /users/:id` (`admin::users.update`), `DELETE /users/:id` (`admin::users.delete`). Each is
 * an `operations.action` of the admin caller; the realm's writes of users are operations.
 * Bodies never carry password hashes or tokens (auth/admin/admin-users-store.ts `USER_FIELDS`).
 */
import { NotFoundError } from '../errors/index.js';
import type { Actor } from '../operations/types.js';
import type { AdminTransportContext } from '../transport/admin-context.js';
import { adminCallerOf } from './admin-caller.js';

/** the admin behind an action of the admin caller (its permission check resolved it) */
function adminOf(actor: Actor | null) {
  if (actor?.kind !== 'admin') throw new NotFoundError();
  return actor.admin;
}

function rowId(value: string): number {
  if (!/^\d{1,15}$/.test(value)) throw new NotFoundError('User does not exist');
  return Number(value);
}

export function registerAdminUserRoutes(ctx: AdminTransportContext): void {
  const { server, operations } = ctx;
  const { realm } = ctx.admin;

  const me = operations.action('admin::users.me', ({ actor }) => adminOf(actor).user);
  const myPermissions = operations.action('admin::users.me.permissions', ({ actor }) => realm.permissionsOf(adminOf(actor)));
  const list = operations.action('admin::users.read', () => realm.listUsers());
  const one = operations.action('admin::users.read', ({ input }: { input: string }) => realm.findUser(rowId(input)));
  const invite = operations.action('admin::users.create', ({ input }: { input: unknown }) => realm.invite(input));
  const update = operations.action('admin::users.update', ({ actor, input }: { actor: Actor | null; input: { id: string; body: unknown } }) => realm.updateUser(rowId(input.id), input.body, adminOf(actor)));
  const remove = operations.action('admin::users.delete', ({ input }: { input: string }) => realm.deleteUser(rowId(input)));

  server.get('/users/me', async (request) => ({ data: await me(adminCallerOf(request), undefined) }));
  server.get('/users/me/permissions', async (request) => ({ data: await myPermissions(adminCallerOf(request), undefined) }));
  server.get('/users', async (request) => {
    const results = await list(adminCallerOf(request), undefined);
    return { data: { results, pagination: { page: 1, pageSize: Math.max(results.length, 1), pageCount: 1, total: results.length } } };
  });
  server.get<{ Params: { id: string } }>('/users/:id', async (request) => ({ data: await one(adminCallerOf(request), request.params.id) }));
  server.post('/users', async (request, reply) => reply.code(201).send({ data: await invite(adminCallerOf(request), request.body) }));
  server.put<{ Params: { id: string } }>('/users/:id', async (request) => ({ data: await update(adminCallerOf(request), { id: request.params.id, body: request.body }) }));
  server.delete<{ Params: { id: string } }>('/users/:id', async (request) => ({ data: await remove(adminCallerOf(request), request.params.id) }));
}
