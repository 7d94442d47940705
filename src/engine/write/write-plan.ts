/**
 * A validated write, ready for SQL: what the document service hands to the engine. Values are
 * in wire form; relations name target documents; media name file ids.
 */
export interface WritePlan {
  /** scalar attribute → wire value (only the attributes the request gave) */
  readonly scalars: Readonly<Record<string, unknown>>;
  /** component attribute → its new content (replaces the old content as a whole) */
  readonly components: Readonly<Record<string, readonly ComponentWrite[]>>;
  readonly relations: Readonly<Record<string, RelationWrite>>;
  /** media attribute → file ids in order (empty: clear) */
  readonly media: Readonly<Record<string, readonly number[]>>;
}

export interface ComponentWrite {
  readonly uid: string;
  readonly plan: WritePlan;
}

/**
 * Where Strapi 5's `connect` puts a target among the links: before or after another target
 * document, first, or last (the default).
 */
export interface RelationPosition {
  readonly before?: string;
  readonly after?: string;
  readonly start?: boolean;
  readonly end?: boolean;
}

/**
 * Target document ids. `set` replaces; `connect` adds (moving an existing link to the end, or
 * where `positions` says: connect target → its position); `disconnect` removes.
 */
export interface RelationWrite {
  readonly set?: readonly string[];
  readonly connect?: readonly string[];
  readonly disconnect?: readonly string[];
  readonly positions?: Readonly<Record<string, RelationPosition>>;
}

export const EMPTY_PLAN: WritePlan = Object.freeze({ scalars: {}, components: {}, relations: {}, media: {} });
