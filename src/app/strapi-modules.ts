/**
 * What project code gets for `@strapi/strapi`, `@strapi/utils` and `vellum` when Vellum loads it,
 * and the one loader every kind of project file goes through (`loadProjectModule`): `src/index`,
 * content-type lifecycles, policies, middlewares (named and `config/middlewares` ones),
 * controllers, services and routes. Config files get `@strapi/utils` the same way
 * (config/read-config-dir.ts).
 *
 * They are jiti `virtualModules` holding Vellum's own `factories` and `errors`, the very instances
 * the running server uses: the server may be the single-file bundle (`dist/bundle/`), whose
 * classes are not those of the package's `dist/index.js`, and a project migrated from Strapi may
 * have the real `@strapi/utils` installed; an `errors.ForbiddenError` from either would not be
 * recognised (a 500 instead of its 403). Both named and default imports work, and
 * `require('@strapi/strapi').factories`. A `require` in a file jiti loads (the project's own
 * helpers too) is resolved through the same map; a package of node_modules that requires
 * `@strapi/utils` itself is loaded by Node and is not.
 */
import { createJiti, requireCode } from '../config/jiti.js';
import { STRAPI_UTILS_MODULE, errors } from '../errors/strapi-errors.js';
import { factories } from '../rest/custom/factories.js';
import { forgetNativeModulesUnder, routeNativeRequires } from '../util/native-require-routes.js';
import * as app from './create-app.js';

const strapiModule = Object.freeze({ __esModule: true, factories, default: Object.freeze({ factories }) });

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

export const PROJECT_MODULES: Readonly<Record<string, unknown>> = Object.freeze({
  '@strapi/strapi': strapiModule,
  '@strapi/utils': STRAPI_UTILS_MODULE,
  vellum: vellumModule,
});

type Jiti = ReturnType<typeof createJiti>;
let loader: Jiti | undefined;

/**
 * One file of project code, its default export unwrapped (`requireCode`: jiti's synchronous
 * require, so an ES module file gets the virtual modules too). A CommonJS file jiti need not
 * transform is still required by Node: `routeNativeRequires` (util/native-require-routes.ts)
 * hands it the same modules. No module cache, so a restarted app in the same process (develop
 * mode) sees edited files.
 */
export function loadProjectModule(projectDir: string, file: string): unknown {
  routeNativeRequires(projectDir, PROJECT_MODULES);
  forgetNativeModulesUnder(projectDir);
  loader ??= createJiti(import.meta.url, { interopDefault: true, moduleCache: false, fsCache: false, virtualModules: { ...PROJECT_MODULES } });
  return requireCode(loader, file);
}
