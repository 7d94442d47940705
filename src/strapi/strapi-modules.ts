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
import { factories } from './rest/factories.js';
import { forgetNativeModulesUnder, routeNativeRequires } from '../util/native-require-routes.js';

const strapiModule = Object.freeze({ __esModule: true, factories, default: Object.freeze({ factories }) });

/**
 * What `vellum` offers project code beside `factories` and `errors`: the package entry's
 * `createApp`. create-app.ts hands it in (`projectModules({ createApp })`): the loaders here sit
 * below the app, which calls them, so they cannot import it.
 */
export interface VellumEntry {
  readonly createApp: unknown;
}

export type ProjectModules = Readonly<Record<string, unknown>>;

/** The modules project code gets by name; `vellum` holds `createApp` when `entry` gives it. */
export function projectModules(entry?: VellumEntry): ProjectModules {
  const vellum = Object.freeze({ __esModule: true, factories, errors, ...entry });
  return Object.freeze({ '@strapi/strapi': strapiModule, '@strapi/utils': STRAPI_UTILS_MODULE, vellum });
}

/** For loads outside a running app (a test of one loader): `vellum` without `createApp`. */
const WITHOUT_APP = projectModules();

type Jiti = ReturnType<typeof createJiti>;
/** one jiti loader per module map (the app's, and WITHOUT_APP) */
const loaders = new WeakMap<ProjectModules, Jiti>();

/**
 * One file of project code, its default export unwrapped (`requireCode`: jiti's synchronous
 * require, so an ES module file gets the virtual modules too). A CommonJS file jiti need not
 * transform is still required by Node: `routeNativeRequires` (util/native-require-routes.ts)
 * hands it the same modules. No module cache, so a restarted app in the same process (develop
 * mode) sees edited files.
 */
export function loadProjectModule(projectDir: string, file: string, modules: ProjectModules = WITHOUT_APP): unknown {
  routeNativeRequires(projectDir, modules);
  forgetNativeModulesUnder(projectDir);
  let loader = loaders.get(modules);
  if (!loader) {
    loader = createJiti(import.meta.url, { interopDefault: true, moduleCache: false, fsCache: false, virtualModules: { ...modules } });
    loaders.set(modules, loader);
  }
  return requireCode(loader, file);
}
