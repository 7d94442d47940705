/**
 * The content model as `GET /content-manager/init` describes it (Strapi-shaped attributes), and
 * the lookups the fields need: a component's schema, a relation target's main field.
 */
export interface BaseAttribute {
  type: string;
  required?: boolean;
  private?: boolean;
  unique?: boolean;
  default?: unknown;
  pluginOptions?: { i18n?: { localized?: boolean } };
}

export interface ScalarAttribute extends BaseAttribute {
  type:
    | 'string' | 'text' | 'richtext' | 'blocks' | 'email' | 'password' | 'enumeration'
    | 'integer' | 'biginteger' | 'float' | 'decimal' | 'boolean' | 'date' | 'time' | 'datetime' | 'json';
  minLength?: number;
  maxLength?: number;
  min?: number | string;
  max?: number | string;
  regex?: string;
  enum?: string[];
}

export interface UidAttribute extends BaseAttribute {
  type: 'uid';
  targetField?: string;
  minLength?: number;
  maxLength?: number;
  regex?: string;
}

export interface MediaAttribute extends BaseAttribute {
  type: 'media';
  multiple?: boolean;
  allowedTypes?: string[];
}

export interface RelationAttribute extends BaseAttribute {
  type: 'relation';
  relation: string;
  target: string;
  mappedBy?: string;
  inversedBy?: string;
}

export interface ComponentAttribute extends BaseAttribute {
  type: 'component';
  component: string;
  repeatable?: boolean;
  min?: number;
  max?: number;
}

export interface DynamicZoneAttribute extends BaseAttribute {
  type: 'dynamiczone';
  components: string[];
  min?: number;
  max?: number;
}

export type Attribute = ScalarAttribute | UidAttribute | MediaAttribute | RelationAttribute | ComponentAttribute | DynamicZoneAttribute;

export interface Info { displayName: string; singularName?: string; pluralName?: string; description?: string }

export interface ContentTypeModel {
  uid: string;
  kind: 'collectionType' | 'singleType';
  info: Info;
  attributes: Record<string, Attribute>;
  options?: { draftAndPublish?: boolean };
  pluginOptions?: { i18n?: { localized?: boolean } };
  mainField?: string;
  isDisplayed?: boolean;
}

export interface ComponentModel {
  uid: string;
  category?: string;
  info: Info;
  attributes: Record<string, Attribute>;
  mainField?: string;
}

export interface ContentModel {
  contentTypes: ContentTypeModel[];
  components: ComponentModel[];
}

/** keys the server owns: never an edit control, never written */
const SYSTEM_KEYS = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'locale', 'localizations', 'status']);

/** the attributes an editor edits, in schema order */
export function editableAttributes(attributes: Record<string, Attribute>): [string, Attribute][] {
  return Object.entries(attributes).filter(([name, attribute]) => {
    if (SYSTEM_KEYS.has(name)) return false;
    // relations to admin users (createdBy) and morph relations have no picker
    if (attribute.type === 'relation') return attribute.target.startsWith('api::') || attribute.target.startsWith('plugin::');
    return true;
  });
}

export function isLocalized(attribute: Attribute): boolean {
  return attribute.pluginOptions?.i18n?.localized !== false;
}

export function isToMany(attribute: RelationAttribute): boolean {
  return /ToMany$/.test(attribute.relation) || attribute.relation === 'manyWay';
}

export class ModelIndex {
  private readonly types = new Map<string, ContentTypeModel>();
  private readonly components = new Map<string, ComponentModel>();

  constructor(readonly model: ContentModel) {
    for (const type of model.contentTypes) this.types.set(type.uid, type);
    for (const component of model.components) this.components.set(component.uid, component);
  }

  contentType(uid: string): ContentTypeModel | undefined {
    return this.types.get(uid);
  }

  component(uid: string): ComponentModel {
    const component = this.components.get(uid);
    if (!component) throw new Error(`Unknown component ${uid}`);
    return component;
  }

  /** the attribute a relation's options are named by: the target's main field, else its first string, else documentId */
  mainField(targetUid: string): string {
    const target = this.types.get(targetUid);
    if (!target) return 'documentId';
    if (target.mainField) return target.mainField;
    const firstString = Object.entries(target.attributes).find(([, a]) => a.type === 'string');
    return firstString ? firstString[0] : 'documentId';
  }
}
