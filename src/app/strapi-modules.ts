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
import Module, { createRequire } from 'node:module';
import { resolve, sep } from 'node:path';
import { createJiti } from '../config/jiti.js';
import { STRAPI_UTILS_MODULE, errors } from '../errors/strapi-errors.js';
import { factories } from '../rest/custom/factories.js';
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
 * One file of project code, its default export unwrapped. Loaded through jiti's synchronous
 * require: its asynchronous import hands an ES module file (`.mjs`, or `.js` in a `"type":
 * "module"` project) to Node's own loader, where `virtualModules` do not apply. Strapi compiles
 * project code to CommonJS, so no project file has a top-level `await`. A CommonJS file jiti need
 * not transform is still required by Node (`routeNativeRequires`). No module cache, so a restarted
 * app in the same process (develop mode) sees edited files.
 */
export function loadProjectModule(projectDir: string, file: string): unknown {
  routeNativeRequires(projectDir);
  forgetProjectFiles();
  loader ??= createJiti(import.meta.url, { interopDefault: true, moduleCache: false, fsCache: false, virtualModules: { ...PROJECT_MODULES } });
  const loaded = loader(file) as unknown;
  return typeof loaded === 'object' && loaded !== null && 'default' in loaded ? (loaded as { default: unknown }).default ?? loaded : loaded;
}

type Load = (request: string, parent: { filename?: string | null } | null | undefined, isMain: boolean) => unknown;
const projectRoots = new Set<string>();
const NODE_MODULES = `${sep}node_modules${sep}`;

/** a file of one of the projects loaded in this process, not one of their packages */
function isProjectFile(filename: string | null | undefined): boolean {
  if (typeof filename !== 'string') return false;
  for (const root of projectRoots) if (filename.startsWith(root) && !filename.slice(root.length).includes(NODE_MODULES)) return true;
  return false;
}

/**
 * Node's CommonJS loader, for a `require()` in a project file jiti left to Node: the same
 * `PROJECT_MODULES` as in the files jiti transforms (a project migrated from Strapi may have the
 * real `@strapi/utils` installed, whose classes the server does not know). Packages under
 * node_modules keep their own resolution.
 */
function routeNativeRequires(projectDir: string): void {
  const root = `${resolve(projectDir)}${sep}`;
  if (projectRoots.has(root)) return;
  const first = projectRoots.size === 0;
  projectRoots.add(root);
  if (!first) return;
  const loaderModule = Module as unknown as { _load: Load };
  const original = loaderModule._load;
  loaderModule._load = function load(this: unknown, request, parent, isMain) {
    if (Object.hasOwn(PROJECT_MODULES, request) && isProjectFile(parent?.filename)) return PROJECT_MODULES[request];
    return original.call(this, request, parent, isMain);
  };
}

/** Node's require cache keeps a project's CommonJS files: dropped so a restart reads them again */
function forgetProjectFiles(): void {
  const cache = createRequire(import.meta.url).cache;
  for (const filename of Object.keys(cache)) if (isProjectFile(filename)) Reflect.deleteProperty(cache, filename);
}
