/**
 * Registered policies and middlewares by name (`global::is-owner`, `api::article.is-author`,
 * `plugin::users-permissions.rateLimit`), as `resolversConfig` names them. The GraphQL plugin
 * only asks `policy(name)` / `middleware(name)`; the names live in the operation layer's
 * registries (`operations.policies`, `operations.routeMiddlewares`), the one place REST routes
 * and GraphQL resolvers share, filled from `src/policies`, `src/middlewares` and their `api`
 * counterparts and by `app.registerPolicy` / `app.registerMiddleware`.
 */
import type { Policy } from '../../operations/types.js';
import { createPolicyRegistry, type PolicyRegistry } from '../../operations/policies.js';
import { createNamedMiddlewareRegistry, type NamedMiddlewareRegistry } from '../../operations/named.js';

export interface NamedHandlers {
  policy(name: string): unknown;
  middleware(name: string): unknown;
}

export interface HandlerRegistry extends NamedHandlers {
  registerPolicy(name: string, handler: unknown): void;
  registerMiddleware(name: string, handler: unknown): void;
}

/** A view over the shared registries; without them (a GraphQL plugin registered alone, in tests), registries of its own. */
export function createHandlerRegistry(
  shared: { readonly policies: PolicyRegistry; readonly routeMiddlewares: NamedMiddlewareRegistry } = {
    policies: createPolicyRegistry(),
    routeMiddlewares: createNamedMiddlewareRegistry(),
  },
): HandlerRegistry {
  const { policies, routeMiddlewares } = shared;
  return {
    // a bare name means the global one, as in Strapi (`is-owner` → `global::is-owner`)
    policy: (name) => policies.find(name),
    middleware: (name) => routeMiddlewares.find(name),
    // stored as given: each transport calls a named policy with its own context (Strapi's `(context, config, { strapi })`)
    registerPolicy: (name, handler) => policies.register(name, handler as Policy),
    registerMiddleware: (name, handler) => routeMiddlewares.register(name, handler),
  };
}
