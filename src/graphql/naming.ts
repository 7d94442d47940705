/**
 * Every generated GraphQL name, in one place, following the Strapi v4 GraphQL plugin's
 * `naming.js` so that existing client queries keep working unchanged.
 */
import type { ComponentSchema, ContentType, Schema } from '../model/types.js';

/** lodash `words`: splits on separators and on case humps (`richText` → rich, Text). */
function words(input: string): string[] {
  return input.match(/[A-Z]{2,}(?=[A-Z][a-z]+[0-9]*|\b)|[A-Z]?[a-z]+[0-9]*|[A-Z]|[0-9]+/g) ?? [];
}

export function upperFirst(input: string): string {
  return input.charAt(0).toUpperCase() + input.slice(1);
}

export function lowerFirst(input: string): string {
  return input.charAt(0).toLowerCase() + input.slice(1);
}

/** lodash `camelCase`: `rich-text` → `richText`, `users-permissions` → `usersPermissions`. */
export function camelCase(input: string): string {
  return words(input)
    .map((word, index) => (index === 0 ? word.toLowerCase() : upperFirst(word.toLowerCase())))
    .join('');
}

const pascal = (input: string): string => upperFirst(camelCase(input));

function prefixOf(contentType: ContentType): string {
  return contentType.namespace === 'api' ? '' : pascal(contentType.namespace);
}

/** `Article`, `UploadFile`, `UsersPermissionsUser` */
export function typeName(contentType: ContentType): string {
  return prefixOf(contentType) + pascal(contentType.singularName);
}

/** `Articles`, `UploadFiles` (only used to derive the list query name) */
export function pluralTypeName(contentType: ContentType): string {
  return prefixOf(contentType) + pascal(contentType.pluralName);
}

/** `ComponentSharedSeo` */
export function componentTypeName(component: ComponentSchema): string {
  return `Component${pascal(component.category)}${pascal(component.modelName)}`;
}

/** The object type holding a schema's attributes. */
export function schemaTypeName(schema: Schema): string {
  return schema.modelType === 'component' ? componentTypeName(schema) : typeName(schema);
}

export const entityName = (ct: ContentType): string => `${typeName(ct)}Entity`;
export const entityResponseName = (ct: ContentType): string => `${typeName(ct)}EntityResponse`;
export const entityResponseCollectionName = (ct: ContentType): string => `${typeName(ct)}EntityResponseCollection`;
export const relationResponseCollectionName = (ct: ContentType): string => `${typeName(ct)}RelationResponseCollection`;
export const inputName = (schema: Schema): string => `${schemaTypeName(schema)}Input`;
export const filtersInputName = (schema: Schema): string => `${schemaTypeName(schema)}FiltersInput`;

/** `ArticleBlocksDynamicZone` */
export function dynamicZoneName(schema: Schema, attribute: string): string {
  return `${schemaTypeName(schema)}${pascal(attribute)}DynamicZone`;
}
export const dynamicZoneInputName = (schema: Schema, attribute: string): string =>
  `${dynamicZoneName(schema, attribute)}Input`;

/** `ENUM_ARTICLE_TONE`, or the attribute's own `enumName` */
export function enumName(schema: Schema, attribute: string): string {
  const custom = schema.attributes[attribute]?.raw['enumName'];
  if (typeof custom === 'string' && custom !== '') return custom;
  return `ENUM_${schemaTypeName(schema).toUpperCase()}_${attribute.toUpperCase()}`;
}

/** A GraphQL enum value name for a stored enumeration value (which may hold any character). */
export function enumValueName(value: string): string {
  const cleaned = value.replace(/[^_0-9A-Za-z]/g, '_');
  return /^[0-9]/.test(cleaned) || cleaned === '' ? `_${cleaned}` : cleaned;
}

export const findOneQueryName = (ct: ContentType): string => lowerFirst(typeName(ct));
export const findQueryName = (ct: ContentType): string => lowerFirst(pluralTypeName(ct));
export const createMutationName = (ct: ContentType): string => `create${typeName(ct)}`;
export const updateMutationName = (ct: ContentType): string => `update${typeName(ct)}`;
export const deleteMutationName = (ct: ContentType): string => `delete${typeName(ct)}`;

/** `createPageLocalization` (the v4 i18n extension) */
export const createLocalizationMutationName = (ct: ContentType): string => `create${typeName(ct)}Localization`;
