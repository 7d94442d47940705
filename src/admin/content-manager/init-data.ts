/**
 * `GET /content-manager/init`: the content types and components as the panel needs them to
 * build its lists and edit views, in the shape of Strapi's content-manager (`toDto` of its data
 * mapper): `uid`, `kind`, `info`, `attributes` as the schema file writes them (plus `id` and
 * the timestamps Strapi adds), `options`, `pluginOptions`, `isDisplayed`, and the defaults of its
 * configuration (`mainField`, `settings`, `layouts.list`). Built once per registry: the model
 * does not change while the server runs.
 */
import { isHidden } from '../../model/attributes.js';
import { isCreatorField } from '../../model/creator-fields.js';
import { isLocalizedType } from '../../model/i18n.js';
import { assertNever, type Attribute, type ComponentSchema, type ContentType, type Registry, type Schema } from '../../model/types.js';
import { mainFieldOf } from './main-field.js';

type Json = Record<string, unknown>;

/** Defined values only, as a schema file writes them (no `undefined` keys in the answer). */
const defined = (entries: Json): Json => Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined));

/** One attribute in Strapi's schema shape. */
export function attributeJson(attr: Attribute): Json {
  const { creatorField: _creator, ...raw } = attr.raw;
  const common = { ...raw, required: attr.required || undefined, private: attr.private || undefined };
  switch (attr.kind) {
    case 'scalar':
      return defined({
        ...common, type: attr.type, unique: attr.unique || undefined, default: attr.default, min: attr.min, max: attr.max,
        minLength: attr.minLength, maxLength: attr.maxLength, regex: attr.regex, enum: attr.enum, targetField: attr.targetField,
      });
    case 'relation':
      return defined({
        ...common, type: 'relation', relation: attr.relation, target: attr.target, inversedBy: attr.inversedBy, mappedBy: attr.mappedBy,
        // Strapi's content-manager adds these two for its relation inputs
        targetModel: attr.target, relationType: attr.relation,
        // the creator relations are set by the server, never edited (Strapi's own flags)
        ...(isCreatorField(attr) ? { configurable: false, writable: false, visible: false } : {}),
      });
    case 'media':
      return defined({ ...common, type: 'media', multiple: attr.multiple, allowedTypes: attr.allowedTypes });
    case 'component':
      return defined({ ...common, type: 'component', component: attr.component, repeatable: attr.repeatable, min: attr.min, max: attr.max });
    case 'dynamiczone':
      return defined({ ...common, type: 'dynamiczone', components: attr.components, min: attr.min, max: attr.max });
    default:
      return assertNever(attr);
  }
}

const SYSTEM = { configurable: false, writable: false, visible: false };

function attributesJson(schema: Schema): Json {
  const own = Object.fromEntries(Object.values(schema.attributes).map((attr) => [attr.name, attributeJson(attr)]));
  if (schema.modelType === 'component') return { id: { type: 'integer' }, ...own };
  return {
    id: { type: 'integer' },
    documentId: { type: 'string', ...SYSTEM },
    ...own,
    createdAt: { type: 'datetime', ...SYSTEM },
    updatedAt: { type: 'datetime', ...SYSTEM },
    ...(schema.draftAndPublish ? { publishedAt: { type: 'datetime', ...SYSTEM } } : {}),
    ...(isLocalizedType(schema) ? { locale: { type: 'string', ...SYSTEM } } : {}),
  };
}

/** Scalar kinds a list column can show (Strapi leaves long and structured values out of its default list). */
const UNLISTABLE = new Set(['json', 'password', 'richtext', 'blocks', 'text']);

/** Strapi's default list layout: `id` and the first three listable attributes. */
export function defaultListLayout(schema: Schema): string[] {
  const listable = Object.values(schema.attributes)
    .filter((attr) => attr.kind === 'scalar' && !isHidden(attr) && !UNLISTABLE.has(attr.type))
    .map((attr) => attr.name);
  return ['id', ...listable.slice(0, 3)];
}

/** Whether the panel shows the type (Strapi: `pluginOptions['content-manager'].visible` not false). */
export const isDisplayed = (pluginOptions: Readonly<Record<string, unknown>>): boolean => {
  const options = pluginOptions['content-manager'];
  return !(typeof options === 'object' && options !== null && (options as { visible?: unknown }).visible === false);
};

function configuration(schema: Schema): Json {
  const mainField = mainFieldOf(schema);
  return {
    mainField,
    settings: { mainField, defaultSortBy: mainField, defaultSortOrder: 'ASC', pageSize: 10, searchable: true, filterable: true, bulkable: true },
    layouts: { list: defaultListLayout(schema) },
  };
}

export function contentTypeJson(type: ContentType): Json {
  return {
    uid: type.uid,
    kind: type.kind,
    apiID: type.singularName,
    info: { displayName: type.displayName, singularName: type.singularName, pluralName: type.pluralName },
    attributes: attributesJson(type),
    options: { ...type.options, draftAndPublish: type.draftAndPublish },
    pluginOptions: type.pluginOptions,
    isDisplayed: isDisplayed(type.pluginOptions),
    ...configuration(type),
  };
}

export function componentJson(component: ComponentSchema): Json {
  return {
    uid: component.uid,
    category: component.category,
    apiID: component.modelName,
    info: { displayName: component.displayName },
    attributes: attributesJson(component),
    isDisplayed: true,
    ...configuration(component),
  };
}

const built = new WeakMap<Registry, Json>();

export function initData(registry: Registry): Json {
  let data = built.get(registry);
  if (data === undefined) {
    data = {
      contentTypes: [...registry.contentTypes.values()].map(contentTypeJson),
      components: [...registry.components.values()].map(componentJson),
    };
    built.set(registry, data);
  }
  return data;
}
