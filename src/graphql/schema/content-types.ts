/**
 * The v4 envelope of a content type: `<Type>` (attributes), `<Type>Entity { id, attributes }`,
 * `<Type>EntityResponse { data }`, `<Type>EntityResponseCollection { data, meta }` and
 * `<Type>RelationResponseCollection { data }`.
 *
 * The GraphQL `id` of an entity is its documentId: Vellum stores Strapi 5 documents, whose draft
 * and published versions are two rows with two numeric ids, and `id` must name the document
 * (arguments, Apollo cache keys) whichever version a query returns.
 */
import { GraphQLID, GraphQLList, GraphQLNonNull, GraphQLObjectType } from 'graphql';
import type { Entry } from '../../operations/types.js';
import type { ContentType } from '../../model/types.js';
import type { GraphqlContext } from '../context.js';
import {
  entityName,
  entityResponseCollectionName,
  entityResponseName,
  relationResponseCollectionName,
  typeName,
} from '../naming.js';
import { attributeOutputFields } from './attribute-fields.js';
import type { BuildContext } from './build-context.js';
import { ResponseCollectionMeta, type CollectionMeta } from './shared-types.js';

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
