/** `filters`, `pagination = {}`, `sort = []`: the arguments of every list field. */
import { GraphQLList, GraphQLString, type GraphQLFieldConfigArgumentMap, type GraphQLInputObjectType } from 'graphql';
import { PaginationArg } from './shared-types.js';

export function listArgs(filters: GraphQLInputObjectType): GraphQLFieldConfigArgumentMap {
  return {
    filters: { type: filters },
    pagination: { type: PaginationArg, defaultValue: {} },
    sort: { type: new GraphQLList(GraphQLString), defaultValue: [] },
  };
}
