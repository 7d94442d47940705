/**
 * The users-permissions REST routes, Strapi's paths and bodies: `POST /api/auth/local/register`
 * and `POST /api/auth/local` answer `{ jwt, user }` (not wrapped in `data`) and are rate
 * limited per IP; `GET /api/users/me`, `/api/users`, `/api/users/count` and `/api/users/:id`
 * answer bare JSON, the last three under `plugin::users-permissions.user.find|findOne`.
 */
import type { TransportContext } from '../app/plugin-context.js';
import { USER_UID } from '../auth/content-types.js';
import { NotFoundError } from '../errors/index.js';
import type { FilterNode } from '../query/ast.js';
import { parseRestQuery, parseSelection } from '../query/parse-rest-query.js';
import { requestQuery } from './request-query.js';

const REGISTER = '/auth/local/register';
const LOGIN = '/auth/local';

export function registerAuthRoutes(ctx: TransportContext): void {
  const { server } = ctx;
  const users = ctx.repository(USER_UID);
  const queryCtx = { registry: ctx.registry, rest: ctx.rest };

  server.post(REGISTER, async (request) => {
    ctx.auth.rateLimit(request, REGISTER);
    return ctx.auth.register(request.body);
  });

  server.post(LOGIN, async (request) => {
    ctx.auth.rateLimit(request, LOGIN);
    return ctx.auth.login(request.body);
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
    await ctx.authorize(request, 'find', USER_UID);
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
}
