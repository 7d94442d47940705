/** The resolvers of the generated (shadow CRUD) schema, which plugin.ts hands to buildGraphqlSchema. */
import type { SchemaResolvers } from '../schema/schema-resolvers.js';
import { createLocalizationResolver, findLocaleResolver, findLocalesResolver } from './locale-resolvers.js';
import { createResolver, deleteResolver, deleteSingleResolver, updateResolver, updateSingleResolver } from './mutation-resolvers.js';
import { dynamicZoneResolver, repeatableComponentResolver, singleComponentResolver, toManyResolver, toOneResolver } from './nested-fields.js';
import { findOneResolver, findResolver, findSingleResolver } from './query-resolvers.js';

export const SHADOW_CRUD_RESOLVERS: SchemaResolvers = {
  find: findResolver,
  findOne: findOneResolver,
  findSingle: findSingleResolver,
  create: createResolver,
  update: updateResolver,
  updateSingle: updateSingleResolver,
  delete: deleteResolver,
  deleteSingle: deleteSingleResolver,
  createLocalization: createLocalizationResolver,
  findLocale: findLocaleResolver,
  findLocales: findLocalesResolver,
  toOne: toOneResolver,
  toMany: toManyResolver,
  singleComponent: singleComponentResolver,
  repeatableComponent: repeatableComponentResolver,
  dynamicZone: dynamicZoneResolver,
};
