/**
 * Components (`Component<Category><Name>`, with `id: ID!` and their attributes) and dynamic
 * zones: the output union `<Type><Field>DynamicZone` of the allowed components plus `Error`,
 * and the input scalar `<Type><Field>DynamicZoneInput` taking `{ __component, ...fields }` (or v4's
 * `{ __typename: "Component<Category><Name>", ...fields }`).
 */
import { GraphQLError, GraphQLObjectType, GraphQLScalarType, GraphQLUnionType } from 'graphql';
import type { ComponentSchema, DynamicZoneAttribute, Schema } from '../../model/types.js';
import type { GraphqlContext } from '../context.js';
import { componentTypeName, dynamicZoneInputName, dynamicZoneName } from '../naming.js';
import { attributeOutputFields } from './attribute-fields.js';
import type { BuildContext } from './build-context.js';
import { literalToJson } from './scalars.js';
import { ErrorType } from './shared-types.js';

export function componentType(ctx: BuildContext, component: ComponentSchema): GraphQLObjectType {
  const name = componentTypeName(component);
  return ctx.memo(name, () => new GraphQLObjectType<Record<string, unknown>, GraphqlContext>({
    name,
    extensions: { vellum: { uid: component.uid } },
    fields: () => attributeOutputFields(ctx, component),
  }));
}

export function dynamicZoneUnion(ctx: BuildContext, schema: Schema, attribute: DynamicZoneAttribute): GraphQLUnionType {
  const name = dynamicZoneName(schema, attribute.name);
  return ctx.memo(name, () => {
    const typeNames = new Map(attribute.components.map((uid) => [uid, componentTypeName(ctx.registry.component(uid))]));
    return new GraphQLUnionType({
      name,
      types: () => [
        ...attribute.components.filter((uid) => ctx.isTargetEnabled(uid)).map((uid) => componentType(ctx, ctx.registry.component(uid))),
        ErrorType,
      ],
      resolveType: (value: Record<string, unknown>) => {
        const uid = value['__component'];
        return (typeof uid === 'string' && typeNames.get(uid)) || ErrorType.name;
      },
    });
  });
}

/**
 * An item names its component by uid (`__component: "shared.quote"`, Strapi 5) or, as the v4
 * GraphQL plugin takes it, by type name (`__typename: "ComponentSharedQuote"`); both become
 * `__component`.
 */
function parseDynamicZoneItem(name: string, byTypeName: ReadonlyMap<string, string>, value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new GraphQLError(`${name} expects an object with a __component or __typename key`);
  }
  const { __typename: typeName, ...item } = value as Record<string, unknown>;
  const allowed = [...byTypeName.values()];
  const uid = item['__component'] ?? (typeof typeName === 'string' ? byTypeName.get(typeName) : undefined);
  if (typeof uid !== 'string' || !allowed.includes(uid)) {
    throw new GraphQLError(`Component not found. expected one of: ${allowed.join(', ')}`);
  }
  return { ...item, __component: uid };
}

export function dynamicZoneInput(ctx: BuildContext, schema: Schema, attribute: DynamicZoneAttribute): GraphQLScalarType {
  const name = dynamicZoneInputName(schema, attribute.name);
  return ctx.memo(name, () => {
    const byTypeName = new Map(attribute.components.map((uid) => [componentTypeName(ctx.registry.component(uid)), uid]));
    return new GraphQLScalarType<Record<string, unknown>, unknown>({
      name,
      description: `An item of the ${attribute.name} dynamic zone: { "__component": "<category>.<name>" or "__typename": "<ComponentType>", ...its fields }`,
      serialize: (value) => value,
      parseValue: (value) => parseDynamicZoneItem(name, byTypeName, value),
      parseLiteral: (ast, variables) => parseDynamicZoneItem(name, byTypeName, literalToJson(ast, variables)),
    });
  });
}
