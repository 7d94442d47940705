/**
 * The generated schema as the GraphQL transport serves it: schema/ generates it (pure, no
 * resolver imported there), and this composer hands it what the fields run: the shadow-CRUD
 * resolvers (resolvers/shadow-crud-resolvers.ts) and the upload plugin's mutations
 * (upload/upload-operations.ts).
 */
import type { GraphQLSchema } from 'graphql';
import type { Registry } from '../model/types.js';
import { SHADOW_CRUD_RESOLVERS } from './resolvers/shadow-crud-resolvers.js';
import { generateSchema, type SchemaOptions } from './schema/build-schema.js';
import { uploadMutations } from './upload/upload-operations.js';

export function buildGraphqlSchema(registry: Registry, options: Omit<SchemaOptions, 'resolvers' | 'uploadMutations'>): GraphQLSchema {
  return generateSchema(registry, { ...options, resolvers: SHADOW_CRUD_RESOLVERS, uploadMutations });
}
