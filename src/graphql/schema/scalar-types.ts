/**
 * Scalar attributes → GraphQL types (v4 `SCALARS_ASSOCIATIONS`): the output/input type, and
 * the filter input used in `<Type>FiltersInput`. Enumerations become `ENUM_<TYPE>_<ATTR>`
 * enums for output and input, and are filtered as strings.
 */
import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLFloat,
  GraphQLInt,
  GraphQLString,
  type GraphQLEnumValueConfigMap,
  type GraphQLInputObjectType,
  type GraphQLScalarType,
} from 'graphql';
import { SCALAR_TRAITS } from '../../model/scalar-traits.js';
import type { ScalarAttribute, ScalarType, Schema } from '../../model/types.js';
import { enumName, enumValueName } from '../naming.js';
import type { BuildContext } from './build-context.js';
import { SCALAR_FILTER_INPUTS, type FilterScalarKind } from './filter-inputs.js';
import { DateScalar, DateTimeScalar, JSONScalar, LongScalar, TimeScalar } from './scalars.js';

/** The GraphQL scalar of a scalar type (`model/scalar-traits.ts`), as a filter-input kind. */
export function filterKindOf(type: ScalarType): FilterScalarKind {
  return SCALAR_TRAITS[type].graphqlScalar;
}

const SCALARS: Readonly<Record<FilterScalarKind, GraphQLScalarType>> = {
  ID: GraphQLString,
  String: GraphQLString,
  Int: GraphQLInt,
  Long: LongScalar,
  Float: GraphQLFloat,
  Boolean: GraphQLBoolean,
  JSON: JSONScalar,
  Date: DateScalar,
  Time: TimeScalar,
  DateTime: DateTimeScalar,
};

function enumType(ctx: BuildContext, schema: Schema, attribute: ScalarAttribute): GraphQLEnumType {
  const name = enumName(schema, attribute.name);
  return ctx.memo(name, () => {
    const values: GraphQLEnumValueConfigMap = {};
    for (const value of attribute.enum ?? []) {
      const key = enumValueName(value);
      if (!(key in values)) values[key] = { value };
    }
    return new GraphQLEnumType({ name, values });
  });
}

/** Output and input type of a scalar attribute. */
export function scalarType(ctx: BuildContext, schema: Schema, attribute: ScalarAttribute): GraphQLScalarType | GraphQLEnumType {
  if (attribute.type === 'enumeration' && (attribute.enum?.length ?? 0) > 0) return enumType(ctx, schema, attribute);
  return SCALARS[filterKindOf(attribute.type)];
}

export function scalarFilterInput(attribute: ScalarAttribute): GraphQLInputObjectType {
  return SCALAR_FILTER_INPUTS[filterKindOf(attribute.type)];
}
