/**
 * The output types of the model, one family because their fields reach each other: a content
 * type's v4 envelope — `<Type>` (attributes), `<Type>Entity { id, attributes }`,
 * `<Type>EntityResponse { data }`, `<Type>EntityResponseCollection { data, meta }`,
 * `<Type>RelationResponseCollection { data }` —, the attribute fields of `<Type>` and of
 * components (`Component<Category><Name>`, with `id: ID!`), whose relations, media and
 * components lead to other envelopes and component types, the dynamic-zone output unions
 * `<Type><Field>DynamicZone` (the allowed components plus `Error`), and the i18n extension's
 * `locale` and `localizations` fields. Every attribute field is nullable (decisions.md),
 * required or not; private attributes have no field. Field resolvers come from
 * `ctx.resolvers` (schema-resolvers.ts).
 *
 * The GraphQL `id` of an entity is its documentId: Vellum stores Strapi 5 documents, whose draft
 * and published versions are two rows with two numeric ids, and `id` must name the document
 * (arguments, Apollo cache keys) whichever version a query returns.
 */
import {
  GraphQLID,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  GraphQLUnionType,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigMap,
} from 'graphql';
import type { Entry } from '../../operations/types.js';
import { isHidden, isToMany } from '../../model/attributes.js';
import { LOCALIZATIONS, isLocalizedType } from '../../model/i18n.js';
import { assertNever, type Attribute, type ComponentSchema, type ContentType, type DynamicZoneAttribute, type Schema } from '../../model/types.js';
import type { GraphqlContext } from '../context.js';
import {
  componentTypeName,
  dynamicZoneName,
  entityName,
  entityResponseCollectionName,
  entityResponseName,
  relationResponseCollectionName,
  typeName,
} from '../naming.js';
import { hasEnabledTarget, type BuildContext } from './build-context.js';
import { filtersInputType } from './filters.js';
import { listArgs } from './list-args.js';
import { DateTimeScalar } from './scalars.js';
import { scalarType } from './scalar-types.js';
import { ErrorType, PublicationState, ResponseCollectionMeta, publicationStateArg, type CollectionMeta } from './shared-types.js';
import { isCreatorField } from '../../model/creator-fields.js';

type FieldConfig = GraphQLFieldConfig<Record<string, unknown>, GraphqlContext>;

/** The identity GraphQL shows as `id`. */
export function entityId(entry: Readonly<Record<string, unknown>>): string {
  const documentId = entry['documentId'];
  return typeof documentId === 'string' && documentId !== '' ? documentId : String(entry['id']);
}

export function attributesType(ctx: BuildContext, contentType: ContentType): GraphQLObjectType {
  const name = typeName(contentType);
  return ctx.memo(name, () => new GraphQLObjectType<Record<string, unknown>, GraphqlContext>({
    name,
    extensions: { vellum: { uid: contentType.uid } },
    fields: () => attributeOutputFields(ctx, contentType),
  }));
}

export function entityType(ctx: BuildContext, contentType: ContentType): GraphQLObjectType {
  const name = entityName(contentType);
  return ctx.memo(name, () => new GraphQLObjectType<Entry, GraphqlContext>({
    name,
    fields: () => ({
      id: { type: GraphQLID, resolve: (entry) => entityId(entry) },
      attributes: { type: attributesType(ctx, contentType), resolve: (entry) => entry },
    }),
  }));
}

export function entityResponseType(ctx: BuildContext, contentType: ContentType): GraphQLObjectType {
  const name = entityResponseName(contentType);
  return ctx.memo(name, () => new GraphQLObjectType<{ data: Entry | null }, GraphqlContext>({
    name,
    fields: () => ({ data: { type: entityType(ctx, contentType) } }),
  }));
}

export interface EntityResponseCollectionValue {
  readonly data: readonly Entry[];
  readonly meta: CollectionMeta;
}

export function entityResponseCollectionType(ctx: BuildContext, contentType: ContentType): GraphQLObjectType {
  const name = entityResponseCollectionName(contentType);
  return ctx.memo(name, () => new GraphQLObjectType<EntityResponseCollectionValue, GraphqlContext>({
    name,
    fields: () => ({
      data: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(entityType(ctx, contentType)))) },
      meta: { type: new GraphQLNonNull(ResponseCollectionMeta) },
    }),
  }));
}

export function relationResponseCollectionType(ctx: BuildContext, contentType: ContentType): GraphQLObjectType {
  const name = relationResponseCollectionName(contentType);
  return ctx.memo(name, () => new GraphQLObjectType<{ data: readonly Entry[] }, GraphqlContext>({
    name,
    fields: () => ({
      data: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(entityType(ctx, contentType)))) },
    }),
  }));
}

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

export function attributeOutputField(ctx: BuildContext, schema: Schema, attribute: Attribute): FieldConfig {
  switch (attribute.kind) {
    case 'scalar':
      return { type: scalarType(ctx, schema, attribute) };
    case 'relation': {
      const target = ctx.contentType(attribute.target);
      if (!isToMany(attribute)) return { type: entityResponseType(ctx, target), resolve: ctx.resolvers.toOne(attribute.name, target.uid) };
      // v4: a to-many relation to a draft & publish type has its own publicationState (default LIVE)
      const args = listArgs(filtersInputType(ctx, target));
      if (target.draftAndPublish) args['publicationState'] = publicationStateArg;
      return { type: relationResponseCollectionType(ctx, target), args, resolve: ctx.resolvers.toMany(attribute.name, target.uid) };
    }
    case 'media': {
      const file = ctx.uploadFile;
      return attribute.multiple
        ? { type: relationResponseCollectionType(ctx, file), args: listArgs(filtersInputType(ctx, file)), resolve: ctx.resolvers.toMany(attribute.name, file.uid) }
        : { type: entityResponseType(ctx, file), resolve: ctx.resolvers.toOne(attribute.name, file.uid) };
    }
    case 'component': {
      const component = ctx.registry.component(attribute.component);
      const type = componentType(ctx, component);
      return attribute.repeatable
        ? { type: new GraphQLList(type), args: listArgs(filtersInputType(ctx, component)), resolve: ctx.resolvers.repeatableComponent(attribute.name) }
        : { type, resolve: ctx.resolvers.singleComponent(attribute.name) };
    }
    case 'dynamiczone':
      return {
        type: new GraphQLList(dynamicZoneUnion(ctx, schema, attribute)),
        resolve: ctx.resolvers.dynamicZone(attribute.name, attribute.components),
      };
    default:
      return assertNever(attribute);
  }
}

/** The attribute fields of a schema's object type (`Article`, `ComponentSharedSeo`). */
export function attributeOutputFields(ctx: BuildContext, schema: Schema): GraphQLFieldConfigMap<Record<string, unknown>, GraphqlContext> {
  const fields: GraphQLFieldConfigMap<Record<string, unknown>, GraphqlContext> = {};
  if (schema.modelType === 'component') fields['id'] = { type: new GraphQLNonNull(GraphQLID) };
  for (const [name, attribute] of Object.entries(schema.attributes)) {
    if (isHidden(attribute) || isCreatorField(attribute) || !ctx.shadowCrud.isFieldEnabled(schema.uid, name, 'output') || !hasEnabledTarget(ctx, attribute)) continue;
    fields[name] = attributeOutputField(ctx, schema, attribute);
  }
  if (schema.modelType === 'contentType') {
    for (const name of ['createdAt', 'updatedAt', 'publishedAt']) {
      if (ctx.shadowCrud.isFieldEnabled(schema.uid, name, 'output')) fields[name] = { type: DateTimeScalar };
    }
  }
  return { ...fields, ...localizedOutputFields(ctx, schema) };
}

/**
 * `locale: String` and `localizations(filters, pagination, sort, publicationState)` of a localized
 * type. `publicationState` has no default: absent, the localizations follow the root query's state.
 */
export function localizedOutputFields(ctx: BuildContext, schema: Schema): Record<string, FieldConfig> {
  if (schema.modelType !== 'contentType' || !isLocalizedType(schema)) return {};
  const fields: Record<string, FieldConfig> = {};
  if (ctx.shadowCrud.isFieldEnabled(schema.uid, 'locale', 'output')) fields['locale'] = { type: GraphQLString };
  if (ctx.shadowCrud.isFieldEnabled(schema.uid, LOCALIZATIONS, 'output')) {
    fields[LOCALIZATIONS] = {
      type: relationResponseCollectionType(ctx, schema),
      args: { ...listArgs(filtersInputType(ctx, schema)), ...(schema.draftAndPublish ? { publicationState: { type: PublicationState } } : {}) },
      resolve: ctx.resolvers.toMany(LOCALIZATIONS, schema.uid),
    };
  }
  return fields;
}
