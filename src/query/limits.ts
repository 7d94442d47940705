import type { Registry } from '../model/types.js';

/** The `api.rest` settings the REST parser needs (values come from `src/config/`). */
export interface RestLimits {
  /** page size when the query gives none */
  readonly defaultLimit: number;
  /** larger page sizes are clamped to this; `limit=-1` means this */
  readonly maxLimit: number;
  /** whether list responses count the total when the query does not say */
  readonly withCount: boolean;
  /** reject unknown top-level query parameters (and unknown `pagination` keys) instead of ignoring them */
  readonly strictParams: boolean;
  /** deepest allowed populate nesting; `populate=a` is depth 1 */
  readonly populateDepthLimit: number;
}

/** What the REST parsers read: the model to validate against and the configured limits. */
export interface RestQueryContext {
  readonly registry: Registry;
  readonly rest: RestLimits;
}
