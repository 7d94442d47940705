import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ContentAction } from '../auth/actions.js';
import type { TransportAuth } from '../auth/auth-service.js';
import type { DocumentRepository } from '../documents/types.js';
import type { Registry } from '../model/types.js';

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
  authorize(request: FastifyRequest, action: ContentAction, uid: string): Promise<void>;
  /**
   * Authentication for transports: the request's actor, query sanitising (forbidden population
   * dropped, probing filters refused) to call on every parsed query before the repository,
   * write checks, local register/login and the auth routes' rate limit.
   */
  readonly auth: TransportAuth;
  /** `config/api` rest section and the raw merged project config */
  readonly rest: { prefix: string; defaultLimit: number; maxLimit: number; withCount: boolean; strictParams: boolean; populateDepthLimit: number };
  readonly rawConfig: Readonly<Record<string, unknown>>;
  readonly environment: 'development' | 'production' | 'test';
  /** the application instance handed to user code (`landingPage` functions, policies) */
  readonly app: unknown;
  readonly log: { info(msg: string): void; warn(msg: string): void; error(msg: string, err?: unknown): void };
}
