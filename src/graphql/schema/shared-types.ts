/**
 * Types every generated schema shares: pagination argument and metadata, the publication
 * state enum, and the `Error` member of dynamic-zone unions.
 */
import {
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
} from 'graphql';

export const PaginationArg = new GraphQLInputObjectType({
  name: 'PaginationArg',
  fields: {
    page: { type: GraphQLInt },
    pageSize: { type: GraphQLInt },
    start: { type: GraphQLInt },
    limit: { type: GraphQLInt },
  },
});

/** Internal values are the v4 plugin's (`live`, `preview`). */
export const PublicationState = new GraphQLEnumType({
  name: 'PublicationState',
  values: {
    LIVE: { value: 'live' },
    PREVIEW: { value: 'preview' },
  },
});
export type PublicationStateValue = 'live' | 'preview';

/** `publicationState: PublicationState = LIVE`, on root lists, single types and nested to-many relations. */
export const publicationStateArg = { type: PublicationState, defaultValue: 'live' } as const;

/** What the `meta.pagination` field resolves from (always page-shaped, as v4). */
export interface PaginationInfo {
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
  readonly pageCount: number;
}

export const Pagination = new GraphQLObjectType<PaginationInfo>({
  name: 'Pagination',
  fields: {
    total: { type: new GraphQLNonNull(GraphQLInt) },
    page: { type: new GraphQLNonNull(GraphQLInt) },
    pageSize: { type: new GraphQLNonNull(GraphQLInt) },
    pageCount: { type: new GraphQLNonNull(GraphQLInt) },
  },
});

/**
 * The value behind `meta`: the pagination is computed on demand, so a query that does not
 * select `meta` costs no count statement.
 */
export interface CollectionMeta {
  pagination(): Promise<PaginationInfo>;
}

export const ResponseCollectionMeta = new GraphQLObjectType<CollectionMeta>({
  name: 'ResponseCollectionMeta',
  fields: {
    pagination: { type: new GraphQLNonNull(Pagination), resolve: (meta) => meta.pagination() },
  },
});

/** Member of every dynamic-zone union, returned for a stored component the zone no longer allows. */
export const ErrorType = new GraphQLObjectType<{ code: string; message: string | null }>({
  name: 'Error',
  fields: {
    code: { type: new GraphQLNonNull(GraphQLString) },
    message: { type: GraphQLString },
  },
});
