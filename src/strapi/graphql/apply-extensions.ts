/**
 * The generated schema plus the project's extensions, in Strapi v4's order: nexus `types` and
 * `plugins` (the real `nexus` package, over the generated schema through `mergeSchema`), SDL
 * `typeDefs` (graphql-js `extendSchema`, so `extend type Query` works and generated resolvers
 * and scalars stay as they are), `resolvers` (`@graphql-tools/schema`), then `resolversConfig`.
 * Every mistake is a StartupError naming the extension (its `use()` position) and the item.
 * nexus and @graphql-tools/schema (about 300 modules, ~200 ms of a start) are loaded only when an
 * extension uses them.
 */
import type { IResolvers } from '@graphql-tools/utils';
import { extendSchema, GraphQLError, isObjectType, parse, type GraphQLSchema } from 'graphql';
import type * as Nexus from 'nexus';
import { StartupError } from '../../errors/index.js';
import { isRecord } from '../../util/is-record.js';
import type { NamedHandlers } from './named-handlers.js';
import type { ExtensionObject, MiddlewareItem, PolicyItem, ResolverConfig, ResolverMiddleware } from './types.js';
import { wrapResolvers, type ResolvedConfig, type ResolvedPolicy, type WrapRuntime } from './wrap-resolvers.js';
import { loadPackage } from '../../util/load-package.js';

export interface NumberedExtension {
  readonly index: number;
  readonly extension: ExtensionObject;
}

export interface ExtensionRuntime extends WrapRuntime {
  readonly handlers: NamedHandlers;
}

function fail(index: number, message: string): never {
  throw new StartupError(`GraphQL extension #${index} (extension service use()): ${message}`);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function checkShape(index: number, extension: unknown): ExtensionObject {
  if (!isRecord(extension)) fail(index, 'must be an object, or a function returning one');
  const { types, typeDefs, plugins, resolvers, resolversConfig } = extension;
  if (types !== undefined && !Array.isArray(types)) fail(index, '`types` must be an array of nexus types');
  if (plugins !== undefined && !Array.isArray(plugins)) fail(index, '`plugins` must be an array of nexus plugins');
  if (typeDefs !== undefined && typeof typeDefs !== 'string') fail(index, '`typeDefs` must be an SDL string');
  if (resolvers !== undefined && !isRecord(resolvers)) fail(index, '`resolvers` must be an object keyed by type then field');
  if (resolversConfig !== undefined && !isRecord(resolversConfig)) fail(index, '`resolversConfig` must be an object keyed by "Type.field"');
  return extension as ExtensionObject;
}

async function withNexus(schema: GraphQLSchema, extensions: readonly NumberedExtension[]): Promise<GraphQLSchema> {
  const types = extensions.flatMap(({ extension }) => extension.types ?? []);
  const plugins = extensions.flatMap(({ extension }) => extension.plugins ?? []);
  if (types.length === 0 && plugins.length === 0) return schema;
  const nexus = await loadPackage(() => import('nexus'));
  try {
    return nexus.makeSchema({
      types,
      plugins: plugins as Nexus.core.NexusPlugin[],
      mergeSchema: { schema },
      outputs: false,
      shouldGenerateArtifacts: false,
    });
  } catch (error) {
    const owner = extensions.find(({ extension }) => (extension.types?.length ?? 0) > 0 || (extension.plugins?.length ?? 0) > 0);
    return fail(owner?.index ?? 1, `nexus types/plugins: ${messageOf(error)}`);
  }
}

function withTypeDefs(schema: GraphQLSchema, extensions: readonly NumberedExtension[]): GraphQLSchema {
  let current = schema;
  for (const { index, extension } of extensions) {
    if (extension.typeDefs === undefined || extension.typeDefs.trim() === '') continue;
    try {
      current = extendSchema(current, parse(extension.typeDefs));
    } catch (error) {
      const where = error instanceof GraphQLError && error.locations?.[0] ? ` (line ${error.locations[0].line}, column ${error.locations[0].column})` : '';
      fail(index, `invalid typeDefs SDL${where}: ${messageOf(error)}`);
    }
  }
  return current;
}

async function withResolvers(schema: GraphQLSchema, extensions: readonly NumberedExtension[]): Promise<{ schema: GraphQLSchema; replaced: Set<string> }> {
  let current = schema;
  const replaced = new Set<string>();
  if (extensions.every(({ extension }) => !extension.resolvers)) return { schema: current, replaced };
  const { addResolversToSchema } = await loadPackage(() => import('@graphql-tools/schema'));
  for (const { index, extension } of extensions) {
    if (!extension.resolvers) continue;
    for (const [type, fields] of Object.entries(extension.resolvers)) {
      if (isRecord(fields)) for (const field of Object.keys(fields)) replaced.add(`${type}.${field}`);
    }
    try {
      current = addResolversToSchema({ schema: current, resolvers: extension.resolvers as IResolvers });
    } catch (error) {
      fail(index, `resolvers: ${messageOf(error)}`);
    }
  }
  return { schema: current, replaced };
}

function resolvePolicy(index: number, path: string, item: PolicyItem, handlers: NamedHandlers): ResolvedPolicy {
  if (typeof item === 'function') {
    // Strapi's docs write inline policies as `(context, { strapi })`, its code calls `(context, config, { strapi })`: both work
    return { handler: item, config: undefined, inline: true } as ResolvedPolicy & { inline: true };
  }
  const { name, config } = typeof item === 'string' ? { name: item, config: {} } : isRecord(item) && typeof item.name === 'string' ? { name: item.name, config: item.config ?? {} } : fail(index, `resolversConfig "${path}": a policy must be a name, { name, config } or a function`);
  const handler = handlers.policy(name);
  if (handler === undefined) fail(index, `resolversConfig "${path}": unknown policy "${name}"`);
  const fn = isRecord(handler) && typeof handler['handler'] === 'function' ? handler['handler'] : handler;
  if (typeof fn !== 'function') fail(index, `resolversConfig "${path}": policy "${name}" is not a function`);
  return { handler: fn as ResolvedPolicy['handler'], config };
}

function resolveMiddleware(index: number, path: string, item: MiddlewareItem, handlers: NamedHandlers, app: unknown): ResolverMiddleware {
  if (typeof item === 'function') return item;
  const named = typeof item === 'string' ? { name: item, options: undefined, factory: false } : isRecord(item) && typeof item.name === 'string' ? { name: item.name, options: item.options ?? {}, factory: true } : fail(index, `resolversConfig "${path}": a middleware must be a name, { name, options } or a function`);
  const registered = handlers.middleware(named.name);
  if (registered === undefined) fail(index, `resolversConfig "${path}": unknown middleware "${named.name}"`);
  if (typeof registered !== 'function') fail(index, `resolversConfig "${path}": middleware "${named.name}" is not a function`);
  if (!named.factory) return registered as ResolverMiddleware;
  // `{ name, options }`: the registered function is a factory `(options, { strapi })` → resolver middleware (v4)
  const built: unknown = (registered as (options: unknown, app: { strapi: unknown; app: unknown }) => unknown)(named.options, { strapi: app, app });
  if (typeof built !== 'function') fail(index, `resolversConfig "${path}": middleware "${named.name}" called with its options must return a resolver middleware function`);
  return built as ResolverMiddleware;
}

function fieldExists(schema: GraphQLSchema, path: string): string | null {
  const dot = path.indexOf('.');
  if (dot <= 0 || dot === path.length - 1) return 'expected "Type.field"';
  const typeName = path.slice(0, dot);
  const type = schema.getType(typeName);
  if (!type) return `there is no type ${typeName}`;
  if (!isObjectType(type)) return `${typeName} is not an object type`;
  return type.getFields()[path.slice(dot + 1)] ? null : `type ${typeName} has no field ${path.slice(dot + 1)}`;
}

function resolveConfigs(schema: GraphQLSchema, extensions: readonly NumberedExtension[], runtime: ExtensionRuntime): Map<string, ResolvedConfig> {
  const merged = new Map<string, { index: number; config: ResolverConfig }>();
  for (const { index, extension } of extensions) {
    for (const [path, config] of Object.entries(extension.resolversConfig ?? {})) {
      if (!isRecord(config)) fail(index, `resolversConfig "${path}" must be an object`);
      const problem = fieldExists(schema, path);
      if (problem) fail(index, `resolversConfig "${path}" names no field: ${problem}`);
      // later use() calls override the keys they give, as Strapi merges configurations
      merged.set(path, { index, config: { ...merged.get(path)?.config, ...config } });
    }
  }
  const resolved = new Map<string, ResolvedConfig>();
  for (const [path, { index, config }] of merged) {
    const { auth } = config;
    if (auth !== undefined && auth !== false && !(isRecord(auth) && Array.isArray(auth.scope) && auth.scope.every((s) => typeof s === 'string'))) {
      fail(index, `resolversConfig "${path}": auth must be false or { scope: [<permission>, ...] }`);
    }
    if (config.policies !== undefined && !Array.isArray(config.policies)) fail(index, `resolversConfig "${path}": policies must be an array`);
    if (config.middlewares !== undefined && !Array.isArray(config.middlewares)) fail(index, `resolversConfig "${path}": middlewares must be an array`);
    resolved.set(path, {
      auth,
      policies: (config.policies ?? []).map((item) => {
        const policy = resolvePolicy(index, path, item, runtime.handlers);
        if (!('inline' in policy)) return policy;
        const helpers = { strapi: runtime.app, app: runtime.app };
        return { handler: (context, _config, app) => policy.handler(context, helpers, app), config: undefined };
      }),
      middlewares: (config.middlewares ?? []).map((item) => resolveMiddleware(index, path, item, runtime.handlers, runtime.app)),
    });
  }
  return resolved;
}

/** `base` with every registered extension applied; `base` itself when there is none. */
export async function applyExtensions(base: GraphQLSchema, registered: readonly NumberedExtension[], runtime: ExtensionRuntime): Promise<GraphQLSchema> {
  if (registered.length === 0) return base;
  const extensions = registered.map(({ index, extension }) => ({ index, extension: checkShape(index, extension) }));
  const builtInRootFields = new Set([base.getQueryType(), base.getMutationType(), base.getSubscriptionType()].flatMap((root) => Object.keys(root?.getFields() ?? {})));
  const { schema, replaced } = await withResolvers(withTypeDefs(await withNexus(base, extensions), extensions), extensions);
  const configs = resolveConfigs(schema, extensions, runtime);
  return wrapResolvers(schema, runtime, { configs, builtInRootFields, replaced });
}
