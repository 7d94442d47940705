/**
 * The per-request value every resolver receives (graphql-js `contextValue`). Resolvers depend
 * on this narrow interface only, so the schema can be built and tested without an application.
 */
import type { LocaleService } from '../transport/transport-context.js';
import type { Registry } from '../model/types.js';
import type { Operations } from '../operations/operations.js';
import type { Caller } from '../operations/types.js';
import type { GraphqlLimits } from '../query/parse-graphql-args.js';
import type { QueryBudget } from '../query/query-cost.js';
import type { UploadService } from '../upload/upload-service.js';
import type { Tracer } from './execution/tracing.js';
import type { DeferredLoad } from './resolvers/selection-to-populate.js';

/** the shadow-CRUD actions a type's queries and mutations are generated for */
export type GraphqlAction = 'find' | 'findOne' | 'create' | 'update' | 'delete';

export interface GraphqlContext {
  readonly registry: Registry;
  readonly limits: GraphqlLimits;
  /** REST's query budget, checked over each root query and the alias variants it loads apart */
  readonly budget: QueryBudget;
  /**
   * The operation layer: root resolvers parse their arguments and selection, and call it with
   * `caller` (permission check, sanitising, policies, middlewares, lifecycles, repository).
   */
  readonly operations: Operations;
  /** this request as the operation layer's caller */
  readonly caller: Caller;
  /** alias variants of relation selections loaded apart from the root query, by alias path */
  readonly deferred: Map<string, DeferredLoad>;
  /** set when `engineServer.tracing` is on */
  readonly tracer: Tracer | null;
  /** the transport's request object (Fastify), for extensions */
  readonly request: unknown;
  /** the project's locales, for `i18NLocale(s)` (absent where no app runs: they then fail) */
  readonly locales?: Pick<LocaleService, 'query' | 'count'>;
  /** the media library, for the upload mutations (absent where no app runs: they then fail) */
  readonly uploads?: UploadService;
}
