/**
 * Strapi 5 plugin extensions for the plugins whose routes Vellum serves itself:
 * `src/extensions/upload/strapi-server.{js,ts,mjs,cjs}` and
 * `src/extensions/users-permissions/strapi-server.*`, each exporting `(plugin) => plugin`. The
 * function gets the plugin as Strapi describes it (plugin-routes.ts): `routes['content-api']`
 * (upload: `{ type, routes }`; users-permissions: a function with a `routes` property, as Strapi
 * 5.20+ gives it), `controllers`, `services`, `policies`, `middlewares`, `contentTypes`.
 *
 * Applied: each content-API route's `config.policies`, `config.middlewares` and `config.auth`
 * (`false`: public; `{ scope }`), run by the operation layer around the route's operation; a
 * route removed from the array is not served (404); `plugin.policies` / `plugin.middlewares`
 * added by the extension are registered as `plugin::<plugin>.<name>`. Everything else it changes
 * (controllers, services, content types, a route's handler or path, added routes, other plugins'
 * extensions) Vellum does not apply: each is a startup warning naming it.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { NotFoundError, StartupError } from '../errors/index.js';
import type { Operations } from '../operations/operations.js';
import type { Registry } from '../model/types.js';
import type { GuardContext, RouteGuardMiddleware, RouteGuardPolicy, RouteSettings, RouteSettingsLookup } from '../transport/route-settings.js';
import { isRecord } from '../util/is-record.js';
import { pluginRouteContext } from './plugin-route-context.js';
import { EXTENSIBLE_PLUGINS, RATE_LIMIT, servedPath, type ExtensiblePlugin } from './plugin-routes.js';
import { loadProjectModule, type ProjectModules } from './strapi-modules.js';

const ENTRY_FILES = ['strapi-server.js', 'strapi-server.ts', 'strapi-server.mjs', 'strapi-server.cjs'];
const CONFIG_KEYS = new Set(['policies', 'middlewares', 'auth', 'prefix']);

export interface PluginExtensionDeps {
  readonly dir: string;
  readonly modules: ProjectModules;
  readonly operations: Operations;
  readonly registry: Registry;
  /** the app, handed to policies and middleware factories as `{ strapi }` */
  readonly strapi: unknown;
  readonly warn: (message: string) => void;
}

type Fn = (...args: never[]) => unknown;
const notCallable = (plugin: string, name: string) => () => {
  throw new Error(`${plugin} ${name}: Vellum serves this plugin itself; its controllers and services cannot be called from an extension`);
};

/** the plugin object an extension receives, and what it held before (to tell what changed) */
function describePlugin(name: string, plugin: ExtensiblePlugin, registry: Registry) {
  const controllers: Record<string, Record<string, Fn>> = {};
  for (const { handler } of plugin.routes) {
    const [controller = '', action = ''] = handler.split('.');
    (controllers[controller] ??= {})[action] = notCallable(name, `controller ${handler}`);
  }
  const routes = plugin.routes.map((r) => ({ method: r.method, path: r.path, handler: r.handler, config: { policies: [], ...r.config, middlewares: [...(r.config.middlewares ?? [])] } }));
  const contentApi: unknown = name === 'users-permissions'
    // Strapi 5.20+: a factory called with `strapi`, whose `routes` an extension may read and replace
    ? Object.assign((): unknown => ({ type: 'content-api', routes: (contentApi as { routes: unknown }).routes }), { type: 'content-api', routes })
    : { type: 'content-api', routes };
  const contentTypes = Object.fromEntries(Object.entries(plugin.contentTypes).flatMap(([short, uid]) => {
    const schema = registry.contentTypes.get(uid);
    return schema ? [[short, { schema: JSON.parse(JSON.stringify(schema)) as unknown }]] : [];
  }));
  const value: Record<string, unknown> = {
    routes: { 'content-api': contentApi, admin: { type: 'admin', routes: [] } },
    controllers,
    services: {},
    policies: {},
    middlewares: name === 'users-permissions' ? { rateLimit: notCallable(name, 'middleware rateLimit') } : {},
    contentTypes,
    config: {},
  };
  return { value, contentApi, before: snapshot(value) };
}

/** identities of what an extension may replace, and the content types as JSON */
function snapshot(plugin: Record<string, unknown>): Map<string, unknown> {
  const seen = new Map<string, unknown>();
  for (const [key, value] of Object.entries(plugin)) {
    seen.set(key, value);
    if (key === 'contentTypes') seen.set('contentTypes:json', JSON.stringify(value));
    else if (key !== 'routes' && isRecord(value)) {
      for (const [name, item] of Object.entries(value)) {
        seen.set(`${key}.${name}`, item);
        if (key === 'controllers' && isRecord(item)) for (const [action, fn] of Object.entries(item)) seen.set(`${key}.${name}.${action}`, fn);
      }
    }
  }
  if (isRecord(plugin.routes)) for (const [kind, value] of Object.entries(plugin.routes)) seen.set(`routes.${kind}`, value);
  return seen;
}

/** what an extension changed that Vellum does not apply (`policies.*`, `middlewares.*` additions are applied) */
function unapplied(before: Map<string, unknown>, after: Map<string, unknown>): string[] {
  const changed: string[] = [];
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    if (before.get(key) === after.get(key) || key === 'routes.content-api' || key === 'contentTypes') continue;
    if (/^(policies|middlewares)\.[^.]+$/.test(key) && !before.has(key)) continue;
    if (key === 'contentTypes:json') changed.push('contentTypes (schema changes)');
    else changed.push(key === 'routes.admin' ? 'routes.admin (admin routes)' : key);
  }
  // a changed controller's action is named, not its container too
  return changed.filter((key) => !changed.some((other) => other !== key && other.startsWith(`${key}.`)));
}

function contentApiRoutes(file: string, value: unknown, ours: unknown, strapi: unknown): unknown[] {
  const resolved = typeof value === 'function' && value !== ours && !('routes' in value) ? (value as (s: unknown) => unknown)(strapi) : value;
  const routes = isRecord(resolved) || typeof resolved === 'function' ? (resolved as { routes?: unknown }).routes : undefined;
  if (!Array.isArray(routes)) throw new StartupError(`${file}: plugin.routes['content-api'] must hold { routes: [...] } (or a function returning it)`);
  return routes;
}

export function loadPluginExtensions(deps: PluginExtensionDeps): RouteSettingsLookup | undefined {
  const root = join(deps.dir, 'src', 'extensions');
  if (!existsSync(root)) return undefined;
  const settings = new Map<string, RouteSettings | null>();
  for (const entry of readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
    const found = ENTRY_FILES.map((name) => join(root, entry.name, name)).find((file) => existsSync(file));
    const plugin = EXTENSIBLE_PLUGINS[entry.name];
    if (!plugin) {
      if (found) deps.warn(`${found}: extensions of the "${entry.name}" plugin are not applied (Vellum applies those of upload and users-permissions)`);
      continue;
    }
    if (found) applyExtension(deps, entry.name, plugin, found, settings);
    if (existsSync(join(root, entry.name, 'content-types'))) deps.warn(`${join(root, entry.name, 'content-types')}: schema extensions of plugin content types are not applied`);
  }
  if (settings.size === 0) return undefined;
  return (method, path) => settings.get(`${method} ${path}`);
}

function applyExtension(deps: PluginExtensionDeps, name: string, plugin: ExtensiblePlugin, file: string, settings: Map<string, RouteSettings | null>): void {
  let extend: unknown;
  try {
    extend = loadProjectModule(deps.dir, file, deps.modules);
  } catch (error) {
    throw new StartupError(`${file}: cannot be loaded: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof extend !== 'function') throw new StartupError(`${file}: must export a function (plugin) => plugin`);
  const described = describePlugin(name, plugin, deps.registry);
  const returned: unknown = (extend as (p: unknown) => unknown)(described.value);
  if (returned instanceof Promise) throw new StartupError(`${file}: the extension must return the plugin, not a promise (Strapi calls it synchronously)`);
  const extended = isRecord(returned) ? returned : described.value;
  const warn = (what: string) => deps.warn(`${file}: ${what}: not applied by Vellum, which serves the ${name} plugin itself (docs/customization.md, "Plugin extensions")`);
  for (const key of unapplied(described.before, snapshot(extended))) warn(key);
  registerNamed(deps, name, extended);

  const routes = contentApiRoutes(file, isRecord(extended.routes) ? extended.routes['content-api'] : undefined, described.contentApi, deps.strapi);
  const known = new Map(plugin.routes.map((r) => [`${r.method} ${servedPath(plugin, r.path, r.config.prefix)}`, r]));
  const kept = new Set<string>();
  routes.forEach((item, index) => {
    if (!isRecord(item) || typeof item.method !== 'string' || typeof item.path !== 'string') throw new StartupError(`${file}: routes[${index}] must be { method, path, handler, config }`);
    const config = item.config ?? {};
    if (!isRecord(config)) throw new StartupError(`${file}: route ${item.method} ${item.path}: config must be an object`);
    const key = `${item.method.toUpperCase()} ${servedPath(plugin, item.path, config.prefix)}`;
    const route = known.get(key);
    if (!route) return warn(`route ${key} (${String(item.handler)}) is not one Vellum serves: not served`);
    kept.add(key);
    if (item.handler !== route.handler) warn(`route ${key}: handler ${String(item.handler)} (Vellum's ${route.handler} answers)`);
    for (const other of Object.keys(config).filter((k) => !CONFIG_KEYS.has(k))) warn(`route ${key}: config.${other}`);
    const where = `${file}: route ${key}`;
    const middlewares = Array.isArray(config.middlewares) ? config.middlewares : config.middlewares === undefined ? [] : fail(where, 'config.middlewares must be an array');
    if (route.config.middlewares?.includes(RATE_LIMIT) && !middlewares.includes(RATE_LIMIT)) warn(`route ${key}: removing ${RATE_LIMIT} (Vellum's rate limit of this route stays)`);
    const routeInfo = { method: route.method, path: route.path, handler: `plugin::${name}.${route.handler}` };
    const guards: RouteSettings = {
      ...authOf(where, config.auth),
      policies: policiesOf(deps, where, config.policies, routeInfo),
      middlewares: middlewares.filter((m) => m !== RATE_LIMIT).map((m, i) => middlewareOf(deps, where, m, i, routeInfo)),
    };
    if (guards.auth !== undefined || guards.policies?.length || guards.middlewares?.length) settings.set(key, guards);
  });
  for (const key of known.keys()) if (!kept.has(key)) settings.set(key, null);
}

function fail(where: string, message: string): never {
  throw new StartupError(`${where}: ${message}`);
}

function authOf(where: string, auth: unknown): Pick<RouteSettings, 'auth'> {
  if (auth === undefined) return {};
  if (auth === false) return { auth: false };
  if (isRecord(auth) && Array.isArray(auth.scope) && auth.scope.every((s) => typeof s === 'string')) return { auth: { scope: auth.scope as string[] } };
  return fail(where, 'config.auth must be false or { scope: [<action>, ...] }');
}

/** `plugin.policies.x` / `plugin.middlewares.x` the extension added: `plugin::<plugin>.x`, as Strapi names them */
function registerNamed(deps: PluginExtensionDeps, name: string, plugin: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(isRecord(plugin.policies) ? plugin.policies : {})) deps.operations.policies.register(`plugin::${name}.${key}`, value as never);
  for (const [key, value] of Object.entries(isRecord(plugin.middlewares) ? plugin.middlewares : {})) {
    if (!(name === 'users-permissions' && key === 'rateLimit')) deps.operations.routeMiddlewares.register(`plugin::${name}.${key}`, value);
  }
}

type StrapiPolicy = (ctx: unknown, config: unknown, helpers: { strapi: unknown }) => unknown;
type StrapiMiddleware = (ctx: unknown, next: () => Promise<unknown>) => unknown;

function policiesOf(deps: PluginExtensionDeps, where: string, items: unknown, route: Record<string, string>): RouteGuardPolicy[] {
  if (items === undefined) return [];
  if (!Array.isArray(items)) fail(where, 'config.policies must be an array');
  const helpers = { strapi: deps.strapi };
  return items.map((item: unknown): RouteGuardPolicy => {
    const named = typeof item === 'function' ? { fn: item, config: {} }
      : typeof item === 'string' ? { name: item, config: {} }
        : isRecord(item) && typeof item.name === 'string' ? { name: item.name, config: item.config ?? {} } : fail(where, 'a policy must be a name, { name, config } or a function');
    let fn: unknown = 'fn' in named ? named.fn : undefined;
    const policyName = 'name' in named ? named.name : undefined;
    if (policyName !== undefined) {
      const found: unknown = deps.operations.policies.find(policyName);
      if (found === undefined) fail(where, `unknown policy "${policyName}"`);
      fn = isRecord(found) && typeof found.handler === 'function' ? found.handler : found;
      if (typeof fn !== 'function') fail(where, `policy "${policyName}" is not a function`);
    }
    const policy = fn as StrapiPolicy;
    return async (guard: GuardContext) => ((await policy(pluginRouteContext(guard, route), named.config, helpers)) === false ? false : undefined);
  });
}

function middlewareOf(deps: PluginExtensionDeps, where: string, item: unknown, index: number, route: Record<string, string>): RouteGuardMiddleware {
  let middleware: unknown = item;
  if (typeof item !== 'function') {
    const named = typeof item === 'string' ? { name: item, config: {} } : isRecord(item) && typeof item.name === 'string' ? { name: item.name, config: item.config ?? item.options ?? {} } : fail(where, `middlewares[${index}] must be a name, { name, config } or a function`);
    const factory = deps.operations.routeMiddlewares.find(named.name);
    if (typeof factory !== 'function') fail(where, `unknown middleware "${named.name}"`);
    // Strapi's middleware files export a factory: (config, { strapi }) => (ctx, next) => …
    middleware = (factory as (config: unknown, h: unknown) => unknown)(named.config, { strapi: deps.strapi });
    if (typeof middleware !== 'function') fail(where, `middleware "${named.name}" called with its config must return (ctx, next) => …`);
  }
  const run = middleware as StrapiMiddleware;
  return async (guard, next) => {
    const ctx = pluginRouteContext(guard, route);
    let ran = false;
    let result: unknown;
    await run(ctx, async () => {
      ran = true;
      result = await next();
      ctx.body = result;
    });
    // answered without next(): the route has no answer of its own (Koa: no body, a 404)
    if (!ran) throw new NotFoundError();
    return result;
  };
}
