/**
 * `resolversConfig` applied to the built schema (Strapi v4 `wrap-resolvers`): for a configured
 * field, its permission check (`auth`), then its middlewares in order, then its policies, then
 * the resolver. Fields without configuration keep their resolver untouched (no cost per field),
 * except root fields added by extensions, which need an authenticated caller unless
 * `auth: false` (Strapi's `verify` without a scope). Generated root fields check their own
 * permission inside the resolver, through the operation layer; `auth` replaces that check by
 * handing the resolver a caller that carries the override (`caller.auth`).
 */
import type { OperationAction } from '../../operations/types.js';
import { defaultFieldResolver, isObjectType, type GraphQLFieldResolver, type GraphQLResolveInfo, type GraphQLSchema } from 'graphql';
import type { FastifyRequest } from 'fastify';
import { allowsEvery } from '../../operations/access.js';
import type { Actor } from '../../operations/types.js';
import { ForbiddenError, PolicyError } from '../../errors/index.js';
import type { GraphqlAction, GraphqlContext } from '../../graphql/context.js';
import { httpContextOf, stateOf } from './request-state.js';
import type { ExtendedContext, PolicyContext, ResolverConfig, ResolverMiddleware } from './types.js';

export interface WrapRuntime {
  readonly app: unknown;
  actor(request: FastifyRequest): Promise<Actor>;
}

/** A policy ready to run: its handler and the `config` it is called with. */
export interface ResolvedPolicy {
  readonly handler: (context: PolicyContext, config: unknown, app: { strapi: unknown; app: unknown }) => unknown;
  readonly config: unknown;
}

export interface ResolvedConfig {
  readonly auth: ResolverConfig['auth'];
  readonly policies: readonly ResolvedPolicy[];
  readonly middlewares: readonly ResolverMiddleware[];
}

export interface WrapOptions {
  readonly configs: ReadonlyMap<string, ResolvedConfig>;
  /** root fields of the schema before extensions (generated and users-permissions ones) */
  readonly builtInRootFields: ReadonlySet<string>;
  /** `Type.field` paths whose resolver an extension replaced */
  readonly replaced: ReadonlySet<string>;
}

const ROOT_TYPES = new Set(['Query', 'Mutation', 'Subscription']);

type AnyResolver = GraphQLFieldResolver<unknown, unknown>;

function operationOf(extensions: Readonly<Record<string, unknown>>): { uid: string; action: GraphqlAction } | undefined {
  const vellum = extensions['vellum'];
  if (typeof vellum !== 'object' || vellum === null) return undefined;
  return (vellum as { operation?: { uid: string; action: GraphqlAction } }).operation;
}

/** The state of one request, computed once whatever the number of wrapped fields. */
const extendedContexts = new WeakMap<object, Promise<ExtendedContext>>();

function extend(context: GraphqlContext, runtime: WrapRuntime): Promise<ExtendedContext> {
  let extended = extendedContexts.get(context);
  if (!extended) {
    const request = context.request as FastifyRequest;
    extended = runtime.actor(request).then((actor) => {
      const state = stateOf(actor);
      const http = httpContextOf(request, state);
      return Object.assign(Object.create(null) as Record<string, unknown>, context, { state, http, koaContext: http, actor }) as ExtendedContext;
    });
    extendedContexts.set(context, extended);
  }
  return extended;
}

function policyContext(parent: unknown, args: Record<string, unknown>, context: ExtendedContext, info: GraphQLResolveInfo): PolicyContext {
  return {
    type: 'graphql',
    is: (type) => type === 'graphql',
    parent,
    args,
    context,
    info,
    get state() {
      return context.state;
    },
    get http() {
      return context.http;
    },
  };
}

/** The v4 action a generated root field was made for → the operation whose permission it needs. */
const OPERATION_OF: Readonly<Record<string, OperationAction>> = { find: 'findMany', findOne: 'findOne', create: 'create', update: 'update', delete: 'delete' };

export function wrapResolvers(schema: GraphQLSchema, runtime: WrapRuntime, options: WrapOptions): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    const isRoot = ROOT_TYPES.has(type.name);
    for (const field of Object.values(type.getFields())) {
      const path = `${type.name}.${field.name}`;
      const config = options.configs.get(path);
      const custom = isRoot && !options.builtInRootFields.has(field.name);
      const operation = operationOf(field.extensions);
      const replacedGenerated = operation !== undefined && options.replaced.has(path);
      if (!config && !custom && !replacedGenerated) continue;

      const base = (field.resolve ?? defaultFieldResolver) as AnyResolver;
      const auth = config?.auth;
      const policies = config?.policies ?? [];
      const middlewares = config?.middlewares ?? [];

      const runPolicies: AnyResolver = async (parent, args, context, info) => {
        const ctx = context as ExtendedContext;
        for (const { handler, config: policyConfig } of policies) {
          const result = await handler(policyContext(parent, args, ctx, info), policyConfig, { strapi: runtime.app, app: runtime.app });
          if (result !== true && result !== undefined) throw new PolicyError('Policy Failed');
        }
        return base(parent, args, context, info);
      };
      const chain = middlewares.reduceRight<AnyResolver>(
        (next, middleware) => (parent, args, context, info) => middleware(next, parent, args as Record<string, unknown>, context as ExtendedContext, info),
        runPolicies,
      );

      field.resolve = async (parent, args: Record<string, unknown>, context: GraphqlContext, info) => {
        const extended = await extend(context, runtime);
        const actor = (extended as unknown as { actor: Actor }).actor;
        let resolverContext: ExtendedContext = extended;
        if (auth === false) {
          resolverContext = { ...extended, caller: { ...context.caller, auth: false } };
        } else if (auth && Array.isArray(auth.scope)) {
          // every listed permission is needed (Strapi's `verify`); a refusal is FORBIDDEN, as in v4
          if (!allowsEvery(actor, auth.scope)) throw new ForbiddenError('Forbidden access');
          resolverContext = { ...extended, caller: { ...context.caller, auth: { scope: auth.scope } } };
        } else if (replacedGenerated && operation) {
          await context.operations.forType(operation.uid).check(context.caller, OPERATION_OF[operation.action] ?? 'findMany');
        } else if (custom && !extended.state.isAuthenticated) {
          throw new ForbiddenError('Forbidden access');
        }
        return chain(parent, args, resolverContext, info);
      };
    }
  }
  return schema;
}
