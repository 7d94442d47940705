/**
 * The REST members of the `strapi` object project code gets (register, bootstrap, factories,
 * controllers, policies): `strapi.controller(uid)` and `strapi.service(uid)` (the project's, or
 * the core ones of a content type), and the project's named policies and middlewares put in the
 * one registry REST routes and GraphQL `resolversConfig` share. Kept apart from create-app.ts so
 * other facade members (lifecycles, `strapi.db`) are added beside it.
 */
import type { Operations } from '../operations/operations.js';
import type { Policy } from '../operations/types.js';
import type { RestParts } from './rest/rest-parts.js';
import type { ProjectCode } from './project-code.js';

export interface RestFacade {
  /** the controller of `uid` (`api::article.article`): the project's, or the core one; undefined for no such controller */
  controller(uid: string): unknown;
  /** the service of `uid`: the project's, or the core one (find, findOne, create, update, delete) */
  service(uid: string): unknown;
}

export function restFacade(parts: RestParts): RestFacade {
  return {
    controller: (uid) => parts.controller(uid),
    service: (uid) => parts.service(uid),
  };
}

/** `src/policies`, `src/middlewares` and their api counterparts into the shared registries, before `register()` runs (which may add more). */
export function registerNamedHandlers(operations: Operations, project: ProjectCode): void {
  for (const { name, value } of project.policies) operations.policies.register(name, value as Policy);
  for (const { name, value } of project.middlewares) operations.routeMiddlewares.register(name, value);
}
