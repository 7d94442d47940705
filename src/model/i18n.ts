/**
 * Which content types and attributes are localized (Strapi's i18n `pluginOptions`). Read from
 * the schema as Strapi reads it: a type is localized when `pluginOptions.i18n.localized` is
 * `true`; in a localized type an attribute is localized when its own flag is `true`, and
 * relations and uids always are. Every other attribute is shared by the document's locales.
 */
import { isRecord } from '../util/is-record.js';
import type { Attribute, ContentType, RelationAttribute, ScalarAttribute, Schema } from './types.js';

function i18nFlag(pluginOptions: unknown): unknown {
  if (!isRecord(pluginOptions)) return undefined;
  const i18n = pluginOptions['i18n'];
  return isRecord(i18n) ? i18n['localized'] : undefined;
}

const localizedTypes = new WeakMap<Schema, boolean>();

/** A content type whose documents keep one version per locale (a `locale` column). */
export function isLocalizedType(schema: Schema): boolean {
  let localized = localizedTypes.get(schema);
  if (localized === undefined) {
    localized = schema.modelType === 'contentType' && i18nFlag(schema.pluginOptions) === true;
    localizedTypes.set(schema, localized);
  }
  return localized;
}

/** The attribute's own `pluginOptions.i18n.localized` flag, undefined when absent. */
export function attributeI18nFlag(attribute: Attribute): unknown {
  return i18nFlag(attribute.raw['pluginOptions']);
}

/** In a localized type: whether each locale keeps its own value (else it is shared). */
export function isLocalizedAttribute(attribute: Attribute): boolean {
  if (attribute.kind === 'relation') return true;
  if (attribute.kind === 'scalar' && attribute.type === 'uid') return true;
  return attributeI18nFlag(attribute) === true;
}

/** The name of the virtual relation every localized type has to its document's other locales. */
export const LOCALIZATIONS = 'localizations';

const localizationsOf = new WeakMap<Schema, RelationAttribute>();

/**
 * `localizations` of a localized content type: as in Strapi, a to-many relation to the same type
 * holding the document's versions in the other locales. It is not stored (no link table: the
 * engine reads the type's own rows by `document_id`, attribute-links.ts), never written, and
 * not in `schema.attributes`: `attributeOf` answers it for reads (populate, filters, GraphQL).
 */
export function localizationsAttribute(schema: Schema): RelationAttribute | undefined {
  if (!isLocalizedType(schema)) return undefined;
  let attribute = localizationsOf.get(schema);
  if (attribute === undefined) {
    attribute = Object.freeze({
      kind: 'relation', name: LOCALIZATIONS, relation: 'oneToMany', target: schema.uid,
      required: false, private: false, raw: Object.freeze({ virtual: true }),
    } as const);
    localizationsOf.set(schema, attribute);
  }
  return attribute;
}

export function isLocalizationsAttribute(attribute: Attribute): boolean {
  return attribute.kind === 'relation' && attribute.name === LOCALIZATIONS && attribute.raw['virtual'] === true;
}

const localeString = (name: string): ScalarAttribute => Object.freeze({
  kind: 'scalar', name, type: 'string', required: false, private: false, unique: false, raw: Object.freeze({}),
});

/**
 * Strapi's `plugin::i18n.locale` as a schema, for reading the locales through the query
 * machinery (GraphQL `i18NLocales` filters and sorts). Not in the registry: locales are no
 * content of the project (no REST routes, permissions or lifecycles); `is_default` is no
 * attribute (documents/locales.ts reads it).
 */
export const LOCALE_SCHEMA: ContentType = Object.freeze({
  modelType: 'contentType', kind: 'collectionType', uid: 'plugin::i18n.locale', collectionName: 'i18n_locale',
  displayName: 'Locale', singularName: 'locale', pluralName: 'locales', draftAndPublish: false, namespace: 'i18n',
  file: '<internal>', options: Object.freeze({}), pluginOptions: Object.freeze({}),
  attributes: Object.freeze({ name: localeString('name'), code: localeString('code') }),
});
