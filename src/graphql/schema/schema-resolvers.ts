/**
 * The resolvers the generated fields attach, handed to the type builders in their build context
 * by the schema's composer (../graphql-schema.ts: ../resolvers/shadow-crud-resolvers.ts): no file
 * of schema/ imports a resolver, and `resolvers/` may import the schema's value types without a cycle.
 */
import type { GraphQLFieldResolver } from 'graphql';
import type { ContentType } from '../../model/types.js';
import type { GraphqlContext } from '../context.js';

type RootResolver = GraphQLFieldResolver<unknown, GraphqlContext>;
type FieldResolver = GraphQLFieldResolver<Record<string, unknown>, GraphqlContext>;

export interface SchemaResolvers {
  /** root fields of a content type: `<plural>`, `<singular>(id)`, a single type's `<singular>` */
  find(contentType: ContentType): RootResolver;
  findOne(contentType: ContentType): RootResolver;
  findSingle(contentType: ContentType): RootResolver;
  create(contentType: ContentType): RootResolver;
  update(contentType: ContentType): RootResolver;
  updateSingle(contentType: ContentType): RootResolver;
  delete(contentType: ContentType): RootResolver;
  deleteSingle(contentType: ContentType): RootResolver;
  /** the i18n extension: `create<Type>Localization`, `i18NLocale(id)`, `i18NLocales` */
  createLocalization(contentType: ContentType): RootResolver;
  findLocale(): RootResolver;
  findLocales(): RootResolver;
  /** attribute fields, which read what the root resolver loaded */
  toOne(attribute: string, targetUid: string): FieldResolver;
  toMany(attribute: string, targetUid: string): FieldResolver;
  singleComponent(attribute: string): FieldResolver;
  repeatableComponent(attribute: string): FieldResolver;
  dynamicZone(attribute: string, components: readonly string[]): FieldResolver;
}
