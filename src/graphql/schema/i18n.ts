/**
 * The v4 i18n extension's part of the schema: the `I18NLocaleCode` scalar and the `locale`
 * argument it types, the `locale` and `localizations` fields of localized types, the
 * `create<Type>Localization` mutation, and the `I18NLocale` entity types with their
 * `i18NLocale(id)` / `i18NLocales` queries (read-only, as the extension disables their mutations).
 */
import {
  GraphQLError,
  GraphQLID,
  GraphQLNonNull,
  GraphQLScalarType,
  GraphQLString,
  Kind,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
  type GraphQLNamedType,
} from 'graphql';
import { LOCALE_SCHEMA, LOCALIZATIONS, isLocalizedType } from '../../model/i18n.js';
import type { ContentType, Schema } from '../../model/types.js';
import type { GraphqlContext } from '../context.js';
import { createLocalizationMutationName, findOneQueryName, findQueryName } from '../naming.js';
import { createLocalizationResolver, findLocaleResolver, findLocalesResolver } from '../resolvers/locale-resolvers.js';
import { toManyResolver } from '../resolvers/nested-fields.js';
import { listArgs } from './attribute-fields.js';
import type { BuildContext } from './build-context.js';
import {
  attributesType,
  entityResponseCollectionType,
  entityResponseType,
  entityType,
  relationResponseCollectionType,
} from './content-types.js';
import { filtersInputType } from './filters.js';
import { SCALAR_FILTER_INPUTS } from './filter-inputs.js';
import { inputType } from './inputs.js';
import { PublicationState } from './shared-types.js';

function localeCode(value: unknown): string {
  if (typeof value !== 'string') throw new GraphQLError('Locale cannot represent non string type', { extensions: { code: 'BAD_USER_INPUT' } });
  return value;
}

/**
 * Any string: whether it names one of the project's locales is checked by the operation layer
 * (a `BAD_USER_INPUT` naming `locale`), which knows the locales at request time; `all` means
 * every locale, as in v4.
 */
export const LocaleCodeScalar = new GraphQLScalarType<string, string>({
  name: 'I18NLocaleCode',
  description: 'A string used to identify an i18n locale',
  serialize: localeCode,
  parseValue: localeCode,
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING) throw new GraphQLError('Locale cannot represent non string type', { extensions: { code: 'BAD_USER_INPUT' } });
    return ast.value;
  },
});

/** `locale: I18NLocaleCode` on the root fields of localized types (v4 adds it to every one) */
export function localeArgs(contentType: ContentType): GraphQLFieldConfigArgumentMap {
  return isLocalizedType(contentType) ? { locale: { type: LocaleCodeScalar } } : {};
}

type FieldConfig = GraphQLFieldConfig<Record<string, unknown>, GraphqlContext>;

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
      resolve: toManyResolver(LOCALIZATIONS, schema.uid),
    };
  }
  return fields;
}

/** `locale` and `localizations` in `<Type>FiltersInput` */
export function localizedFilterFields(ctx: BuildContext, schema: Schema): Record<string, { type: GraphQLNamedType }> {
  if (schema.modelType !== 'contentType' || !isLocalizedType(schema)) return {};
  const fields: Record<string, { type: GraphQLNamedType }> = {};
  if (ctx.shadowCrud.isFieldEnabled(schema.uid, 'locale', 'filters')) fields['locale'] = { type: SCALAR_FILTER_INPUTS.String };
  if (ctx.shadowCrud.isFieldEnabled(schema.uid, LOCALIZATIONS, 'filters')) fields[LOCALIZATIONS] = { type: filtersInputType(ctx, schema) };
  return fields;
}

type FieldMap = GraphQLFieldConfigMap<unknown, GraphqlContext>;

/** `create<Type>Localization(id, data, locale)`: a new locale version of an existing document */
export function createLocalizationMutation(ctx: BuildContext, contentType: ContentType): FieldMap {
  if (!isLocalizedType(contentType) || contentType.kind !== 'collectionType') return {};
  return {
    [createLocalizationMutationName(contentType)]: {
      type: entityResponseType(ctx, contentType),
      args: { id: { type: GraphQLID }, data: { type: inputType(ctx, contentType) }, ...localeArgs(contentType) },
      resolve: createLocalizationResolver(contentType),
    },
  };
}

/** `i18NLocale(id)` and `i18NLocales(filters, pagination, sort)` with their types */
export function localeQueries(ctx: BuildContext): { queries: FieldMap; types: GraphQLNamedType[] } {
  const schema = LOCALE_SCHEMA;
  const types = [attributesType(ctx, schema), entityType(ctx, schema), entityResponseType(ctx, schema), entityResponseCollectionType(ctx, schema), filtersInputType(ctx, schema)];
  const queries: FieldMap = {
    [findOneQueryName(schema)]: { type: entityResponseType(ctx, schema), args: { id: { type: GraphQLID } }, resolve: findLocaleResolver() },
    [findQueryName(schema)]: {
      type: new GraphQLNonNull(entityResponseCollectionType(ctx, schema)),
      args: listArgs(filtersInputType(ctx, schema)),
      resolve: findLocalesResolver(),
    },
  };
  return { queries, types };
}
