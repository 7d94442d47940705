/**
 * The routes a project's route files declare, resolved once at start-up: a core router
 * (`factories.createCoreRouter(uid, { prefix, only, except, config })`) gives Strapi's five
 * routes of a collection type (three of a single type), a custom file `{ routes: [...] }` its
 * own. Handlers (`api::article.article.find`, or `article.find` inside the api), policy and
 * middleware names are resolved here: a mistake stops the start naming the file and the item.
 */
import { StartupError } from '../../errors/index.js';
import type { ContentType } from '../../model/types.js';
import type { Operations } from '../../operations/operations.js';
import { isRecord } from '../../util/is-record.js';
import type { RestContext } from './rest-context.js';
import { factoryInfo, type CoreRouter, type FactoryStrapi, type RouteConfig } from './factories.js';
import type { RoutePlan, RouteMiddleware, RoutePolicy } from './route-pipeline.js';
import type { Controller, NamedExport, RestParts } from './rest-parts.js';

const CORE_ACTIONS = new Set(['find', 'findOne', 'create', 'update', 'delete']);

export interface RouteDeclaration {
  readonly method: string;
  readonly path: string;
  readonly handler: string;
  readonly config?: RouteConfig;
}

interface Source {
  readonly file: string;
  readonly api?: string;
}

export interface PlanDeps {
  readonly operations: Operations;
  readonly parts: RestParts;
  readonly strapi: FactoryStrapi;
}

export function isCoreRouter(value: unknown): value is CoreRouter {
  return factoryInfo(value)?.kind === 'router';
}

/** Strapi's core routes of a type, as a core router with `options` declares them. */
export function coreRoutes(schema: ContentType, router: CoreRouter): RouteDeclaration[] {
  const { prefix = '', only, except, config = {} } = router.options;
  const routes: [string, string, string][] = schema.kind === 'singleType'
    ? [['GET', `/${schema.singularName}`, 'find'], ['PUT', `/${schema.singularName}`, 'update'], ['DELETE', `/${schema.singularName}`, 'delete']]
    : [
        ['GET', `/${schema.pluralName}`, 'find'],
        ['GET', `/${schema.pluralName}/:id`, 'findOne'],
        ['POST', `/${schema.pluralName}`, 'create'],
        ['PUT', `/${schema.pluralName}/:id`, 'update'],
        ['DELETE', `/${schema.pluralName}/:id`, 'delete'],
      ];
  return routes
    .filter(([, , action]) => (only ? only.includes(action) : true) && !(except ?? []).includes(action))
    .map(([method, path, action]) => ({ method, path: `${prefix}${path}`, handler: `${schema.uid}.${action}`, config: config[action] }));
}

function fail(source: Source, route: RouteDeclaration | null, message: string): never {
  const where = route ? ` route ${route.method} ${route.path}:` : '';
  throw new StartupError(`${source.file}:${where} ${message}`);
}

/** A custom route file's `{ routes: [...] }`, checked. */
export function customRoutes(entry: NamedExport): RouteDeclaration[] {
  const value = entry.value;
  if (!isRecord(value) || !Array.isArray(value.routes)) fail(entry, null, 'a routes file must export factories.createCoreRouter(...) or { routes: [...] }');
  return value.routes.map((route: unknown, index: number) => {
    if (!isRecord(route)) fail(entry, null, `routes[${index}] must be an object`);
    const { method, path, handler, config } = route;
    if (typeof method !== 'string' || typeof path !== 'string' || !path.startsWith('/')) fail(entry, null, `routes[${index}] needs a method and a path starting with "/"`);
    const declared = { method: method.toUpperCase(), path, handler: handler as string, config: config as RouteConfig | undefined };
    if (typeof handler !== 'string' || handler === '') fail(entry, declared, 'names no handler (expected "api::<api>.<controller>.<action>" or "<controller>.<action>")');
    if (config !== undefined && !isRecord(config)) fail(entry, declared, 'config must be an object');
    return declared;
  });
}

function resolvePolicies(deps: PlanDeps, source: Source, route: RouteDeclaration): RoutePolicy[] {
  const items = route.config?.policies ?? [];
  if (!Array.isArray(items)) fail(source, route, 'config.policies must be an array');
  const helpers = { strapi: deps.strapi };
  return items.map((item: unknown): RoutePolicy => {
    if (typeof item === 'function') return (ctx) => (item as (c: RestContext, config: unknown, h: unknown) => unknown)(ctx, {}, helpers);
    const named = typeof item === 'string' ? { name: item, config: {} } : isRecord(item) && typeof item.name === 'string' ? { name: item.name, config: item.config ?? {} } : fail(source, route, 'a policy must be a name, { name, config } or a function');
    const found: unknown = deps.operations.policies.find(named.name, source.api);
    if (found === undefined) fail(source, route, `unknown policy "${named.name}"`);
    const fn: unknown = isRecord(found) && typeof found.handler === 'function' ? found.handler : found;
    if (typeof fn !== 'function') fail(source, route, `policy "${named.name}" is not a function`);
    return (ctx) => (fn as (c: RestContext, config: unknown, h: unknown) => unknown)(ctx, named.config, helpers);
  });
}

function resolveMiddlewares(deps: PlanDeps, source: Source, route: RouteDeclaration): RouteMiddleware[] {
  const items = route.config?.middlewares ?? [];
  if (!Array.isArray(items)) fail(source, route, 'config.middlewares must be an array');
  return items.map((item: unknown): RouteMiddleware => {
    if (typeof item === 'function') return item as RouteMiddleware;
    const named = typeof item === 'string' ? { name: item, config: {} } : isRecord(item) && typeof item.name === 'string' ? { name: item.name, config: item.config ?? item.options ?? {} } : fail(source, route, 'a middleware must be a name, { name, config } or a function');
    const factory = deps.operations.routeMiddlewares.find(named.name, source.api);
    if (factory === undefined) fail(source, route, `unknown middleware "${named.name}"`);
    if (typeof factory !== 'function') fail(source, route, `middleware "${named.name}" is not a function`);
    // Strapi's middleware files export a factory: (config, { strapi }) => (ctx, next) => …
    const built: unknown = (factory as (config: unknown, h: unknown) => unknown)(named.config, { strapi: deps.strapi });
    if (typeof built !== 'function') fail(source, route, `middleware "${named.name}" called with its config must return (ctx, next) => …`);
    return built as RouteMiddleware;
  });
}

function checkAuth(source: Source, route: RouteDeclaration): RoutePlan['auth'] {
  const auth = route.config?.auth;
  if (auth === undefined || auth === false) return auth;
  if (isRecord(auth) && Array.isArray(auth.scope) && auth.scope.every((s) => typeof s === 'string')) return { scope: auth.scope as string[] };
  return fail(source, route, 'config.auth must be false or { scope: [<action>, ...] }');
}

/** `article.popular` in api `article` (or `api::article.article.popular`) → controller uid and action; undefined without a dot */
function handlerTarget(handler: string, api: string | undefined): { uid: string; action: string } | undefined {
  const dot = handler.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const controllerName = handler.slice(0, dot);
  return { uid: controllerName.includes('::') ? controllerName : api ? `api::${api}.${controllerName}` : controllerName, action: handler.slice(dot + 1) };
}

/**
 * The permission names the custom route files' handlers ask (`api::article.article.popular`),
 * as Strapi registers a content-API action per handler: grantable to roles and tokens. Core
 * routers name core actions only. Read from the files alone, so the CLI knows them too.
 */
export function customRouteActions(routeFiles: readonly NamedExport[]): string[] {
  const names = new Set<string>();
  for (const entry of routeFiles) {
    if (isCoreRouter(entry.value)) continue;
    for (const route of customRoutes(entry)) {
      const target = handlerTarget(route.handler, entry.api);
      if (target) names.add(`${target.uid}.${target.action}`);
    }
  }
  return [...names];
}

export function planRoute(deps: PlanDeps, source: Source, route: RouteDeclaration): RoutePlan {
  const target = handlerTarget(route.handler, source.api);
  if (!target) fail(source, route, `handler "${route.handler}" names no action (expected "<controller>.<action>")`);
  const { uid, action: actionName } = target;
  const controller: Controller | undefined = deps.parts.controller(uid);
  if (!controller) fail(source, route, `handler "${route.handler}" names no controller (no ${uid})`);
  const action = controller[actionName];
  if (typeof action !== 'function') fail(source, route, `handler "${route.handler}" names no action of controller ${uid}`);
  const auth = checkAuth(source, route);
  const permission = `${uid}.${actionName}`;
  return {
    method: route.method,
    path: route.path,
    handler: permission,
    permission,
    auth,
    // core actions run on behalf of this route: a custom action (featured) asks its own permission, not find's
    operationAuth: auth === false ? false : auth ?? (CORE_ACTIONS.has(actionName) ? undefined : { scope: [permission] }),
    policies: resolvePolicies(deps, source, route),
    middlewares: resolveMiddlewares(deps, source, route),
    action: (ctx, next) => (action as (c: RestContext, n: () => Promise<unknown>) => unknown).call(controller, ctx, next),
  };
}
