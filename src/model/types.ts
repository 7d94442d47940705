/**
 * The typed model registry: what `src/api/**\/schema.json` and `src/components/**\/*.json`
 * become after loading and validation. Every switch over `Attribute` ends in `assertNever`,
 * so a new attribute kind shows every place that must handle it.
 */

export const SCALAR_TYPES = [
  'string', 'text', 'richtext', 'blocks', 'enumeration', 'email', 'password', 'uid',
  'date', 'time', 'datetime', 'timestamp',
  'integer', 'biginteger', 'float', 'decimal',
  'boolean', 'json',
] as const;
export type ScalarType = (typeof SCALAR_TYPES)[number];

export const RELATION_KINDS = ['oneToOne', 'oneToMany', 'manyToOne', 'manyToMany'] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];

interface AttributeBase {
  readonly name: string;
  readonly required: boolean;
  readonly private: boolean;
  /** Schema keys we do not interpret (pluginOptions, configurable, …), kept for extensions. */
  readonly raw: Readonly<Record<string, unknown>>;
}

export interface ScalarAttribute extends AttributeBase {
  readonly kind: 'scalar';
  readonly type: ScalarType;
  readonly unique: boolean;
  readonly default?: unknown;
  readonly min?: number;
  readonly max?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly regex?: string;
  /** enumeration values */
  readonly enum?: readonly string[];
  /** uid: the attribute a uid is derived from */
  readonly targetField?: string;
}

export interface RelationAttribute extends AttributeBase {
  readonly kind: 'relation';
  readonly relation: RelationKind;
  /** target content-type uid */
  readonly target: string;
  readonly inversedBy?: string;
  readonly mappedBy?: string;
}

export interface MediaAttribute extends AttributeBase {
  readonly kind: 'media';
  readonly multiple: boolean;
  readonly allowedTypes?: readonly string[];
}

export interface ComponentAttribute extends AttributeBase {
  readonly kind: 'component';
  readonly component: string;
  readonly repeatable: boolean;
  readonly min?: number;
  readonly max?: number;
}

export interface DynamicZoneAttribute extends AttributeBase {
  readonly kind: 'dynamiczone';
  readonly components: readonly string[];
  readonly min?: number;
  readonly max?: number;
}

export type Attribute =
  | ScalarAttribute
  | RelationAttribute
  | MediaAttribute
  | ComponentAttribute
  | DynamicZoneAttribute;

export interface SchemaBase {
  readonly uid: string;
  /** SQL table of this schema's rows */
  readonly collectionName: string;
  readonly displayName: string;
  readonly attributes: Readonly<Record<string, Attribute>>;
  /** file the schema was loaded from (for error messages); '<internal>' for built-in types */
  readonly file: string;
}

export interface ContentType extends SchemaBase {
  readonly modelType: 'contentType';
  readonly kind: 'collectionType' | 'singleType';
  readonly singularName: string;
  readonly pluralName: string;
  readonly draftAndPublish: boolean;
  /** `api` for `api::x.y`, the plugin name for `plugin::upload.file` */
  readonly namespace: string;
  readonly options: Readonly<Record<string, unknown>>;
  readonly pluginOptions: Readonly<Record<string, unknown>>;
}

export interface ComponentSchema extends SchemaBase {
  readonly modelType: 'component';
  readonly category: string;
  /** the file name without `.json`: `seo` in `shared.seo` */
  readonly modelName: string;
}

export type Schema = ContentType | ComponentSchema;

export interface Registry {
  readonly contentTypes: ReadonlyMap<string, ContentType>;
  readonly components: ReadonlyMap<string, ComponentSchema>;
  /** content type or component; throws UnknownModelError for an unknown uid */
  get(uid: string): Schema;
  contentType(uid: string): ContentType;
  component(uid: string): ComponentSchema;
  /** content type whose pluralName (collection) or singularName (single type) is the REST segment */
  byRouteSegment(segment: string): ContentType | undefined;
}

export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}

/** Entry keys every content type has, beside its attributes. */
export const SYSTEM_FIELDS = ['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt'] as const;
/** `locale`: only on localized content types (model/i18n.ts), so not in SYSTEM_FIELDS. */
export type SystemField = (typeof SYSTEM_FIELDS)[number] | 'locale';

/** Type a system field's values have (in filters, sorts and columns). */
export const SYSTEM_FIELD_TYPES: Readonly<Record<SystemField, ScalarType>> = {
  id: 'integer',
  documentId: 'string',
  createdAt: 'datetime',
  updatedAt: 'datetime',
  publishedAt: 'datetime',
  locale: 'string',
};

export const RESERVED_ATTRIBUTE_NAMES = [
  'id', 'documentId', 'document_id', 'createdAt', 'updatedAt', 'publishedAt',
  'createdBy', 'updatedBy', 'locale', 'localizations', 'status',
] as const;
