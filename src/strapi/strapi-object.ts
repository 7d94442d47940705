/**
 * The one `strapi` object project code receives: `register`/`bootstrap`/`destroy` get it as
 * `strapi` (and `app`), factories as `{ strapi }`, lifecycles files and services as the global
 * `strapi`. It is built from the app: the app is made with Vellum's own members, then the adapter
 * gives it Strapi's (strapi-facade.ts, strapi-facade-rest.ts). One object, as in Strapi, so
 * `strapi === app` in project code.
 */
import type { RestParts } from './rest/rest-parts.js';
import { createStrapiFacade, type FacadeParts, type StrapiFacade } from './strapi-facade.js';
import { restFacade, type RestFacade } from './strapi-facade-rest.js';

/** Strapi's members of the `strapi` object (`documents`, `db`, `config`, `log`, `contentType(s)`, `controller`, `service`). */
export interface StrapiMembers extends StrapiFacade, RestFacade {}

export interface StrapiParts extends FacadeParts {
  readonly rest: RestParts;
}

/** The app with Strapi's members on it: the same object, now the `strapi` object too. */
export function withStrapiMembers<A extends object>(app: A, parts: StrapiParts): A & StrapiMembers {
  return Object.assign(app, createStrapiFacade(parts), restFacade(parts.rest));
}

const globalScope = globalThis as { strapi?: StrapiMembers };

/**
 * Strapi's global `strapi`, which lifecycles files and services use without importing it: the
 * last app started in a process, as in Strapi, where there is only one.
 */
export function setGlobalStrapi(strapi: StrapiMembers): void {
  globalScope.strapi = strapi;
}

/** When `strapi`'s app stops; a later app's global stays. */
export function clearGlobalStrapi(strapi: StrapiMembers): void {
  if (globalScope.strapi === strapi) delete globalScope.strapi;
}
