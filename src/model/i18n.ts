/**
 * Which content types and attributes are localized (Strapi's i18n `pluginOptions`). Read from
 * the schema as Strapi reads it: a type is localized when `pluginOptions.i18n.localized` is
 * `true`; in a localized type an attribute is localized when its own flag is `true`, and
 * relations and uids always are. Every other attribute is shared by the document's locales.
 */
import { isRecord } from '../util/is-record.js';
import type { Attribute, Schema } from './types.js';

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
