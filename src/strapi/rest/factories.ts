/**
 * Strapi's `factories` (`import { factories } from '@strapi/strapi'`): `createCoreRouter`,
 * `createCoreController`, `createCoreService`. Each returns what a Strapi project file exports;
 * the app instantiates it with `{ strapi }` when it builds the routes, so the core controller and
 * service come from the running app (`strapi[CORE_PARTS]`). An extension's object gets the core
 * one as its prototype: `super.find(ctx)` and `this.transformResponse(...)` work in its methods.
 */
import type { CoreController } from './core-controller.js';
import type { CoreService } from './core-service.js';

/** Where the app hands factories the core parts of a type (a symbol, so project code never stumbles on it). */
export const CORE_PARTS = Symbol.for('vellum.core-parts');
/** What a factory made, for the app: which type, and whether the project changed anything (the built-in fast path) */
export const FACTORY_INFO = Symbol.for('vellum.factory-info');

export interface CoreParts {
  controller(uid: string): CoreController;
  service(uid: string): CoreService;
}

/** The `strapi` object factories and project code receive (the app with Strapi's members: strapi/strapi-object.ts). */
export interface FactoryStrapi {
  service(uid: string): unknown;
  controller(uid: string): unknown;
  documents(uid: string): unknown;
  /** set by the rest parts (rest-parts.ts) before a factory runs */
  [CORE_PARTS]?: CoreParts;
}
export interface FactoryArgs {
  readonly strapi: FactoryStrapi;
}

export interface FactoryInfo {
  readonly kind: 'controller' | 'service' | 'router';
  readonly uid: string;
  /** false for `createCoreController(uid)` alone: the core one, unchanged */
  readonly customized: boolean;
}

type Members = Record<string, unknown>;
type Extension = Members | ((args: FactoryArgs) => Members);

export type PartFactory<T> = ((args: FactoryArgs) => T) & { readonly [FACTORY_INFO]: FactoryInfo };

/** Per-action route config of a core router, as Strapi's `config: { find: { auth, policies, middlewares } }`. */
export interface RouteConfig {
  readonly auth?: false | { readonly scope: readonly string[] };
  readonly policies?: readonly unknown[];
  readonly middlewares?: readonly unknown[];
}
export interface CoreRouterOptions {
  readonly prefix?: string;
  readonly only?: readonly string[];
  readonly except?: readonly string[];
  readonly config?: Readonly<Record<string, RouteConfig>>;
  readonly type?: string;
}
export interface CoreRouter {
  readonly [FACTORY_INFO]: FactoryInfo;
  readonly uid: string;
  readonly options: CoreRouterOptions;
}

function coreParts(strapi: FactoryStrapi): CoreParts {
  const parts = strapi[CORE_PARTS];
  if (!parts) throw new Error('factories: this object was made for a Vellum app; call it with the app as { strapi }');
  return parts;
}

function extend<T extends object>(core: T, extension: Extension | undefined, args: FactoryArgs): T {
  if (extension === undefined) return core;
  const own = typeof extension === 'function' ? extension(args) : extension;
  // the object's own methods keep their home object, so `super.x` in them reaches the core part
  return Object.setPrototypeOf(own, core) as T;
}

function part<T extends object>(kind: 'controller' | 'service', uid: string, extension: Extension | undefined, core: (parts: CoreParts) => T): PartFactory<T> {
  const factory = (args: FactoryArgs): T => extend(core(coreParts(args.strapi)), extension, args);
  return Object.assign(factory, { [FACTORY_INFO]: { kind, uid, customized: extension !== undefined } });
}

export function createCoreController(uid: string, extension?: Extension): PartFactory<CoreController> {
  return part('controller', uid, extension, (parts) => parts.controller(uid));
}

export function createCoreService(uid: string, extension?: Extension): PartFactory<CoreService> {
  return part('service', uid, extension, (parts) => parts.service(uid));
}

export function createCoreRouter(uid: string, options: CoreRouterOptions = {}): CoreRouter {
  const customized = Object.keys(options.config ?? {}).length > 0 || options.only !== undefined || options.except !== undefined || (options.prefix ?? '') !== '';
  return { [FACTORY_INFO]: { kind: 'router', uid, customized }, uid, options };
}

export const factories = Object.freeze({ createCoreController, createCoreService, createCoreRouter });

export function factoryInfo(value: unknown): FactoryInfo | undefined {
  return (typeof value === 'function' || (typeof value === 'object' && value !== null)) ? (value as { [FACTORY_INFO]?: FactoryInfo })[FACTORY_INFO] : undefined;
}
