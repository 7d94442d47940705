/**
 * The generated (shadow CRUD) schema of a registry. Pure: the same registry always gives the
 * same schema; resolvers are attached but only run against a `GraphqlContext`.
 *
 * Which content types get operations: every `api::` type (all five actions) and the media
 * library's `plugin::upload.file` (`uploadFile`, `uploadFiles`, `updateUploadFile`; files are
 * created and deleted through the REST upload routes, which also handle the stored bytes).
 * Other types appear only where a relation reaches them. With `shadowCRUD: false` nothing is
 * generated; `Query` then holds one harmless `_empty: Boolean` field, because a GraphQL schema
 * must have a query type with at least one field.
 */
import {
  GraphQLBoolean,
  GraphQLObjectType,
  GraphQLSchema,
  type GraphQLFieldConfigMap,
  type GraphQLNamedType,
} from 'graphql';
import { UPLOAD_FILE_UID } from '../../model/built-in-types.js';
import type { ContentType, Registry } from '../../model/types.js';
import type { GraphqlAction, GraphqlContext } from '../context.js';
import { BuildContext } from './build-context.js';
import { componentType } from './components.js';
import {
  attributesType,
  entityResponseCollectionType,
  entityResponseType,
  entityType,
  relationResponseCollectionType,
} from './content-types.js';
import { filtersInputType } from './filters.js';
import { inputType } from './inputs.js';
import { contentTypeOperations } from './operations.js';

export interface SchemaOptions {
  /** generate types and operations for the content types (`shadowCRUD`, default true) */
  readonly shadowCRUD: boolean;
}

const ALL_ACTIONS: ReadonlySet<GraphqlAction> = new Set(['find', 'findOne', 'create', 'update', 'delete']);
const FILE_ACTIONS: ReadonlySet<GraphqlAction> = new Set(['find', 'findOne', 'update']);
const NO_ACTIONS: ReadonlySet<GraphqlAction> = new Set();

/** The generated operations a content type gets. */
export function actionsFor(contentType: ContentType): ReadonlySet<GraphqlAction> {
  if (contentType.namespace === 'api') return ALL_ACTIONS;
  if (contentType.uid === UPLOAD_FILE_UID) return FILE_ACTIONS;
  return NO_ACTIONS;
}

type FieldMap = GraphQLFieldConfigMap<unknown, GraphqlContext>;

export function buildGraphqlSchema(registry: Registry, options: SchemaOptions): GraphQLSchema {
  const queries: FieldMap = {};
  const mutations: FieldMap = {};
  // spec 2.3: every type of an exposed content type and component exists, referenced or not
  const types: GraphQLNamedType[] = [];
  if (options.shadowCRUD) {
    const ctx = new BuildContext(registry);
    const contentTypes = [...registry.contentTypes.values()].sort((a, b) => a.uid.localeCompare(b.uid));
    for (const contentType of contentTypes) {
      const actions = actionsFor(contentType);
      if (actions.size === 0) continue;
      const operations = contentTypeOperations(ctx, contentType, actions);
      Object.assign(queries, operations.queries);
      Object.assign(mutations, operations.mutations);
      types.push(
        attributesType(ctx, contentType), entityType(ctx, contentType), entityResponseType(ctx, contentType),
        entityResponseCollectionType(ctx, contentType), relationResponseCollectionType(ctx, contentType),
        inputType(ctx, contentType), filtersInputType(ctx, contentType),
      );
    }
    for (const component of [...registry.components.values()].sort((a, b) => a.uid.localeCompare(b.uid))) {
      types.push(componentType(ctx, component), inputType(ctx, component), filtersInputType(ctx, component));
    }
  }
  if (Object.keys(queries).length === 0) {
    queries['_empty'] = { type: GraphQLBoolean, description: 'Placeholder: a schema needs one query field; shadow CRUD is off.', resolve: () => null };
  }
  return new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: queries }),
    mutation: Object.keys(mutations).length > 0 ? new GraphQLObjectType({ name: 'Mutation', fields: mutations }) : undefined,
    types,
  });
}
