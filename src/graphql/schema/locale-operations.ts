/**
 * The v4 i18n extension's root fields: the `create<Type>Localization` mutation (a new locale
 * version of an existing document) and the `I18NLocale` entity types with their
 * `i18NLocale(id)` / `i18NLocales` queries (read-only, as the extension disables their mutations).
 */
import { GraphQLID, GraphQLNonNull, type GraphQLFieldConfigMap, type GraphQLNamedType } from 'graphql';
import { LOCALE_SCHEMA, isLocalizedType } from '../../model/i18n.js';
import type { ContentType } from '../../model/types.js';
import type { GraphqlContext } from '../context.js';
import { createLocalizationMutationName, findOneQueryName, findQueryName } from '../naming.js';
import type { BuildContext } from './build-context.js';
import { attributesType, entityResponseCollectionType, entityResponseType, entityType } from './content-types.js';
import { filtersInputType } from './filters.js';
import { localeArgs } from './i18n.js';
import { inputType } from './inputs.js';
import { listArgs } from './list-args.js';

type FieldMap = GraphQLFieldConfigMap<unknown, GraphqlContext>;

/** `create<Type>Localization(id, data, locale)`: a new locale version of an existing document */
export function createLocalizationMutation(ctx: BuildContext, contentType: ContentType): FieldMap {
  if (!isLocalizedType(contentType) || contentType.kind !== 'collectionType') return {};
  return {
    [createLocalizationMutationName(contentType)]: {
      type: entityResponseType(ctx, contentType),
      args: { id: { type: GraphQLID }, data: { type: inputType(ctx, contentType) }, ...localeArgs(contentType) },
      resolve: ctx.resolvers.createLocalization(contentType),
    },
  };
}

/** `i18NLocale(id)` and `i18NLocales(filters, pagination, sort)` with their types */
export function localeQueries(ctx: BuildContext): { queries: FieldMap; types: GraphQLNamedType[] } {
  const schema = LOCALE_SCHEMA;
  const types = [attributesType(ctx, schema), entityType(ctx, schema), entityResponseType(ctx, schema), entityResponseCollectionType(ctx, schema), filtersInputType(ctx, schema)];
  const queries: FieldMap = {
    [findOneQueryName(schema)]: { type: entityResponseType(ctx, schema), args: { id: { type: GraphQLID } }, resolve: ctx.resolvers.findLocale() },
    [findQueryName(schema)]: {
      type: new GraphQLNonNull(entityResponseCollectionType(ctx, schema)),
      args: listArgs(filtersInputType(ctx, schema)),
      resolve: ctx.resolvers.findLocales(),
    },
  };
  return { queries, types };
}
