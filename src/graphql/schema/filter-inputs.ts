/**
 * One filter input per scalar kind (`StringFilterInput`, `IntFilterInput`, …), each carrying
 * every operator, as the v4 plugin's `GRAPHQL_SCALAR_OPERATORS`. Field names are the REST
 * operators without `$`; `parse-graphql-args.ts` maps them back.
 */
import {
  GraphQLBoolean,
  GraphQLFloat,
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLString,
  type GraphQLInputFieldConfigMap,
  type GraphQLScalarType,
} from 'graphql';
import { DateScalar, DateTimeScalar, JSONScalar, LongScalar, TimeScalar } from './scalars.js';

/** Operators taking one value of the filtered scalar's type. */
export const SINGLE_VALUE_OPERATORS = [
  'eq', 'eqi', 'ne', 'nei', 'startsWith', 'endsWith', 'contains', 'notContains',
  'containsi', 'notContainsi', 'gt', 'gte', 'lt', 'lte',
] as const;
/** Operators taking a list of values. */
export const LIST_OPERATORS = ['in', 'notIn', 'between'] as const;
/** Operators taking a Boolean. */
export const BOOLEAN_OPERATORS = ['null', 'notNull'] as const;

export type FilterScalarKind = 'ID' | 'Boolean' | 'String' | 'Int' | 'Long' | 'Float' | 'Date' | 'Time' | 'DateTime' | 'JSON';

const SCALARS: Readonly<Record<FilterScalarKind, GraphQLScalarType>> = {
  ID: GraphQLID,
  Boolean: GraphQLBoolean,
  String: GraphQLString,
  Int: GraphQLInt,
  Long: LongScalar,
  Float: GraphQLFloat,
  Date: DateScalar,
  Time: TimeScalar,
  DateTime: DateTimeScalar,
  JSON: JSONScalar,
};

function scalarFilterInput(kind: FilterScalarKind): GraphQLInputObjectType {
  const scalar = SCALARS[kind];
  const type: GraphQLInputObjectType = new GraphQLInputObjectType({
    name: `${kind}FilterInput`,
    fields: () => {
      // v4's GRAPHQL_SCALAR_OPERATORS: `and`/`or` are lists of values, `not` a nested input
      const fields: GraphQLInputFieldConfigMap = {
        and: { type: new GraphQLList(scalar) },
        or: { type: new GraphQLList(scalar) },
        not: { type },
      };
      for (const op of SINGLE_VALUE_OPERATORS) fields[op] = { type: scalar };
      fields['null'] = { type: GraphQLBoolean };
      fields['notNull'] = { type: GraphQLBoolean };
      for (const op of LIST_OPERATORS) fields[op] = { type: new GraphQLList(scalar) };
      return fields;
    },
  });
  return type;
}

export const SCALAR_FILTER_INPUTS: Readonly<Record<FilterScalarKind, GraphQLInputObjectType>> = {
  ID: scalarFilterInput('ID'),
  Boolean: scalarFilterInput('Boolean'),
  String: scalarFilterInput('String'),
  Int: scalarFilterInput('Int'),
  Long: scalarFilterInput('Long'),
  Float: scalarFilterInput('Float'),
  Date: scalarFilterInput('Date'),
  Time: scalarFilterInput('Time'),
  DateTime: scalarFilterInput('DateTime'),
  JSON: scalarFilterInput('JSON'),
};
