import type { RestApiConfig } from '../config/types.js';
import type { Registry } from '../model/types.js';
import type { QueryBudget } from './query-cost.js';

/**
 * The `api.rest` settings the REST parser needs, as the config slice defines them: `defaultLimit`
 * (page size when the query gives none), `maxLimit` (larger page sizes are clamped to it;
 * `limit=-1` means it), `withCount` (count the total when the query does not say), `strictParams`
 * (refuse unknown top-level parameters and `pagination` keys) and `populateDepthLimit` (deepest
 * populate nesting; `populate=a` is depth 1), plus `budget`, the size budget of one query
 * (query-cost.ts; absent: unbounded, as for server-side reads). The URL prefix is the router's,
 * not the parser's; the entry cap (`maxResponseEntries`) is the engine's.
 */
export type RestLimits = Pick<RestApiConfig, 'defaultLimit' | 'maxLimit' | 'withCount' | 'strictParams' | 'populateDepthLimit'> & {
  readonly budget?: QueryBudget;
};

/** What the REST parsers read: the model to validate against and the configured limits. */
export interface RestQueryContext {
  readonly registry: Registry;
  readonly rest: RestLimits;
}
