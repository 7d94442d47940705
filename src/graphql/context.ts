/**
 * The per-request value every resolver receives (graphql-js `contextValue`). Resolvers depend
 * on this narrow interface only, so the schema can be built and tested without an application.
 */
import type { DocumentRepository } from '../documents/types.js';
import type { Registry } from '../model/types.js';
import type { Query, Selection } from '../query/ast.js';
import type { GraphqlLimits } from '../query/parse-graphql-args.js';
import type { Tracer } from './execution/tracing.js';
import type { DeferredLoad } from './resolvers/selection-to-populate.js';

export type GraphqlAction = 'find' | 'findOne' | 'create' | 'update' | 'delete';

export interface GraphqlContext {
  readonly registry: Registry;
  readonly limits: GraphqlLimits;
  repository(uid: string): DocumentRepository;
  /** throws UnauthorizedError / ForbiddenError when the request may not do `action` on `uid` */
  authorize(action: GraphqlAction, uid: string): Promise<void>;
  /** whether the caller may read `uid` (populating a relation or media field needs it) */
  canFind(uid: string): Promise<boolean>;
  /**
   * The permission-aware query check every transport runs before the repository: 401 for an
   * anonymous draft read, 400 for filters or sorts through relations the caller cannot read.
   */
  sanitize<Q extends Selection & Partial<Pick<Query, 'filters' | 'sort'>>>(uid: string, query: Q, action: GraphqlAction): Promise<Q>;
  /** 400 when write data names a relation target the caller may not read */
  checkWrite(uid: string, data: unknown): Promise<void>;
  /** documentId of the authenticated user (recorded as createdBy/updatedBy), if a user is calling */
  author(): Promise<string | undefined>;
  /**
   * Target uids whose population was dropped in this request because the caller lacks `find`
   * on them: their fields answer with a FORBIDDEN error instead of silently empty data.
   */
  readonly deniedTargets: Set<string>;
  /** alias variants of relation selections loaded apart from the root query, by alias path */
  readonly deferred: Map<string, DeferredLoad>;
  /** set when `engineServer.tracing` is on */
  readonly tracer: Tracer | null;
  /** the transport's request object (Fastify), for extensions */
  readonly request: unknown;
}
