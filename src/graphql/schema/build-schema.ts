/**
 * The generated (shadow CRUD) schema of a registry. Pure: the same registry always gives the
 * same schema; resolvers are attached but only run against a `GraphqlContext`. Like the type
 * builders it calls, it imports no resolver: what the fields resolve with comes in
 * `options.resolvers` (schema-resolvers.ts), handed to the builders in the build context, and
 * the upload plugin's mutations in `options.uploadMutations`; the composer
 * (../graphql-schema.ts) hands the shadow-CRUD set of ../resolvers/ and ../upload/.
 *
 * Which content types get operations: every `api::` type (all five actions) and the media
 * library's `plugin::upload.file` (`uploadFile`, `uploadFiles`, `updateUploadFile`, and the
 * upload plugin's `upload`, `multipleUpload`, `updateFileInfo`, `removeFile`, which go through
 * the upload service as the REST upload routes do: ../upload/upload-operations.ts).
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
import type { ShadowCrudView } from './shadow-crud-view.js';
import { BuildContext } from './build-context.js';
import type { SchemaResolvers } from './schema-resolvers.js';
import {
  attributesType,
  componentType,
  entityResponseCollectionType,
  entityResponseType,
  entityType,
  relationResponseCollectionType,
} from './content-types.js';
import { filtersInputType } from './filters.js';
import { localeQueries } from './locale-operations.js';
import { isLocalizedType } from '../../model/i18n.js';
import { inputType } from './inputs.js';
import { contentTypeOperations } from './operations.js';

type FieldMap = GraphQLFieldConfigMap<unknown, GraphqlContext>;

export interface SchemaOptions {
  /** generate types and operations for the content types (`shadowCRUD`, default true) */
  readonly shadowCRUD: boolean;
  /** the extension service's `shadowCRUD(uid)` settings (default: everything enabled) */
  readonly settings?: ShadowCrudView;
  /** what the generated fields resolve with (../graphql-schema.ts: the shadow-CRUD resolvers of ../resolvers/) */
  readonly resolvers: SchemaResolvers;
  /** the upload plugin's mutations (`upload`, `multipleUpload`, `updateFileInfo`, `removeFile`) on this schema's types; none without */
  readonly uploadMutations?: (ctx: BuildContext) => FieldMap;
}

const ALL_ACTIONS: ReadonlySet<GraphqlAction> = new Set(['find', 'findOne', 'create', 'update', 'delete']);
const FILE_ACTIONS: ReadonlySet<GraphqlAction> = new Set(['find', 'findOne', 'update']);
const NO_ACTIONS: ReadonlySet<GraphqlAction> = new Set();
const READ_ACTIONS: ReadonlySet<GraphqlAction> = new Set(['find', 'findOne']);
/** users-permissions users and roles: generated reads; their writes are auth's own mutations (graphql/auth) */
const USERS_PERMISSIONS_READS = new Set(['plugin::users-permissions.user', 'plugin::users-permissions.role']);

/** The generated operations a content type gets. */
export function actionsFor(contentType: ContentType): ReadonlySet<GraphqlAction> {
  if (contentType.namespace === 'api') return ALL_ACTIONS;
  if (contentType.uid === UPLOAD_FILE_UID) return FILE_ACTIONS;
  if (USERS_PERMISSIONS_READS.has(contentType.uid)) return READ_ACTIONS;
  return NO_ACTIONS;
}

/** the upload plugin's mutations, each under the shadow-CRUD action it performs */
function fileMutations(ctx: BuildContext, uploadMutations: (ctx: BuildContext) => FieldMap): FieldMap {
  const actions: Record<string, GraphqlAction> = { upload: 'create', multipleUpload: 'create', updateFileInfo: 'update', removeFile: 'delete' };
  return Object.fromEntries(Object.entries(uploadMutations(ctx)).filter(([name]) => ctx.shadowCrud.isOperationEnabled(UPLOAD_FILE_UID, actions[name]!)));
}

export function generateSchema(registry: Registry, options: SchemaOptions): GraphQLSchema {
  const queries: FieldMap = {};
  const mutations: FieldMap = {};
  // spec 2.3: every type of an exposed content type and component exists, referenced or not
  const types: GraphQLNamedType[] = [];
  if (options.shadowCRUD) {
    const ctx = new BuildContext(registry, options.resolvers, options.settings);
    const contentTypes = [...registry.contentTypes.values()].sort((a, b) => a.uid.localeCompare(b.uid));
    for (const contentType of contentTypes) {
      if (!ctx.isTargetEnabled(contentType.uid)) continue;
      const actions = new Set([...actionsFor(contentType)].filter((action) => ctx.shadowCrud.isOperationEnabled(contentType.uid, action)));
      // a type whose operations are all disabled keeps its types (`disableQueries()` + `disableMutations()` is not `disable()`)
      if (actionsFor(contentType).size === 0) continue;
      const operations = contentTypeOperations(ctx, contentType, actions);
      Object.assign(queries, operations.queries);
      Object.assign(mutations, operations.mutations);
      if (contentType.uid === UPLOAD_FILE_UID && options.uploadMutations) Object.assign(mutations, fileMutations(ctx, options.uploadMutations));
      types.push(
        attributesType(ctx, contentType), entityType(ctx, contentType), entityResponseType(ctx, contentType),
        entityResponseCollectionType(ctx, contentType), relationResponseCollectionType(ctx, contentType),
        inputType(ctx, contentType), filtersInputType(ctx, contentType),
      );
    }
    // the i18n extension's locale queries, in projects with a localized type
    if (contentTypes.some((contentType) => isLocalizedType(contentType) && ctx.isTargetEnabled(contentType.uid))) {
      const locales = localeQueries(ctx);
      Object.assign(queries, locales.queries);
      types.push(...locales.types);
    }
    for (const component of [...registry.components.values()].sort((a, b) => a.uid.localeCompare(b.uid))) {
      if (!ctx.isTargetEnabled(component.uid)) continue;
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
