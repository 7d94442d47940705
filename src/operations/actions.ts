/**
 * Actions that are no document operation: the users-permissions plugin's controllers (register,
 * login, `user.create`, `role.createRole`, …), the media library's upload and the project's custom
 * routes. Each is one entry of the operation layer, as a content type's operations are: the
 * caller's actor, the permission named after the action (`plugin::users-permissions.user.create`;
 * or the config's `auth`), the config's policies, then the handler, whose writes of users and
 * files run as operations of their own (service-writes.ts: middlewares, lifecycles).
 */
import type { Actor } from '../auth/actor.js';
import { NotFoundError, PolicyError, UnauthorizedError } from '../errors/index.js';
import { checkPermission } from './access.js';
import { runMiddlewares } from './middlewares.js';
import type { Caller } from './types.js';

/** What an action's handler and policies see. */
export interface ActionContext<I = unknown> {
  /** the permission name the action is known by (`plugin::upload.file.create`) */
  readonly name: string;
  readonly caller: Caller;
  /** null with `auth: false` */
  readonly actor: Actor | null;
  /** the transport's parsed input (the request body, resolver arguments) */
  readonly input: I;
  readonly state: Record<string, unknown>;
}

/** a policy of an action: `false` refuses it (403 PolicyError) */
export type ActionPolicy = (context: ActionContext, config: unknown) => boolean | void | Promise<boolean | void>;

/**
 * A middleware of an action, Koa-style around its handler: `next()` runs the handler and resolves
 * to its result. The action answers the handler's result (a route's answer keeps its shape).
 */
export type ActionMiddleware = (context: ActionContext, next: () => Promise<unknown>) => Promise<unknown>;

/**
 * Per-action configuration, set once when the route or resolver is built: `auth: false` checks no
 * permission (register, login: Strapi's public auth routes); `{ scope }` requires one of those
 * names instead of the action's own; `policies` run after the check, then `middlewares` around
 * the handler.
 */
export interface ActionEntryConfig {
  readonly auth?: false | { readonly scope: readonly string[] };
  readonly policies?: readonly ActionPolicy[];
  readonly middlewares?: readonly ActionMiddleware[];
}

export type ActionHandler<I, R> = (context: ActionContext<I>) => R | Promise<R>;
/** an action ready to call per request */
export type PreparedAction<I, R> = (caller: Caller, input: I) => Promise<R>;

const NO_CONFIG: ActionEntryConfig = Object.freeze({});

/** Builds `operations.action`: `actor` resolves the caller's actor once per request. */
export function actionEntry(actor: (caller: Caller) => Promise<Actor>) {
  return function action<I, R>(name: string, handler: ActionHandler<I, R>, config: ActionEntryConfig = NO_CONFIG): PreparedAction<I, R> {
    const { auth, policies, middlewares } = config;
    const guarded = (policies?.length ?? 0) + (middlewares?.length ?? 0) > 0;
    return async (caller, input) => {
      const checked = caller.auth ?? auth;
      let who: Actor | null = null;
      if (checked !== false) {
        who = await actor(caller);
        checkPermission(who, name, checked?.scope);
      } else if (guarded) {
        // a public action with policies or middlewares (a project's route config): they see who
        // calls when a valid credential is sent (`/users/me`), and nobody for a bad one, never a
        // 401; any other failure (the database) is the request's error, not an anonymous caller
        who = await actor(caller).catch((error: unknown) => {
          if (error instanceof UnauthorizedError) return null;
          throw error;
        });
      }
      const context: ActionContext<I> = { name, caller, actor: who, input, state: {} };
      if (policies) {
        for (const policy of policies) {
          if ((await policy(context as ActionContext, undefined)) === false) throw new PolicyError();
        }
      }
      if (!middlewares || middlewares.length === 0) return handler(context);
      let ran = false;
      let result: R | undefined;
      await runMiddlewares(middlewares, context as ActionContext, async () => {
        ran = true;
        return (result = await handler(context));
      });
      // a middleware that answered without next(): no answer of the action (Koa: no body, a 404)
      if (!ran) throw new NotFoundError();
      return result as R;
    };
  };
}
