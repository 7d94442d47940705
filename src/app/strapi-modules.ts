/**
 * What project code gets for `@strapi/strapi` and `@strapi/utils` when Vellum loads it (jiti
 * `virtualModules`): Vellum's own `factories` and `errors`, the very instances the app uses (so
 * `instanceof` and the factories' markers hold), without Strapi installed. Both named and default
 * imports work, and `require('@strapi/strapi').factories`.
 *
 * `vellum` itself is virtual too, for every file of project code Vellum loads: the running server
 * may be the single-file bundle (`dist/bundle/`), whose classes are not those of the package's
 * `dist/index.js`, so an `errors.ApplicationError` imported from there would not be recognised
 * (a 500 instead of its 400).
 */
import * as app from './create-app.js';
import { errors } from '../errors/strapi-errors.js';
import { factories } from '../rest/custom/factories.js';

const strapiModule = Object.freeze({ __esModule: true, factories, default: Object.freeze({ factories }) });
const utilsModule = Object.freeze({ __esModule: true, errors, default: Object.freeze({ errors }) });

export const STRAPI_MODULES: Readonly<Record<string, unknown>> = Object.freeze({
  '@strapi/strapi': strapiModule,
  '@strapi/utils': utilsModule,
});

/** The `vellum` package's exports (src/index.ts), from this running copy. */
const vellumModule = Object.freeze({
  __esModule: true,
  factories,
  errors,
  // a getter: create-app.ts imports this module (through project-code.ts), so it is read late
  get createApp() {
    return app.createApp;
  },
});

export const VELLUM_MODULES: Readonly<Record<string, unknown>> = Object.freeze({ vellum: vellumModule });
