/**
 * The users-permissions REST routes, Strapi's paths and bodies: `POST /api/auth/local/register`
 * and `POST /api/auth/local` answer `{ jwt, user }` (not wrapped in `data`) and are rate
 * limited per IP, as are the password and confirmation flows; `/api/users[/:id]` (bare JSON,
 * numeric ids) under `plugin::users-permissions.user.find|findOne|count|create|update|destroy`;
 * `/api/users-permissions/roles[/:id]` and `/permissions` under the `role.*` and
 * `permissions.getPermissions` actions.
 */
import type { TransportContext } from '../transport/transport-context.js';
import { USER_UID } from '../auth/content-types.js';
import { NotFoundError } from '../errors/index.js';
import type { FilterNode } from '../query/ast.js';
import { parseRestQuery, parseSelection } from '../query/parse-rest-query.js';
import { requestQuery } from './request-query.js';
import { usersPermissionsAction } from '../auth/actions.js';

const REGISTER = '/auth/local/register';
const LOGIN = '/auth/local';
const FORGOT = '/auth/forgot-password';
const RESET = '/auth/reset-password';
const CHANGE = '/auth/change-password';
const SEND_CONFIRMATION = '/auth/send-email-confirmation';
const userAction = (action: string) => usersPermissionsAction('user', action);
const roleAction = (action: string) => usersPermissionsAction('role', action);

export function registerAuthRoutes(ctx: TransportContext): void {
  const { server } = ctx;
  const users = ctx.repository(USER_UID);
  const queryCtx = { registry: ctx.registry, rest: ctx.rest };

  server.post(REGISTER, async (request) => {
    await ctx.auth.rateLimit(request, REGISTER);
    return ctx.auth.register(request.body);
  });

  server.post(LOGIN, async (request) => {
    await ctx.auth.rateLimit(request, LOGIN);
    return ctx.auth.login(request.body);
  });

  server.post(FORGOT, async (request) => {
    await ctx.auth.rateLimit(request, FORGOT);
    return ctx.auth.account.forgotPassword(request.body);
  });

  server.post(RESET, async (request) => {
    await ctx.auth.rateLimit(request, RESET);
    return ctx.auth.account.resetPassword(request.body);
  });

  server.post(CHANGE, async (request) => {
    await ctx.auth.rateLimit(request, CHANGE);
    return ctx.auth.account.changePassword(request, request.body);
  });

  server.get('/auth/email-confirmation', async (request, reply) => {
    const { redirect } = await ctx.auth.account.emailConfirmation(request.query);
    return reply.redirect(redirect);
  });

  server.post(SEND_CONFIRMATION, async (request) => {
    await ctx.auth.rateLimit(request, SEND_CONFIRMATION);
    return ctx.auth.account.sendEmailConfirmation(request.body);
  });

  server.get('/users/me', async (request) => {
    const me = await ctx.auth.me(request);
    const selection = await ctx.auth.sanitizeQuery(request, USER_UID, parseSelection(requestQuery(request), USER_UID, queryCtx), 'findOne');
    // The user as stored now, with what the query asks to populate.
    return (await users.findOne(String(me.documentId), { ...selection, status: 'published' })) ?? me;
  });

  server.get('/users', async (request) => {
    await ctx.authorize(request, 'find', USER_UID);
    const query = await ctx.auth.sanitizeQuery(request, USER_UID, parseRestQuery(requestQuery(request), USER_UID, queryCtx), 'find');
    return (await users.findPage(query)).entries;
  });

  server.get('/users/count', async (request) => {
    await ctx.auth.authorizeAction(request, userAction('count'));
    const query = await ctx.auth.sanitizeQuery(request, USER_UID, parseRestQuery(requestQuery(request), USER_UID, queryCtx), 'find');
    return users.count(query.filters, 'published');
  });

  server.get<{ Params: { id: string } }>('/users/:id', async (request) => {
    await ctx.authorize(request, 'findOne', USER_UID);
    const selection = await ctx.auth.sanitizeQuery(request, USER_UID, parseSelection(requestQuery(request), USER_UID, queryCtx), 'findOne');
    if (!/^\d+$/.test(request.params.id)) throw new NotFoundError();
    const byId: FilterNode = { kind: 'compare', field: 'id', op: '$eq', value: Number(request.params.id) };
    const page = await users.findPage({
      ...selection,
      filters: byId,
      sort: [],
      pagination: { kind: 'offset', start: 0, limit: 1, withCount: false },
    });
    const user = page.entries[0];
    if (!user) throw new NotFoundError();
    return user;
  });

  server.post('/users', async (request, reply) => {
    await ctx.auth.authorizeAction(request, userAction('create'));
    return reply.code(201).send(await ctx.auth.users.create(request.body));
  });

  server.put<{ Params: { id: string } }>('/users/:id', async (request) => {
    await ctx.auth.authorizeAction(request, userAction('update'));
    return ctx.auth.users.update(request.params.id, request.body);
  });

  server.delete<{ Params: { id: string } }>('/users/:id', async (request) => {
    await ctx.auth.authorizeAction(request, userAction('destroy'));
    return ctx.auth.users.destroy(request.params.id);
  });

  server.get('/users-permissions/permissions', async (request) => {
    await ctx.auth.authorizeAction(request, usersPermissionsAction('permissions', 'getPermissions'));
    return ctx.auth.roles.permissions();
  });

  server.get('/users-permissions/roles', async (request) => {
    await ctx.auth.authorizeAction(request, roleAction('find'));
    return ctx.auth.roles.list();
  });

  server.get<{ Params: { id: string } }>('/users-permissions/roles/:id', async (request) => {
    await ctx.auth.authorizeAction(request, roleAction('findOne'));
    return ctx.auth.roles.findOne(request.params.id);
  });

  server.post('/users-permissions/roles', async (request) => {
    await ctx.auth.authorizeAction(request, roleAction('createRole'));
    return ctx.auth.roles.create(request.body);
  });

  server.put<{ Params: { role: string } }>('/users-permissions/roles/:role', async (request) => {
    await ctx.auth.authorizeAction(request, roleAction('updateRole'));
    return ctx.auth.roles.update(request.params.role, request.body);
  });

  server.delete<{ Params: { role: string } }>('/users-permissions/roles/:role', async (request) => {
    await ctx.auth.authorizeAction(request, roleAction('deleteRole'));
    return ctx.auth.roles.delete(request.params.role);
  });
}
