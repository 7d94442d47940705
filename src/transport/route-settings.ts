/**
 * What the project may change on a built-in route (the media library's and users-permissions'
 * REST routes), handed to the transports by the app: whether the route is served, who may call it
 * (`auth`), and policies and middlewares around its operation. The transports know routes by
 * method and path only; the app decides what a project's code means for them (Strapi's plugin
 * extensions, strapi/plugin-extensions.ts).
 */
import type { Actor, Caller } from '../operations/types.js';

/** what a route's policies and middlewares see of the operation they guard (an action's or a type operation's context) */
export interface GuardContext {
  readonly caller: Caller | null;
  readonly actor: Actor | null;
}

/** `false` refuses the route (403 PolicyError) */
export type RouteGuardPolicy = (context: GuardContext, config: unknown) => boolean | void | Promise<boolean | void>;
/** around the route's operation; `next()` resolves to its result */
export type RouteGuardMiddleware = (context: GuardContext, next: () => Promise<unknown>) => Promise<unknown>;

export interface RouteSettings {
  /** `false`: no permission check (public); `{ scope }`: one of those permissions instead of the route's own */
  readonly auth?: false | { readonly scope: readonly string[] };
  readonly policies?: readonly RouteGuardPolicy[];
  readonly middlewares?: readonly RouteGuardMiddleware[];
}

/**
 * The settings of the built-in route `method path` (path under the REST prefix, as the route is
 * registered: `/upload/files/:id`): `null` when the route is not served, undefined when nothing
 * changes it.
 */
export type RouteSettingsLookup = (method: string, path: string) => RouteSettings | null | undefined;

/** Reads a lookup for one transport: `served` and the settings of each route, `{}` when none. */
export function routeSettingsOf(lookup: RouteSettingsLookup | undefined) {
  return {
    served: (method: string, path: string): boolean => lookup?.(method, path) !== null,
    of: (method: string, path: string): RouteSettings => lookup?.(method, path) ?? {},
  };
}
