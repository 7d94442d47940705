/**
 * Root operations of one content type, with the spec's (4.6) argument types, defaults and
 * return types. Collection types: `<singular>(id: ID)`, `<plural>(filters, pagination = {},
 * sort = [], publicationState = LIVE)`, `create/update/delete<Type>`. Single types:
 * `<singular>` (with `publicationState` when draft & publish is on), `update<Type>(data)`,
 * `delete<Type>`.
 */
import { GraphQLID, GraphQLNonNull, type GraphQLFieldConfigMap } from 'graphql';
import type { ContentType } from '../../model/types.js';
import type { GraphqlAction, GraphqlContext } from '../context.js';
import {
  createLocalizationMutationName,
  createMutationName,
  deleteMutationName,
  findOneQueryName,
  findQueryName,
  updateMutationName,
} from '../naming.js';
import type { BuildContext } from './build-context.js';
import { entityResponseCollectionType, entityResponseType } from './content-types.js';
import { filtersInputType } from './filters.js';
import { localeArgs } from './i18n.js';
import { inputType } from './inputs.js';
import { listArgs } from './list-args.js';
import { createLocalizationMutation } from './locale-operations.js';
import { publicationStateArg } from './shared-types.js';

type FieldMap = GraphQLFieldConfigMap<unknown, GraphqlContext>;

export interface Operations {
  readonly queries: FieldMap;
  readonly mutations: FieldMap;
}

export function contentTypeOperations(ctx: BuildContext, contentType: ContentType, actions: ReadonlySet<GraphqlAction>): Operations {
  const queries: FieldMap = {};
  const mutations: FieldMap = {};
  const response = entityResponseType(ctx, contentType);
  const data = { type: new GraphQLNonNull(inputType(ctx, contentType)) };
  const id = { type: new GraphQLNonNull(GraphQLID) };
  // localized types: `locale: I18NLocaleCode` on every root field (the v4 i18n extension)
  const locale = localeArgs(contentType);

  if (contentType.kind === 'singleType') {
    if (actions.has('find')) {
      queries[findOneQueryName(contentType)] = {
        type: response,
        args: { ...(contentType.draftAndPublish ? { publicationState: publicationStateArg } : {}), ...locale },
        resolve: ctx.resolvers.findSingle(contentType),
      };
    }
    if (actions.has('update')) mutations[updateMutationName(contentType)] = { type: response, args: { data, ...locale }, resolve: ctx.resolvers.updateSingle(contentType) };
    if (actions.has('delete')) mutations[deleteMutationName(contentType)] = { type: response, args: locale, resolve: ctx.resolvers.deleteSingle(contentType) };
    return tagged(contentType, { queries, mutations }, { [findOneQueryName(contentType)]: 'find' });
  }

  if (actions.has('findOne')) {
    queries[findOneQueryName(contentType)] = { type: response, args: { id: { type: GraphQLID }, ...locale }, resolve: ctx.resolvers.findOne(contentType) };
  }
  if (actions.has('find')) {
    queries[findQueryName(contentType)] = {
      type: entityResponseCollectionType(ctx, contentType),
      args: { ...listArgs(filtersInputType(ctx, contentType)), publicationState: publicationStateArg, ...locale },
      resolve: ctx.resolvers.find(contentType),
    };
  }
  if (actions.has('create')) {
    mutations[createMutationName(contentType)] = { type: response, args: { data, ...locale }, resolve: ctx.resolvers.create(contentType) };
    Object.assign(mutations, createLocalizationMutation(ctx, contentType));
  }
  if (actions.has('update')) mutations[updateMutationName(contentType)] = { type: response, args: { id, data, ...locale }, resolve: ctx.resolvers.update(contentType) };
  if (actions.has('delete')) mutations[deleteMutationName(contentType)] = { type: response, args: { id, ...locale }, resolve: ctx.resolvers.delete(contentType) };
  return tagged(contentType, { queries, mutations }, { [findOneQueryName(contentType)]: 'findOne', [findQueryName(contentType)]: 'find' });
}

/**
 * Each generated root field says which permission it checks (`extensions.vellum.operation`):
 * a project resolver that replaces it through the extension service keeps that check.
 */
function tagged(contentType: ContentType, operations: Operations, queryActions: Readonly<Record<string, GraphqlAction>>): Operations {
  const tag = (fields: FieldMap, actionOf: (name: string) => GraphqlAction | undefined): void => {
    for (const [name, field] of Object.entries(fields)) {
      const action = actionOf(name);
      if (action) field.extensions = { ...field.extensions, vellum: { operation: { uid: contentType.uid, action } } };
    }
  };
  tag(operations.queries, (name) => queryActions[name]);
  tag(operations.mutations, (name) => {
    if (name === createMutationName(contentType) || name === createLocalizationMutationName(contentType)) return 'create';
    if (name === updateMutationName(contentType)) return 'update';
    if (name === deleteMutationName(contentType)) return 'delete';
    return undefined;
  });
  return operations;
}
