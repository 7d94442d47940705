/**
 * An entry's values as the form holds them and back: inputs hold strings (numbers, dates in the
 * browser's local time, json as text), relations the chosen `{ key, documentId, label }` items,
 * media the file objects, components and dynamic zones nested objects. `toWriteValues` gives
 * Strapi 5's write input: relations as `set` with documentIds in order, media by file id,
 * dynamic-zone items with `__component`; a password is written only when typed.
 */
import { editableAttributes, isToMany, type Attribute, type ModelIndex } from './model.js';
import { relationLabel, type RelationItem } from './relation-item.js';

export type FormValues = Record<string, unknown>;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** an ISO instant as a datetime-local input's value, in the browser's time zone, to the second */
export function toLocalDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** Strapi's time `HH:mm:ss.SSS` from a time input's `HH:mm` or `HH:mm:ss` */
export function toStrapiTime(value: string): string {
  const [h = '00', m = '00', rest = '00'] = value.split(':');
  const [s = '00', ms = '000'] = rest.split('.');
  return `${pad(Number(h))}:${pad(Number(m))}:${pad(Number(s))}.${ms.padEnd(3, '0').slice(0, 3)}`;
}

function relationItems(value: unknown, mainField: string): RelationItem[] {
  const list = Array.isArray(value) ? value : value && typeof value === 'object' && 'documentId' in value ? [value] : [];
  return list
    .filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null && typeof (entry as { documentId?: unknown }).documentId === 'string')
    .map((entry) => ({ key: String(entry.documentId), documentId: String(entry.documentId), label: relationLabel(entry, mainField), status: typeof entry.status === 'string' ? entry.status : undefined }));
}

function toFormValue(attribute: Attribute, value: unknown, model: ModelIndex): unknown {
  switch (attribute.type) {
    case 'password':
      return '';
    case 'boolean':
      return value === true;
    case 'integer':
    case 'biginteger':
    case 'float':
    case 'decimal':
      return value === null || value === undefined ? '' : String(value);
    case 'time':
      return typeof value === 'string' ? value.slice(0, 8) : '';
    case 'datetime':
      return typeof value === 'string' ? toLocalDateTime(value) : '';
    case 'json':
      return value === null || value === undefined ? '' : JSON.stringify(value, null, 2);
    case 'blocks':
      return Array.isArray(value) && value.length > 0 ? value : null;
    case 'media':
      if (attribute.multiple) return Array.isArray(value) ? value : [];
      return value && typeof value === 'object' && !Array.isArray(value) ? value : null;
    case 'relation':
      return relationItems(value, model.mainField(attribute.target));
    case 'component': {
      const schema = model.component(attribute.component);
      if (attribute.repeatable) return Array.isArray(value) ? value.map((item) => toFormValues(schema.attributes, item as FormValues, model)) : [];
      return value && typeof value === 'object' ? toFormValues(schema.attributes, value as FormValues, model) : null;
    }
    case 'dynamiczone':
      return Array.isArray(value)
        ? value
            .filter((item): item is FormValues => typeof item === 'object' && item !== null && typeof (item as { __component?: unknown }).__component === 'string')
            .map((item) => ({ __component: item.__component, ...toFormValues(model.component(String(item.__component)).attributes, item, model) }))
        : [];
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

export function toFormValues(attributes: Record<string, Attribute>, data: FormValues | null | undefined, model: ModelIndex): FormValues {
  const values: FormValues = {};
  for (const [name, attribute] of editableAttributes(attributes)) values[name] = toFormValue(attribute, data?.[name], model);
  return values;
}

/** a new entry's or component's values: the schema's defaults, else empty */
export function emptyFormValues(attributes: Record<string, Attribute>, model: ModelIndex): FormValues {
  const data: FormValues = {};
  for (const [name, attribute] of editableAttributes(attributes)) {
    if (attribute.default !== undefined) data[name] = attribute.default;
    // a required single component starts filled in, as Strapi's edit view does
    else if (attribute.type === 'component' && !attribute.repeatable && attribute.required) data[name] = {};
  }
  return toFormValues(attributes, data, model);
}

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

function toWriteValue(attribute: Attribute, value: unknown, model: ModelIndex): unknown {
  switch (attribute.type) {
    case 'boolean':
      return value === true;
    case 'integer':
      return blank(value) ? null : Number.parseInt(String(value), 10);
    case 'float':
    case 'decimal':
      return blank(value) ? null : Number(value);
    case 'biginteger':
      return blank(value) ? null : String(value).trim();
    case 'time':
      return blank(value) ? null : toStrapiTime(String(value));
    case 'datetime':
      return blank(value) ? null : new Date(String(value)).toISOString();
    case 'json':
      return blank(value) ? null : (JSON.parse(String(value)) as unknown);
    case 'blocks':
      return Array.isArray(value) && value.length > 0 ? value : null;
    case 'media':
      if (attribute.multiple) return Array.isArray(value) ? value.map((file) => (file as { id: number }).id) : [];
      return value && typeof value === 'object' ? (value as { id: number }).id : null;
    case 'relation': {
      const items = Array.isArray(value) ? (value as RelationItem[]) : [];
      const set = items.map((item) => ({ documentId: item.documentId }));
      return { set: isToMany(attribute) ? set : set.slice(0, 1) };
    }
    case 'component': {
      const schema = model.component(attribute.component);
      if (attribute.repeatable) return Array.isArray(value) ? value.map((item) => toWriteValues(schema.attributes, item as FormValues, model)) : [];
      return value && typeof value === 'object' ? toWriteValues(schema.attributes, value as FormValues, model) : null;
    }
    case 'dynamiczone':
      return Array.isArray(value)
        ? (value as FormValues[]).map((item) => ({ __component: item.__component, ...toWriteValues(model.component(String(item.__component)).attributes, item, model) }))
        : [];
    default:
      return blank(value) ? null : value;
  }
}

/** the write input for the form's values; `only` limits it to the attributes the admin may write */
export function toWriteValues(attributes: Record<string, Attribute>, values: FormValues, model: ModelIndex, only?: (name: string) => boolean): FormValues {
  const data: FormValues = {};
  for (const [name, attribute] of editableAttributes(attributes)) {
    if (only && !only(name)) continue;
    const value = values[name];
    if (value === undefined) continue;
    if (attribute.type === 'password' && blank(value)) continue;
    data[name] = toWriteValue(attribute, value, model);
  }
  return data;
}
