/**
 * The input scalar of a dynamic zone, `<Type><Field>DynamicZoneInput`: one item,
 * `{ __component, ...fields }` (or v4's `{ __typename: "Component<Category><Name>", ...fields }`).
 */
import { GraphQLError, GraphQLScalarType } from 'graphql';
import type { DynamicZoneAttribute, Schema } from '../../model/types.js';
import { componentTypeName, dynamicZoneInputName } from '../naming.js';
import type { BuildContext } from './build-context.js';
import { literalToJson } from './scalars.js';

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
