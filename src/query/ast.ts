/**
 * The one query AST. REST query strings and GraphQL arguments both end here; permissions,
 * limits and private-field rules are enforced on it once; the engine turns it into SQL.
 * Nodes are readonly and built frozen by the parsers.
 */

export const COMPARISON_OPERATORS = [
  '$eq', '$eqi', '$ne', '$nei', '$lt', '$lte', '$gt', '$gte', '$in', '$notIn',
  '$contains', '$notContains', '$containsi', '$notContainsi', '$null', '$notNull',
  '$between', '$startsWith', '$startsWithi', '$endsWith', '$endsWithi',
] as const;
export type ComparisonOperator = (typeof COMPARISON_OPERATORS)[number];
export const LOGICAL_OPERATORS = ['$and', '$or', '$not'] as const;

/** A value already typed by the attribute it is compared with (numbers as numbers, booleans as booleans). */
export type FilterScalar = string | number | boolean | null;
export type FilterValue = FilterScalar | readonly FilterScalar[];

export type FilterNode =
  /** `field` is a scalar attribute of the current schema or a system field (id, documentId, createdAt, …) */
  | { readonly kind: 'compare'; readonly field: string; readonly op: ComparisonOperator; readonly value: FilterValue }
  | { readonly kind: 'and'; readonly items: readonly FilterNode[] }
  | { readonly kind: 'or'; readonly items: readonly FilterNode[] }
  | { readonly kind: 'not'; readonly item: FilterNode }
  /**
   * Conditions on the rows behind a relation, media or component attribute: true when at least
   * one related row satisfies `filter` (SQL EXISTS). All conditions inside one `nested` node
   * apply to the same related row.
   */
  | { readonly kind: 'nested'; readonly attribute: string; readonly filter: FilterNode };

export type SortOrder = 'asc' | 'desc';
export interface SortNode {
  /** attribute names; every element but the last is a to-one relation (or single component) */
  readonly path: readonly string[];
  readonly order: SortOrder;
}

export type Pagination =
  | { readonly kind: 'page'; readonly page: number; readonly pageSize: number; readonly withCount: boolean }
  | { readonly kind: 'offset'; readonly start: number; readonly limit: number; readonly withCount: boolean };

/** What to load for one populated attribute (relation, media, component or dynamic zone). */
export interface PopulateNode {
  readonly attribute: string;
  /** null: the default field set (every scalar that is not private) */
  readonly fields: readonly string[] | null;
  readonly sort: readonly SortNode[];
  readonly filters: FilterNode | null;
  readonly populate: readonly PopulateNode[];
  /** dynamic zones only: per component uid; null = every component with default selection */
  readonly on: Readonly<Record<string, NestedSelection>> | null;
  /**
   * Relations only: the publication status of the related rows and of everything loaded below
   * them (GraphQL's nested `publicationState`, also on `localizations`); absent: the status of
   * the level above.
   */
  readonly status?: PublicationStatus;
}

/** The selection inside one component of a dynamic zone (`populate[dz][on][uid]...`). */
export interface NestedSelection {
  readonly fields: readonly string[] | null;
  readonly sort: readonly SortNode[];
  readonly filters: FilterNode | null;
  readonly populate: readonly PopulateNode[];
}

export type PublicationStatus = 'draft' | 'published';

export interface Query {
  readonly filters: FilterNode | null;
  readonly sort: readonly SortNode[];
  readonly pagination: Pagination;
  readonly fields: readonly string[] | null;
  readonly populate: readonly PopulateNode[];
  readonly status: PublicationStatus;
  /**
   * Localized types only: the version read or written, a locale code, or `*` (every locale, for
   * lists and deletes). Set by the operation layer (absent there means the default locale);
   * undefined here reads every row, as on types that are not localized.
   */
  readonly locale?: string;
}

/** The part of a query that shapes single-entry reads and write responses. */
export type Selection = Pick<Query, 'fields' | 'populate' | 'status' | 'locale'>;

/** `locale=*`: every locale's version. */
export const ALL_LOCALES = '*';
