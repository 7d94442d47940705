import type { FastifyInstance } from 'fastify';
import type { TransportAuth } from '../auth/auth-service.js';
import type { GraphqlConfig, RestApiConfig } from '../config/types.js';
import type { Registry } from '../model/types.js';
import type { LocaleService } from '../documents/locales.js';
import type { Operations } from '../operations/operations.js';
import type { QueryBudget } from '../query/query-cost.js';
import type { RouteSettingsLookup } from './route-settings.js';

export type { TransportAuth } from '../auth/auth-service.js';
export type { Locale, LocaleService } from '../documents/locales.js';

/**
 * What a transport plugin (REST, GraphQL; the admin API next) receives from the application.
 * Every route and resolver reaches data through `operations` alone: content types and plugin
 * types (users, files) with `operations.forType(uid)`, the actions that are no document
 * operation (register, upload, role writes, custom routes) with `operations.action(name, …)`.
 * Either checks the caller's permission, runs policies, middlewares and lifecycles.
 */
export interface TransportContext {
  readonly server: FastifyInstance;
  readonly registry: Registry;
  /**
   * The operation layer: routes and resolvers parse, call it with the request as caller, and
   * shape the result; permission checks, sanitising, policies, middlewares and lifecycles
   * happen there.
   */
  readonly operations: Operations;
  /** the project's locales (`GET /api/i18n/locales`, GraphQL `i18NLocales`) */
  readonly locales: LocaleService;
  /**
   * The users-permissions services the auth actions call (register, login, the account flows,
   * user and role writes) and the auth routes' per-IP rate limit. No permission or data access
   * of its own: the actions around these calls are `operations.action`s.
   */
  readonly auth: TransportAuth;
  /** `config/api` rest section, with the query budget every parsed query is checked against, and the checked `plugins.graphql` settings */
  readonly rest: RestApiConfig & { readonly budget: QueryBudget };
  readonly graphql: GraphqlConfig;
  readonly environment: 'development' | 'production' | 'test';
  /** the application instance handed to user code (`landingPage` functions, policies) */
  readonly app: unknown;
  /** what the project changed on the built-in media and users-permissions routes (none: undefined) */
  readonly builtInRoutes?: RouteSettingsLookup;
  readonly log: { info(msg: string): void; warn(msg: string): void; error(msg: string, err?: unknown): void };
}
