/**
 * What `use(extension)` accepts (spec 4.8): the shapes Strapi v4 projects write. Values come
 * from project code, so everything is checked when the schema is built (`check-extension.ts`).
 */
import type { GraphQLFieldResolver, GraphQLResolveInfo } from 'graphql';
import type * as nexus from 'nexus';
import type { KoaContext } from '../koa-context.js';

/** `(policyContext, config, { strapi })`; `true` or `undefined` lets the request through. */
export type PolicyHandler = (context: PolicyContext, config: unknown, app: { strapi: unknown; app: unknown }) => unknown;

/** A resolver middleware: call `next(parent, args, context, info)` to go on. */
export type ResolverMiddleware = (
  next: GraphQLFieldResolver<unknown, unknown>,
  parent: unknown,
  args: Record<string, unknown>,
  context: ExtendedContext,
  info: GraphQLResolveInfo,
) => unknown;

export type PolicyItem = string | { readonly name: string; readonly config?: unknown } | PolicyHandler;
export type MiddlewareItem = string | { readonly name: string; readonly options?: unknown } | ResolverMiddleware;

export interface ResolverConfig {
  /** `false`: no permission check at all; `{ scope }`: these permissions instead of the default */
  readonly auth?: false | { readonly scope: readonly string[] };
  readonly policies?: readonly PolicyItem[];
  readonly middlewares?: readonly MiddlewareItem[];
}

export interface ExtensionObject {
  readonly types?: readonly unknown[];
  readonly typeDefs?: string;
  readonly plugins?: readonly unknown[];
  readonly resolvers?: Readonly<Record<string, unknown>>;
  readonly resolversConfig?: Readonly<Record<string, ResolverConfig>>;
}

export interface ExtensionHelpers {
  readonly nexus: typeof nexus;
  readonly strapi: unknown;
  readonly app: unknown;
}

export type Extension = ExtensionObject | ((helpers: ExtensionHelpers) => ExtensionObject);

/** `ctx.state` as Strapi code reads it: the authenticated user and how the request authenticated. */
export interface RequestState {
  user?: unknown;
  auth?: { readonly strategy: { readonly name: string }; readonly credentials: unknown };
  isAuthenticated: boolean;
}

/** The Koa-style ctx (koa-context.ts) a policy sees as `context.http` (Strapi's `koaContext`): the request, read only. */
export interface HttpContext extends KoaContext<RequestState> {
  readonly request: KoaContext['request'] & { readonly ip: string };
}

/** The GraphQL context as project code sees it: Vellum's, plus `state`, `http` and `koaContext`. */
export type ExtendedContext = Record<string, unknown> & {
  readonly state: RequestState;
  readonly http: HttpContext;
  readonly koaContext: HttpContext;
};

/** Strapi's GraphQL policy context. */
export interface PolicyContext {
  readonly type: 'graphql';
  is(type: string): boolean;
  readonly parent: unknown;
  readonly args: Record<string, unknown>;
  readonly context: ExtendedContext;
  readonly info: GraphQLResolveInfo;
  readonly state: RequestState;
  readonly http: HttpContext;
}
