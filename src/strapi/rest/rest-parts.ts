/**
 * The controllers and services of a running app, by uid (`api::article.article`): the
 * project's (`src/api/<api>/controllers|services/<name>`, plain objects, `({ strapi }) => ({…})`
 * or made with `factories`) or, for a content type without one, the core ones. Each is built
 * once, on first use (`strapi.controller(uid)`, `strapi.service(uid)`, the routes at start-up).
 */
import { StartupError } from '../../errors/index.js';
import type { Registry } from '../../model/types.js';
import { createCoreController, type CoreController } from './core-controller.js';
import type { CoreDeps, ServiceMethod } from './core-deps.js';
import { createCoreService, type CoreService } from './core-service.js';
import { CORE_PARTS, factoryInfo, type CoreParts, type FactoryStrapi } from './factories.js';

/** One loaded project file (strapi/project-code.ts). */
export interface NamedExport {
  readonly file: string;
  /** `global::x`, `api::article.x`, or a controller/service uid `api::article.article` */
  readonly name: string;
  /** the api folder it sits in, if any (bare names in its routes are looked up there first) */
  readonly api?: string;
  readonly value: unknown;
}

export interface RestProject {
  readonly controllers: readonly NamedExport[];
  readonly services: readonly NamedExport[];
  readonly routes: readonly NamedExport[];
}

export type Controller = Record<string, unknown>;

export interface RestParts {
  readonly core: CoreParts;
  /** the controller of `uid`, or undefined when there is neither a project file nor a content type */
  controller(uid: string): Controller | undefined;
  service(uid: string): Record<string, unknown> | undefined;
  /** false when the type's controller is the core one unchanged (no file, or `createCoreController(uid)` alone) */
  customizedController(uid: string): boolean;
  /** the project's service method of `uid` when it replaces the core one (the core controller then calls it) */
  serviceOverride(uid: string, method: string): ServiceMethod | undefined;
  /** true when the project's service of `uid` replaces one of the core methods the core controller calls */
  customizedService(uid: string): boolean;
  readonly project: RestProject;
}

export interface RestPartsDeps extends CoreDeps {
  readonly registry: Registry;
  /** the `strapi` object factories receive (the app, with `[CORE_PARTS]` set to `core`) */
  strapi(): FactoryStrapi;
}

function instantiate(entry: NamedExport, strapi: FactoryStrapi): Controller {
  const { value } = entry;
  const built: unknown = typeof value === 'function' ? (value as (args: { strapi: FactoryStrapi }) => unknown)({ strapi }) : value;
  if (typeof built !== 'object' || built === null) {
    throw new StartupError(`${entry.file}: must export an object of actions, a function ({ strapi }) returning one, or a factories.createCore… result`);
  }
  return built as Controller;
}

/** The core service methods the core controller's actions call (Strapi's core controller). */
const CONTROLLER_SERVICE_METHODS = ['find', 'findOne', 'create', 'update', 'delete', 'createOrUpdate'];

export function createRestParts(deps: RestPartsDeps, project: RestProject): RestParts {
  const coreControllers = new Map<string, CoreController>();
  const coreServices = new Map<string, CoreService>();
  const isApiType = (uid: string) => deps.registry.contentTypes.get(uid)?.namespace === 'api';
  const core: CoreParts = {
    controller(uid) {
      let built = coreControllers.get(uid);
      if (!built) {
        if (!isApiType(uid)) throw new StartupError(`factories.createCoreController("${uid}"): no content type ${uid}`);
        built = createCoreController({ ...deps, serviceOverride }, deps.registry.contentType(uid));
        coreControllers.set(uid, built);
      }
      return built;
    },
    service(uid) {
      let built = coreServices.get(uid);
      if (!built) {
        if (!isApiType(uid)) throw new StartupError(`factories.createCoreService("${uid}"): no content type ${uid}`);
        built = createCoreService(deps, deps.registry.contentType(uid));
        coreServices.set(uid, built);
      }
      return built;
    },
  };
  const byName = (entries: readonly NamedExport[]) => new Map(entries.map((entry) => [entry.name, entry]));
  const controllerFiles = byName(project.controllers);
  const serviceFiles = byName(project.services);
  const controllers = new Map<string, Controller>();
  const services = new Map<string, Record<string, unknown>>();

  const withCore = (strapi: FactoryStrapi): FactoryStrapi => (strapi[CORE_PARTS] ? strapi : Object.assign(strapi, { [CORE_PARTS]: core }));
  const lookup = (
    uid: string,
    cache: Map<string, Record<string, unknown>>,
    files: Map<string, NamedExport>,
    fallback: (uid: string) => Record<string, unknown>,
  ): Record<string, unknown> | undefined => {
    const cached = cache.get(uid);
    if (cached) return cached;
    const file = files.get(uid);
    const built = file ? instantiate(file, withCore(deps.strapi())) : isApiType(uid) ? fallback(uid) : undefined;
    if (built) cache.set(uid, built);
    return built;
  };
  const service = (uid: string) => lookup(uid, services, serviceFiles, (u) => core.service(u) as unknown as Record<string, unknown>);
  function serviceOverride(uid: string, method: string): ServiceMethod | undefined {
    if (!serviceFiles.has(uid) || !isApiType(uid)) return undefined;
    const own = service(uid);
    const fn = own?.[method];
    // a factory extension without its own `find` reaches the core one through its prototype: no override
    if (typeof fn !== 'function' || fn === (core.service(uid) as Record<string, unknown>)[method]) return undefined;
    return (...args) => (fn as ServiceMethod).apply(own, args);
  }
  return {
    core,
    project,
    controller: (uid) => lookup(uid, controllers, controllerFiles, (u) => core.controller(u) as unknown as Controller),
    service,
    serviceOverride,
    customizedService: (uid) => CONTROLLER_SERVICE_METHODS.some((method) => serviceOverride(uid, method) !== undefined),
    customizedController(uid) {
      const file = controllerFiles.get(uid);
      return file !== undefined && factoryInfo(file.value)?.customized !== false;
    },
  };
}
