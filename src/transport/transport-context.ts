import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ContentAction } from '../auth/actions.js';
import type { TransportAuth } from '../auth/auth-service.js';
import type { GraphqlConfig, RestApiConfig } from '../config/types.js';
import type { DocumentRepository } from '../documents/types.js';
import type { Registry } from '../model/types.js';
import type { LocaleService } from '../documents/locales.js';
import type { Operations } from '../operations/operations.js';
import type { QueryBudget } from '../query/query-cost.js';

/** The actions a permission check is asked about (Strapi's content-API action names). */
export type { ContentAction } from '../auth/actions.js';

/**
 * What a transport plugin (REST, GraphQL) receives from the application. The permission seam:
 * every route and resolver calls `authorize` before touching data; it throws UnauthorizedError
 * (anonymous or bad credentials) or ForbiddenError (authenticated, not permitted).
 */
export interface TransportContext {
  readonly server: FastifyInstance;
  readonly registry: Registry;
  repository(uid: string): DocumentRepository;
  /**
   * The operation layer: content routes and resolvers parse, call `operations.forType(uid)` with
   * the request as caller, and shape the result; permission checks, sanitising, policies,
   * middlewares and lifecycles happen there.
   */
  readonly operations: Operations;
  /** the project's locales (`GET /api/i18n/locales`, GraphQL `i18NLocales`) */
  readonly locales: LocaleService;
  authorize(request: FastifyRequest, action: ContentAction, uid: string): Promise<void>;
  /**
   * Authentication for transports: the request's actor, query sanitising (forbidden population
   * dropped, probing filters refused) to call on every parsed query before the repository,
   * write checks, local register/login and the auth routes' rate limit.
   */
  readonly auth: TransportAuth;
  /** `config/api` rest section, with the query budget every parsed query is checked against, and the checked `plugins.graphql` settings */
  readonly rest: RestApiConfig & { readonly budget: QueryBudget };
  readonly graphql: GraphqlConfig;
  readonly environment: 'development' | 'production' | 'test';
  /** the application instance handed to user code (`landingPage` functions, policies) */
  readonly app: unknown;
  readonly log: { info(msg: string): void; warn(msg: string): void; error(msg: string, err?: unknown): void };
}
