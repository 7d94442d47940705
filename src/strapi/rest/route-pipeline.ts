/**
 * One project route (a core router's action or a custom route) at request time, in Strapi's
 * order, as one action of the operation layer (`operations.action`): the route's permission
 * check (its handler's name, or `config.auth.scope`; none with `auth: false`) →
 * `ctx.state.user` / `ctx.state.auth` → policies (`false` is a 403 PolicyError) → route
 * middlewares, Koa-style → the controller action, whose return value becomes the body. The
 * operations the controller runs with `ctx.caller` carry the checked permission
 * (`caller.checked`), so the same permission is not checked twice. Errors go to the server's
 * error handler: the one error shape.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotFoundError, PolicyError } from '../../errors/index.js';
import { requirementOf } from '../../operations/access.js';
import type { TransportContext } from '../../transport/transport-context.js';
import { requestQuery } from '../../rest/request-query.js';
import type { Actor, Caller } from '../../operations/types.js';
import { compose } from '../../util/compose.js';
import { createRestContext, type RestContext, type RestContextHandle } from './rest-context.js';

export type RoutePolicy = (ctx: RestContext) => unknown;
export type RouteMiddleware = (ctx: RestContext, next: () => Promise<unknown>) => unknown;

export interface RoutePlan {
  readonly method: string;
  readonly path: string;
  readonly handler: string;
  /** the permission the route asks (`api::article.article.find`), unless `auth` says otherwise */
  readonly permission: string;
  readonly auth: false | { readonly scope: readonly string[] } | undefined;
  /** what the operation layer checks for core actions this route's controller runs */
  readonly operationAuth: Caller['auth'];
  readonly policies: readonly RoutePolicy[];
  readonly middlewares: readonly RouteMiddleware[];
  readonly action: (ctx: RestContext, next: () => Promise<unknown>) => unknown;
}

function authState(actor: Actor): RestContext['state']['auth'] {
  switch (actor.kind) {
    case 'user':
      return { strategy: { name: 'users-permissions' }, credentials: actor.user };
    case 'token':
      return { strategy: { name: 'api-token' }, credentials: actor.token };
    case 'admin':
      return { strategy: { name: 'admin' }, credentials: actor.admin.user };
    case 'public':
      return undefined;
  }
}

export function routeHandler(transport: TransportContext, plan: RoutePlan) {
  const route = { method: plan.method, path: plan.path, handler: plan.handler };
  // what the route checks; the operations its controller runs for this request do not check it again
  const checked = plan.auth === false ? undefined : requirementOf(plan.permission, plan.auth?.scope);
  // the route is one action of the operation layer: its permission, then Strapi's route pipeline
  const run = transport.operations.action(plan.permission, async ({ actor, input: handle }: { actor: Actor | null; input: RestContextHandle }) => {
    const { ctx } = handle;
    if (actor) {
      if (actor.kind === 'user') ctx.state.user = actor.user;
      ctx.state.auth = authState(actor);
    }
    for (const policy of plan.policies) {
      if ((await policy(ctx)) === false) throw new PolicyError();
    }
    const action = async (): Promise<unknown> => {
      const value = await plan.action(ctx, async () => undefined);
      if (value !== undefined && !handle.bodySet()) ctx.body = value;
      return value;
    };
    await (plan.middlewares.length === 0 ? action() : compose(plan.middlewares, ctx, action, 'a route middleware'));
  }, plan.auth === undefined ? {} : { auth: plan.auth });
  return async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    const handle = createRestContext(request, reply, requestQuery(request), plan.operationAuth, checked);
    const { ctx } = handle;
    ctx.state.route = route;
    await run(ctx.caller, handle);
    if (handle.bodySet()) return reply.send(ctx.body);
    // Koa: no body and no status set is a 404; a status alone (204 after a delete) is an empty answer
    if (!handle.statusSet()) throw new NotFoundError();
    return reply.send();
  };
}
