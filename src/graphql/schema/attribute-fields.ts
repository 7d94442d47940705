/**
 * One output field per attribute, shared by content types and components. Every attribute
 * field is nullable (decisions.md), required or not; private attributes have no field.
 */
import {
  GraphQLID,
  GraphQLList,
  GraphQLNonNull,
  GraphQLString,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
  type GraphQLInputObjectType,
} from 'graphql';
import { assertNever, type Attribute, type Schema } from '../../model/types.js';
import { isHidden, isToMany } from '../../model/attributes.js';
import type { GraphqlContext } from '../context.js';
import {
  dynamicZoneResolver,
  repeatableComponentResolver,
  singleComponentResolver,
  toManyResolver,
  toOneResolver,
} from '../resolvers/nested-fields.js';
import type { BuildContext } from './build-context.js';
import { componentType, dynamicZoneUnion } from './components.js';
import { entityResponseType, relationResponseCollectionType } from './content-types.js';
import { filtersInputType } from './filters.js';
import { localizedOutputFields } from './i18n.js';
import { DateTimeScalar } from './scalars.js';
import { scalarType } from './scalar-types.js';
import { PaginationArg, publicationStateArg } from './shared-types.js';

type FieldConfig = GraphQLFieldConfig<Record<string, unknown>, GraphqlContext>;

/** `filters`, `pagination = {}`, `sort = []`: the arguments of every list. */
export function listArgs(filters: GraphQLInputObjectType): GraphQLFieldConfigArgumentMap {
  return {
    filters: { type: filters },
    pagination: { type: PaginationArg, defaultValue: {} },
    sort: { type: new GraphQLList(GraphQLString), defaultValue: [] },
  };
}

export function attributeOutputField(ctx: BuildContext, schema: Schema, attribute: Attribute): FieldConfig {
  switch (attribute.kind) {
    case 'scalar':
      return { type: scalarType(ctx, schema, attribute) };
    case 'relation': {
      const target = ctx.contentType(attribute.target);
      if (!isToMany(attribute)) return { type: entityResponseType(ctx, target), resolve: toOneResolver(attribute.name, target.uid) };
      // v4: a to-many relation to a draft & publish type has its own publicationState (default LIVE)
      const args = listArgs(filtersInputType(ctx, target));
      if (target.draftAndPublish) args['publicationState'] = publicationStateArg;
      return { type: relationResponseCollectionType(ctx, target), args, resolve: toManyResolver(attribute.name, target.uid) };
    }
    case 'media': {
      const file = ctx.uploadFile;
      return attribute.multiple
        ? { type: relationResponseCollectionType(ctx, file), args: listArgs(filtersInputType(ctx, file)), resolve: toManyResolver(attribute.name, file.uid) }
        : { type: entityResponseType(ctx, file), resolve: toOneResolver(attribute.name, file.uid) };
    }
    case 'component': {
      const component = ctx.registry.component(attribute.component);
      const type = componentType(ctx, component);
      return attribute.repeatable
        ? { type: new GraphQLList(type), args: listArgs(filtersInputType(ctx, component)), resolve: repeatableComponentResolver(attribute.name) }
        : { type, resolve: singleComponentResolver(attribute.name) };
    }
    case 'dynamiczone':
      return {
        type: new GraphQLList(dynamicZoneUnion(ctx, schema, attribute)),
        resolve: dynamicZoneResolver(attribute.name, attribute.components),
      };
    default:
      return assertNever(attribute);
  }
}

/** Relations, media and components exist in the schema only while their target type is enabled. */
export function hasEnabledTarget(ctx: BuildContext, attribute: Attribute): boolean {
  switch (attribute.kind) {
    case 'relation':
      return ctx.isTargetEnabled(attribute.target);
    case 'media':
      return ctx.isTargetEnabled(ctx.uploadFile.uid);
    case 'component':
      return ctx.isTargetEnabled(attribute.component);
    case 'dynamiczone':
      return attribute.components.some((uid) => ctx.isTargetEnabled(uid));
    default:
      return true;
  }
}

/** The attribute fields of a schema's object type (`Article`, `ComponentSharedSeo`). */
export function attributeOutputFields(ctx: BuildContext, schema: Schema): GraphQLFieldConfigMap<Record<string, unknown>, GraphqlContext> {
  const fields: GraphQLFieldConfigMap<Record<string, unknown>, GraphqlContext> = {};
  if (schema.modelType === 'component') fields['id'] = { type: new GraphQLNonNull(GraphQLID) };
  for (const [name, attribute] of Object.entries(schema.attributes)) {
    if (isHidden(attribute) || !ctx.shadowCrud.isFieldEnabled(schema.uid, name, 'output') || !hasEnabledTarget(ctx, attribute)) continue;
    fields[name] = attributeOutputField(ctx, schema, attribute);
  }
  if (schema.modelType === 'contentType') {
    for (const name of ['createdAt', 'updatedAt', 'publishedAt']) {
      if (ctx.shadowCrud.isFieldEnabled(schema.uid, name, 'output')) fields[name] = { type: DateTimeScalar };
    }
  }
  return { ...fields, ...localizedOutputFields(ctx, schema) };
}
