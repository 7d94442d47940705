/**
 * What project code gets for `@strapi/strapi` and `@strapi/utils` when Vellum loads it (jiti
 * `virtualModules`): Vellum's own `factories` and `errors`, the very instances the app uses (so
 * `instanceof` and the factories' markers hold), without Strapi installed. Both named and default
 * imports work, and `require('@strapi/strapi').factories`.
 */
import { errors } from '../errors/strapi-errors.js';
import { factories } from '../rest/custom/factories.js';

const strapiModule = Object.freeze({ __esModule: true, factories, default: Object.freeze({ factories }) });
const utilsModule = Object.freeze({ __esModule: true, errors, default: Object.freeze({ errors }) });

export const STRAPI_MODULES: Readonly<Record<string, unknown>> = Object.freeze({
  '@strapi/strapi': strapiModule,
  '@strapi/utils': utilsModule,
});
