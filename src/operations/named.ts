/**
 * Strapi's lookup of a registered name (policies, route middlewares): a full name
 * (`global::x`, `api::article.x`, `plugin::users-permissions.x`) as it is; a bare name in the
 * route's own api first, then among the global ones.
 */
export function candidateNames(name: string, api?: string): readonly string[] {
  if (name.includes('::')) return [name];
  return api ? [`api::${api}.${name}`, `global::${name}`] : [`global::${name}`];
}

/**
 * Named route and resolver middlewares (`src/middlewares/*`, `src/api/<api>/middlewares/*`): one
 * registry for REST routes and GraphQL `resolversConfig` alike. What is stored is the project's
 * export as it is (Strapi's `(config, { strapi }) => (ctx, next) => …` factory for routes); each
 * transport calls it its own way.
 */
export interface NamedMiddlewareRegistry {
  register(name: string, middleware: unknown): void;
  /** the middleware registered as `name` (looked up as `candidateNames` says), or undefined */
  find(name: string, api?: string): unknown;
}

export function createNamedMiddlewareRegistry(): NamedMiddlewareRegistry {
  const middlewares = new Map<string, unknown>();
  return {
    register: (name, middleware) => void middlewares.set(name, middleware),
    find(name, api) {
      for (const candidate of candidateNames(name, api)) {
        if (middlewares.has(candidate)) return middlewares.get(candidate);
      }
      return undefined;
    },
  };
}
