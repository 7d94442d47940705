/**
 * The users-permissions REST routes, Strapi's paths and bodies: `POST /api/auth/local/register`
 * and `POST /api/auth/local` answer `{ jwt, user }` (not wrapped in `data`) and are rate
 * limited per IP, as are the password and confirmation flows; `/api/users[/:id]` (bare JSON,
 * numeric ids) under `plugin::users-permissions.user.find|findOne|count|create|update|destroy`;
 * `/api/users-permissions/roles[/:id]` and `/permissions` under the `role.*` and
 * `permissions.getPermissions` actions. Every route is one entry of the operation layer: the
 * users' reads are operations of `plugin::users-permissions.user` (permission, sanitising,
 * lifecycles, middlewares), the rest actions named by their permission (`operations.action`),
 * whose services write users as operations too (lifecycles, document-service middlewares).
 */
import type { FastifyRequest } from 'fastify';
import type { TransportContext } from '../transport/transport-context.js';
import { routeSettingsOf } from '../transport/route-settings.js';
import type { Caller } from '../operations/types.js';
import { NotFoundError } from '../errors/index.js';
import { rowIdQuery } from '../query/row-id-query.js';
import { callerOf as caller } from './request-caller.js';
import { parseRestQuery, parseSelection } from '../query/parse-rest-query.js';
import { requestQuery } from './request-query.js';
import { USER_UID, usersPermissionsAction } from '../operations/access.js';

const REGISTER = '/auth/local/register';
const LOGIN = '/auth/local';
const FORGOT = '/auth/forgot-password';
const RESET = '/auth/reset-password';
const CHANGE = '/auth/change-password';
const SEND_CONFIRMATION = '/auth/send-email-confirmation';
const userAction = (action: string) => usersPermissionsAction('user', action);
const roleAction = (action: string) => usersPermissionsAction('role', action);

/** Strapi's auth routes need no permission (their `auth.*` names are accepted, not required) */
const PUBLIC = { auth: false } as const;

export function registerAuthRoutes(ctx: TransportContext): void {
  const { server, operations, auth } = ctx;
  const queryCtx = { registry: ctx.registry, rest: ctx.rest };
  // what the project changed on these routes (strapi/plugin-extensions.ts): served or not, auth, policies, middlewares
  const routes = routeSettingsOf(ctx.builtInRoutes);
  /** Strapi's auth routes are public unless the project's route config says otherwise */
  const publicRoute = (method: string, path: string) => ({ ...PUBLIC, ...routes.of(method, path) });
  const users = operations.forType(USER_UID);
  const usersToList = operations.forType(USER_UID, { findMany: routes.of('GET', '/users') });
  // `/users/me` and `/users/count` ask their own permission (or none), then read users
  const usersOfMe = operations.forType(USER_UID, { findOne: { auth: false } });
  const usersToCount = operations.forType(USER_UID, { count: { auth: { scope: [userAction('count')] }, ...routes.of('GET', '/users/count') } });
  // `/users/:id` reads by row id: a one-entry list under `user.findOne`
  const usersById = operations.forType(USER_UID, { findMany: { auth: { scope: [userAction('findOne')] }, ...routes.of('GET', '/users/:id') } });
  const authAction = (action: string) => usersPermissionsAction('auth', action);

  const register = operations.action(authAction('register'), ({ input }: { input: unknown }) => auth.register(input), publicRoute('POST', REGISTER));
  const login = operations.action(authAction('callback'), ({ input }: { input: unknown }) => auth.login(input), publicRoute('POST', LOGIN));
  const forgot = operations.action(authAction('forgotPassword'), ({ input }: { input: unknown }) => auth.account.forgotPassword(input), publicRoute('POST', FORGOT));
  const reset = operations.action(authAction('resetPassword'), ({ input }: { input: unknown }) => auth.account.resetPassword(input), publicRoute('POST', RESET));
  const change = operations.action(authAction('changePassword'), ({ caller: who, input }: { caller: Caller; input: unknown }) => auth.account.changePassword(who.request, input), publicRoute('POST', CHANGE));
  const confirm = operations.action(authAction('emailConfirmation'), ({ input }: { input: unknown }) => auth.account.emailConfirmation(input), publicRoute('GET', '/auth/email-confirmation'));
  const sendConfirmation = operations.action(authAction('sendEmailConfirmation'), ({ input }: { input: unknown }) => auth.account.sendEmailConfirmation(input), publicRoute('POST', SEND_CONFIRMATION));
  const me = operations.action(userAction('me'), async ({ caller: who, input }: { caller: Caller; input: Record<string, unknown> }) => {
    const user = await auth.me(who.request);
    const selection = await users.sanitize(who, parseSelection(input, USER_UID, queryCtx), 'findOne');
    // The user as stored now, with what the query asks to populate.
    return (await usersOfMe.findOne(who, { documentId: String(user.documentId), selection: { ...selection, status: 'published' } })) ?? user;
  }, publicRoute('GET', '/users/me'));
  const list = usersToList.prepare('findMany', (request: FastifyRequest) => ({ query: parseRestQuery(requestQuery(request), USER_UID, queryCtx) }));
  const count = usersToCount.prepare('count', (request: FastifyRequest) => ({ filters: parseRestQuery(requestQuery(request), USER_UID, queryCtx).filters, status: 'published' as const }));
  const byId = usersById.prepare('findMany', (request: FastifyRequest<{ Params: { id: string } }>) => {
    const selection = parseSelection(requestQuery(request), USER_UID, queryCtx);
    if (!/^\d+$/.test(request.params.id)) throw new NotFoundError();
    return { query: rowIdQuery(Number(request.params.id), selection) };
  });
  const createUser = operations.action(userAction('create'), ({ input }: { input: unknown }) => auth.users.create(input), routes.of('POST', '/users'));
  const updateUser = operations.action(userAction('update'), ({ input }: { input: { id: string; body: unknown } }) => auth.users.update(input.id, input.body), routes.of('PUT', '/users/:id'));
  const destroyUser = operations.action(userAction('destroy'), ({ input }: { input: string }) => auth.users.destroy(input), routes.of('DELETE', '/users/:id'));
  const permissions = operations.action(usersPermissionsAction('permissions', 'getPermissions'), () => auth.roles.permissions(), routes.of('GET', '/users-permissions/permissions'));
  const roles = operations.action(roleAction('find'), () => auth.roles.list(), routes.of('GET', '/users-permissions/roles'));
  const role = operations.action(roleAction('findOne'), ({ input }: { input: string }) => auth.roles.findOne(input), routes.of('GET', '/users-permissions/roles/:id'));
  const createRole = operations.action(roleAction('createRole'), ({ input }: { input: unknown }) => auth.roles.create(input), routes.of('POST', '/users-permissions/roles'));
  const updateRole = operations.action(roleAction('updateRole'), ({ input }: { input: { id: string; body: unknown } }) => auth.roles.update(input.id, input.body), routes.of('PUT', '/users-permissions/roles/:role'));
  const deleteRole = operations.action(roleAction('deleteRole'), ({ input }: { input: string }) => auth.roles.delete(input), routes.of('DELETE', '/users-permissions/roles/:role'));

  // the rate-limited POST routes: each counts against its own limit, then runs its action
  const limited: readonly [string, (who: Caller, body: unknown) => Promise<unknown>][] = [
    [REGISTER, register], [LOGIN, login], [FORGOT, forgot], [RESET, reset], [CHANGE, change], [SEND_CONFIRMATION, sendConfirmation],
  ];
  for (const [path, action] of limited) {
    if (!routes.served('POST', path)) continue;
    server.post(path, async (request) => {
      await auth.rateLimit(request, path);
      return action(caller(request), request.body);
    });
  }

  if (routes.served('GET', '/auth/email-confirmation')) server.get('/auth/email-confirmation', async (request, reply) => {
    const { redirect } = await confirm(caller(request), request.query);
    return reply.redirect(redirect);
  });

  if (routes.served('GET', '/users/me')) server.get('/users/me', async (request) => me(caller(request), requestQuery(request)));

  if (routes.served('GET', '/users')) server.get('/users', async (request) => (await list(caller(request), request)).entries);

  if (routes.served('GET', '/users/count')) server.get('/users/count', async (request) => count(caller(request), request));

  if (routes.served('GET', '/users/:id')) server.get<{ Params: { id: string } }>('/users/:id', async (request) => {
    const user = (await byId(caller(request), request)).entries[0];
    if (!user) throw new NotFoundError();
    return user;
  });

  if (routes.served('POST', '/users')) server.post('/users', async (request, reply) => reply.code(201).send(await createUser(caller(request), request.body)));

  if (routes.served('PUT', '/users/:id')) server.put<{ Params: { id: string } }>('/users/:id', async (request) => updateUser(caller(request), { id: request.params.id, body: request.body }));

  if (routes.served('DELETE', '/users/:id')) server.delete<{ Params: { id: string } }>('/users/:id', async (request) => destroyUser(caller(request), request.params.id));

  if (routes.served('GET', '/users-permissions/permissions')) server.get('/users-permissions/permissions', async (request) => permissions(caller(request), undefined));

  if (routes.served('GET', '/users-permissions/roles')) server.get('/users-permissions/roles', async (request) => roles(caller(request), undefined));

  if (routes.served('GET', '/users-permissions/roles/:id')) server.get<{ Params: { id: string } }>('/users-permissions/roles/:id', async (request) => role(caller(request), request.params.id));

  if (routes.served('POST', '/users-permissions/roles')) server.post('/users-permissions/roles', async (request) => createRole(caller(request), request.body));

  if (routes.served('PUT', '/users-permissions/roles/:role')) server.put<{ Params: { role: string } }>('/users-permissions/roles/:role', async (request) => updateRole(caller(request), { id: request.params.role, body: request.body }));

  if (routes.served('DELETE', '/users-permissions/roles/:role')) server.delete<{ Params: { role: string } }>('/users-permissions/roles/:role', async (request) => deleteRole(caller(request), request.params.role));
}
