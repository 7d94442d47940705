/**
 * The v4 i18n extension's part of the schema that other builders mix in: the `I18NLocaleCode`
 * scalar and the `locale` argument it types, and the `locale` / `localizations` filters of
 * localized types. Its output fields are in content-types.ts, its root fields
 * (`create<Type>Localization`, `i18NLocale(id)`, `i18NLocales`) in locale-operations.ts.
 */
import {
  GraphQLError,
  GraphQLScalarType,
  Kind,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLInputObjectType,
  type GraphQLNamedType,
} from 'graphql';
import { LOCALIZATIONS, isLocalizedType } from '../../model/i18n.js';
import type { ContentType, Schema } from '../../model/types.js';
import type { BuildContext } from './build-context.js';
import { SCALAR_FILTER_INPUTS } from './filter-inputs.js';

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

/** `locale` and `localizations` in `<Type>FiltersInput`; `filters` is that input type itself (filters.ts builds it) */
export function localizedFilterFields(ctx: BuildContext, schema: Schema, filters: GraphQLInputObjectType): Record<string, { type: GraphQLNamedType }> {
  if (schema.modelType !== 'contentType' || !isLocalizedType(schema)) return {};
  const fields: Record<string, { type: GraphQLNamedType }> = {};
  if (ctx.shadowCrud.isFieldEnabled(schema.uid, 'locale', 'filters')) fields['locale'] = { type: SCALAR_FILTER_INPUTS.String };
  if (ctx.shadowCrud.isFieldEnabled(schema.uid, LOCALIZATIONS, 'filters')) fields[LOCALIZATIONS] = { type: filters };
  return fields;
}
