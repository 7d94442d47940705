/**
 * The shape of Strapi 5's db-level read params, which read lifecycle events carry
 * (`event.params`, built by lifecycle-params.ts). Apart from the builder so the lifecycle event
 * type (types.ts) names it without importing the builder, which imports types.ts.
 */
export type StrapiWhere = Record<string, unknown>;

/** Strapi's db-level params of a read (`findMany`: all of them; `findOne`: where/select/populate; `count`: where). */
export interface StrapiReadParams {
  where?: StrapiWhere;
  select?: string[];
  populate?: Record<string, unknown>;
  orderBy?: Record<string, unknown>[];
  limit?: number;
  offset?: number;
}
