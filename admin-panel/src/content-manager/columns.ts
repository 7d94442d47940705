/**
 * The list view's columns: the main field, the status (draft & publish types), `updatedAt` by
 * default; any scalar attribute, `id` and `createdAt` on demand (the choice kept per type in
 * localStorage: a display preference, no credential).
 */
import type { ContentTypeInfo, EntryStatus, ListEntry } from '../api/types';

export interface Column {
  readonly key: string;
  readonly label: string;
  readonly sortable: boolean;
}

const SORTABLE = new Set(['string', 'text', 'email', 'uid', 'enumeration', 'integer', 'biginteger', 'float', 'decimal', 'boolean', 'date', 'time', 'datetime', 'timestamp']);
const DISPLAYABLE = new Set([...SORTABLE, 'richtext']);
export const STATUS_COLUMN = 'status';

export function hasDraftAndPublish(type: ContentTypeInfo): boolean {
  return type.options?.draftAndPublish === true;
}

export function isLocalized(type: ContentTypeInfo): boolean {
  return type.pluginOptions?.i18n?.localized === true;
}

/** every column the chooser offers, in display order */
export function availableColumns(type: ContentTypeInfo): Column[] {
  const columns: Column[] = [{ key: 'id', label: 'id', sortable: true }];
  for (const [name, attribute] of Object.entries(type.attributes)) {
    if (DISPLAYABLE.has(attribute.type) && attribute['private'] !== true && name !== 'createdAt' && name !== 'updatedAt' && name !== 'publishedAt') {
      columns.push({ key: name, label: name, sortable: SORTABLE.has(attribute.type) });
    }
  }
  if (hasDraftAndPublish(type)) columns.push({ key: STATUS_COLUMN, label: 'status', sortable: false });
  columns.push({ key: 'createdAt', label: 'createdAt', sortable: true }, { key: 'updatedAt', label: 'updatedAt', sortable: true });
  return columns;
}

export function defaultColumnKeys(type: ContentTypeInfo): string[] {
  const keys = [type.mainField || 'id'];
  if (hasDraftAndPublish(type)) keys.push(STATUS_COLUMN);
  keys.push('updatedAt');
  return keys;
}

const storageKey = (uid: string) => `vellum-admin-columns:${uid}`;

export function storedColumnKeys(type: ContentTypeInfo): string[] {
  const available = new Set(availableColumns(type).map((column) => column.key));
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(type.uid)) ?? 'null') as unknown;
    if (Array.isArray(stored)) {
      const keys = stored.filter((key): key is string => typeof key === 'string' && available.has(key));
      if (keys.length > 0) return keys;
    }
  } catch {
    // a damaged preference: the defaults
  }
  return defaultColumnKeys(type);
}

export function storeColumnKeys(uid: string, keys: readonly string[]): void {
  localStorage.setItem(storageKey(uid), JSON.stringify(keys));
}

export const STATUS_LABELS: Readonly<Record<EntryStatus, string>> = { draft: 'Draft', published: 'Published', modified: 'Modified' };

const DATE_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** a cell's text */
export function cellText(entry: ListEntry, key: string, type: ContentTypeInfo): string {
  const value = entry[key];
  if (value === null || value === undefined) return '';
  const kind = key === 'createdAt' || key === 'updatedAt' ? 'datetime' : type.attributes[key]?.type;
  if (kind === 'datetime' && typeof value === 'string') return DATE_FORMAT.format(new Date(value));
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
