/**
 * An attribute as the field dialog edits it (flat, strings as typed) and as schema.json holds
 * it: every Strapi attribute kind with its options. Relations offer Strapi's six kinds; `oneWay`
 * and `manyWay` are saved as one-sided `oneToOne` and `oneToMany` (the server does the same).
 */
import type { AttributeJson } from './api';

export const ATTRIBUTE_TYPES = [
  ['string', 'Text (short)'], ['text', 'Text (long)'], ['richtext', 'Rich text (Markdown)'], ['blocks', 'Rich text (Blocks)'],
  ['email', 'Email'], ['password', 'Password'], ['uid', 'UID'], ['enumeration', 'Enumeration'],
  ['integer', 'Integer'], ['biginteger', 'Big integer'], ['decimal', 'Decimal'], ['float', 'Float'],
  ['date', 'Date'], ['time', 'Time'], ['datetime', 'Date and time'], ['boolean', 'Boolean'], ['json', 'JSON'],
  ['media', 'Media'], ['relation', 'Relation'], ['component', 'Component'], ['dynamiczone', 'Dynamic zone'],
] as const;

export const RELATION_KINDS = [
  ['oneWay', 'has one (one-way)'], ['oneToOne', 'has and belongs to one'], ['oneToMany', 'belongs to many'],
  ['manyToOne', 'has many'], ['manyToMany', 'has and belongs to many'], ['manyWay', 'has many (one-way)'],
] as const;

export const MEDIA_TYPES = [['images', 'Images'], ['files', 'Files'], ['videos', 'Videos'], ['audios', 'Audios']] as const;

export interface AttributeForm {
  name: string;
  type: string;
  required: boolean;
  unique: boolean;
  private: boolean;
  localized: boolean;
  minLength: string;
  maxLength: string;
  min: string;
  max: string;
  default: string;
  regex: string;
  values: string;
  targetField: string;
  multiple: boolean;
  allowedTypes: string[];
  relation: string;
  target: string;
  targetAttribute: string;
  component: string;
  repeatable: boolean;
  components: string[];
}

const TEXTUAL = new Set(['string', 'text', 'richtext', 'email', 'password', 'uid']);
const NUMERIC = new Set(['integer', 'biginteger', 'decimal', 'float']);
const UNIQUE = new Set(['string', 'text', 'email', 'uid', 'integer', 'biginteger', 'decimal', 'float', 'date', 'time', 'datetime']);
const DEFAULTS = new Set(['string', 'text', 'richtext', 'email', 'enumeration', 'integer', 'biginteger', 'decimal', 'float', 'date', 'time', 'datetime', 'boolean']);
const TWO_SIDED = new Set(['oneToOne', 'oneToMany', 'manyToOne', 'manyToMany']);

export const hasLength = (type: string): boolean => TEXTUAL.has(type);
export const hasRange = (type: string): boolean => NUMERIC.has(type) || type === 'dynamiczone';
export const hasUnique = (type: string): boolean => UNIQUE.has(type);
export const hasDefault = (type: string): boolean => DEFAULTS.has(type);
export const hasRegex = (type: string): boolean => type === 'string' || type === 'text';
export const isTwoSided = (relation: string): boolean => TWO_SIDED.has(relation);

export function emptyForm(type = 'string'): AttributeForm {
  return {
    name: '', type, required: false, unique: false, private: false, localized: false, minLength: '', maxLength: '', min: '', max: '',
    default: '', regex: '', values: '', targetField: '', multiple: false, allowedTypes: [], relation: 'oneWay', target: '', targetAttribute: '',
    component: '', repeatable: false, components: [],
  };
}

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));
const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

export function formOf(name: string, attribute: AttributeJson): AttributeForm {
  const i18n = (attribute.pluginOptions as { i18n?: { localized?: boolean } } | undefined)?.i18n;
  const inverse = text(attribute.inversedBy) || text(attribute.mappedBy);
  const relation = text(attribute.relation);
  return {
    ...emptyForm(attribute.type),
    name,
    required: attribute.required === true,
    unique: attribute.unique === true,
    private: attribute.private === true,
    localized: i18n?.localized === true,
    minLength: text(attribute.minLength), maxLength: text(attribute.maxLength), min: text(attribute.min), max: text(attribute.max),
    default: text(attribute.default), regex: text(attribute.regex), values: list(attribute.enum).join('\n'), targetField: text(attribute.targetField),
    multiple: attribute.multiple === true, allowedTypes: list(attribute.allowedTypes),
    relation: inverse === '' && relation === 'oneToOne' ? 'oneWay' : inverse === '' && relation === 'oneToMany' ? 'manyWay' : relation || 'oneWay',
    target: text(attribute.target), targetAttribute: inverse,
    component: text(attribute.component), repeatable: attribute.repeatable === true, components: list(attribute.components),
  };
}

function number(value: string): number | undefined {
  return value.trim() === '' || Number.isNaN(Number(value)) ? undefined : Number(value);
}

function defaultOf(form: AttributeForm): unknown {
  if (form.default === '' || !hasDefault(form.type)) return undefined;
  if (form.type === 'boolean') return form.default === 'true';
  if (form.type === 'biginteger') return form.default;
  if (NUMERIC.has(form.type)) return number(form.default);
  return form.default;
}

/** the attribute as schema.json holds it */
export function attributeOf(form: AttributeForm, modelLocalized: boolean): AttributeJson {
  const type = form.type;
  const set = (entries: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined && value !== false && value !== ''));
  if (type === 'relation') {
    const twoSided = isTwoSided(form.relation) && form.targetAttribute.trim() !== '';
    return { type, relation: form.relation, target: form.target, ...(twoSided ? { inversedBy: form.targetAttribute.trim() } : {}) } as AttributeJson;
  }
  const attribute: Record<string, unknown> = { type };
  if (type === 'media') Object.assign(attribute, { multiple: form.multiple, ...(form.allowedTypes.length > 0 ? { allowedTypes: form.allowedTypes } : {}) });
  if (type === 'component') Object.assign(attribute, { component: form.component, repeatable: form.repeatable });
  if (type === 'dynamiczone') attribute.components = form.components;
  if (type === 'enumeration') attribute.enum = form.values.split('\n').map((value) => value.trim()).filter((value) => value !== '');
  if (type === 'uid' && form.targetField !== '') attribute.targetField = form.targetField;
  Object.assign(attribute, set({
    required: form.required,
    unique: hasUnique(type) ? form.unique : undefined,
    private: form.private,
    minLength: hasLength(type) ? number(form.minLength) : undefined,
    maxLength: hasLength(type) ? number(form.maxLength) : undefined,
    min: hasRange(type) ? number(form.min) : undefined,
    max: hasRange(type) ? number(form.max) : undefined,
    regex: hasRegex(type) ? form.regex : undefined,
  }));
  const fallback = defaultOf(form);
  if (fallback !== undefined) attribute.default = fallback;
  if (modelLocalized && form.localized) attribute.pluginOptions = { i18n: { localized: true } };
  return attribute as AttributeJson;
}
