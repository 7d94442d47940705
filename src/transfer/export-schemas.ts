/**
 * The project's schemas as `schemas/*.jsonl` lines, in Strapi's shape (what `strapi export`
 * writes: the schema file's content plus `uid`, `modelType`, `modelName`, `globalId`, and the
 * attributes Strapi adds to every content type), so an import on either side compares them.
 */
import { isLocalizedType } from '../model/i18n.js';
import type { Attribute, ComponentSchema, ContentType, Registry, Schema } from '../model/types.js';

const pascal = (text: string): string => text.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');

/** Drops the keys whose value is undefined or false (a schema file leaves them out). */
const defined = (object: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined && v !== false));

/** An attribute as its schema file says it (the model keeps what it interprets typed, the rest in `raw`). */
function definitionOf(attr: Attribute): Record<string, unknown> {
  const flags = { required: attr.required, private: attr.private };
  switch (attr.kind) {
    case 'scalar':
      return defined({
        type: attr.type, ...flags, unique: attr.unique, default: attr.default, min: attr.min, max: attr.max, minLength: attr.minLength,
        maxLength: attr.maxLength, regex: attr.regex, enum: attr.enum, targetField: attr.targetField, ...attr.raw,
      });
    case 'relation':
      return defined({ type: 'relation', relation: attr.relation, target: attr.target, inversedBy: attr.inversedBy, mappedBy: attr.mappedBy, ...flags, ...attr.raw });
    case 'media':
      // Strapi's schemas always say `multiple`
      return { ...defined({ type: 'media', allowedTypes: attr.allowedTypes, ...flags, ...attr.raw }), multiple: attr.multiple };
    case 'component':
      return { ...defined({ type: 'component', repeatable: attr.repeatable, component: attr.component, min: attr.min, max: attr.max, ...flags, ...attr.raw }), repeatable: attr.repeatable };
    case 'dynamiczone':
      return defined({ type: 'dynamiczone', components: attr.components, min: attr.min, max: attr.max, ...flags, ...attr.raw });
  }
}

function attributesOf(schema: Schema): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  for (const attr of Object.values(schema.attributes)) {
    if (attr.raw.creatorField === true) continue;
    attributes[attr.name] = definitionOf(attr);
  }
  return attributes;
}

function contentTypeLine(type: ContentType): Record<string, unknown> {
  const localized = isLocalizedType(type);
  return {
    collectionName: type.collectionName,
    info: { singularName: type.singularName, pluralName: type.pluralName, displayName: type.displayName },
    options: type.options,
    pluginOptions: type.pluginOptions,
    attributes: {
      ...attributesOf(type),
      createdAt: { type: 'datetime' },
      updatedAt: { type: 'datetime' },
      publishedAt: { type: 'datetime', configurable: false, writable: true, visible: true },
      createdBy: { type: 'relation', relation: 'oneToOne', target: 'admin::user', configurable: false, writable: false, visible: false, useJoinTable: false, private: true },
      updatedBy: { type: 'relation', relation: 'oneToOne', target: 'admin::user', configurable: false, writable: false, visible: false, useJoinTable: false, private: true },
      locale: { writable: true, private: !localized, configurable: false, visible: false, type: 'string' },
      localizations: { type: 'relation', relation: 'oneToMany', target: type.uid, writable: false, private: !localized, configurable: false, visible: false, unstable_virtual: true, joinColumn: { name: 'document_id', referencedColumn: 'document_id', referencedTable: type.collectionName } },
    },
    kind: type.kind,
    modelType: 'contentType',
    modelName: type.singularName,
    uid: type.uid,
    ...(type.namespace === 'api' ? {} : { plugin: type.namespace }),
    globalId: pascal(type.uid.startsWith('api::') ? type.singularName : `${type.namespace}-${type.singularName}`),
  };
}

function componentLine(component: ComponentSchema): Record<string, unknown> {
  return {
    collectionName: component.collectionName,
    info: { displayName: component.displayName },
    options: {},
    attributes: attributesOf(component),
    modelType: 'component',
    modelName: component.modelName,
    uid: component.uid,
    globalId: `Component${pascal(component.category)}${pascal(component.modelName)}`,
  };
}

/** The project's schema lines: kept content types (not Vellum's internal ones), then components. */
export function schemaLines(registry: Registry, types: readonly ContentType[]): Array<Record<string, unknown>> {
  return [...types.map(contentTypeLine), ...[...registry.components.values()].map(componentLine)];
}
