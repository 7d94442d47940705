/**
 * The content API of a project with route files, controllers or services of its own: each api's
 * route files (core routers and custom `{ routes }` files, in file order); an api without route
 * files keeps the built-in routes. A type whose core router, controller and service are unchanged keeps
 * the built-in handlers (content-routes.ts), which answer the same without a Koa-style ctx.
 */
import { MethodNotAllowedError, StartupError } from '../../errors/index.js';
import type { ContentType } from '../../model/types.js';
import type { TransportContext } from '../../transport/transport-context.js';
import { registerContentRoutes } from '../../rest/content-routes.js';
import { createCoreRouter, factoryInfo, type FactoryStrapi } from './factories.js';
import { routeHandler, type RoutePlan } from './route-pipeline.js';
import { coreRoutes, customRoutes, isCoreRouter, planRoute, type PlanDeps, type RouteDeclaration } from './route-plans.js';
import type { NamedExport, RestParts } from './rest-parts.js';

export interface RestCustomization {
  readonly parts: RestParts;
  readonly strapi: FactoryStrapi;
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
const apiOf = (uid: string): string => uid.slice('api::'.length, uid.indexOf('.'));

export function registerProjectRoutes(ctx: TransportContext, custom: RestCustomization): void {
  const { parts, strapi } = custom;
  const deps: PlanDeps = { operations: ctx.operations, parts, strapi };
  // the built-in handlers serve a type unless its controller, or a service method its core controller calls, is the project's
  const customized = (uid: string) => parts.customizedController(uid) || parts.customizedService(uid);
  const routeFiles = parts.project.routes;
  const apisWithRoutes = new Set(routeFiles.map((entry) => entry.api));
  const plans: { source: NamedExport | { file: string; api?: string }; plan: RoutePlan }[] = [];
  const declare = (source: { file: string; api?: string }, routes: readonly RouteDeclaration[]) => {
    for (const route of routes) plans.push({ source, plan: planRoute(deps, source, route) });
  };

  for (const schema of ctx.registry.contentTypes.values()) {
    if (schema.namespace !== 'api' || apisWithRoutes.has(apiOf(schema.uid))) continue;
    // no route files in its api: the built-in routes, through the project's controller if it changed it
    if (!customized(schema.uid)) registerContentRoutes(ctx, schema);
    else declare({ file: `core router of ${schema.uid}`, api: apiOf(schema.uid) }, coreRoutes(schema, createCoreRouter(schema.uid)));
  }
  for (const entry of routeFiles) {
    if (!isCoreRouter(entry.value)) {
      declare(entry, customRoutes(entry));
      continue;
    }
    const router = entry.value;
    const schema: ContentType | undefined = ctx.registry.contentTypes.get(router.uid);
    if (!schema || schema.namespace !== 'api') throw new StartupError(`${entry.file}: factories.createCoreRouter("${router.uid}") names no content type`);
    const unchanged = factoryInfo(router)?.customized === false && !customized(schema.uid);
    if (unchanged) registerContentRoutes(ctx, schema);
    else declare(entry, coreRoutes(schema, router));
  }

  const methodsByPath = new Map<string, Set<string>>();
  for (const { source, plan } of plans) {
    try {
      ctx.server.route({ method: plan.method, url: plan.path, handler: routeHandler(ctx, plan) });
    } catch (error) {
      throw new StartupError(`${source.file}: route ${plan.method} ${plan.path}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const methods = methodsByPath.get(plan.path) ?? new Set<string>();
    methods.add(plan.method);
    methodsByPath.set(plan.path, methods);
  }
  // a known path asked with another method: 405, as on the built-in routes
  for (const [path, methods] of methodsByPath) {
    const others = METHODS.filter((method) => !methods.has(method) && !(method === 'GET' && methods.has('HEAD')));
    if (others.length > 0) ctx.server.route({ method: others, url: path, handler: notAllowed });
  }
}

async function notAllowed(): Promise<never> {
  throw new MethodNotAllowedError();
}
