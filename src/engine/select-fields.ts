/**
 * Which columns a read selects and which keys the entry gets. Content types always carry `id`
 * and `documentId`; the timestamps and scalar attributes come by default or when named in
 * `fields` (Strapi: `fields=name` → exactly id, documentId, name). Components carry `id` and
 * their scalars. Private and password attributes are never read.
 */
import { SYSTEM_COLUMNS, columnName } from '../db/naming.js';
import type { ScalarAttribute, Schema, SystemField } from '../model/types.js';
import { SYSTEM_FIELDS } from '../model/types.js';
import { isLocalizedType } from '../model/i18n.js';

export interface FieldSelection {
  /** system fields, in entry key order */
  readonly system: readonly SystemField[];
  /** scalar attributes, in schema order */
  readonly attributes: readonly ScalarAttribute[];
}

const ALWAYS: readonly SystemField[] = ['id', 'documentId'];

export const isReadable = (attr: ScalarAttribute): boolean => !attr.private && attr.type !== 'password';

/**
 * Selections by schema and `fields`, so one query shape gets one selection object across
 * requests and its compiled row reader (read-row.ts) is built once. Bounded per schema: `fields`
 * comes from the query string, and past the bound a selection is simply built again.
 */
const selections = new WeakMap<Schema, Map<string, FieldSelection>>();
const SELECTIONS_PER_SCHEMA = 64;

export function selectFields(schema: Schema, fields: readonly string[] | null): FieldSelection {
  let bySchema = selections.get(schema);
  if (bySchema === undefined) selections.set(schema, (bySchema = new Map()));
  // field names never contain a NUL character; `null` (every field) gets the one key no list makes
  const key = fields === null ? '\0' : fields.join('\0');
  let selection = bySchema.get(key);
  if (selection === undefined) {
    selection = buildSelection(schema, fields);
    if (bySchema.size < SELECTIONS_PER_SCHEMA) bySchema.set(key, selection);
  }
  return selection;
}

function buildSelection(schema: Schema, fields: readonly string[] | null): FieldSelection {
  const wanted = fields === null ? null : new Set(fields);
  const want = (name: string): boolean => wanted === null || wanted.has(name);
  const system: SystemField[] =
    schema.modelType === 'component'
      ? ['id']
      : SYSTEM_FIELDS.filter((field) => ALWAYS.includes(field) || want(field));
  if (isLocalizedType(schema) && want('locale')) system.push('locale');
  const attributes = Object.values(schema.attributes).filter(
    (attr): attr is ScalarAttribute => attr.kind === 'scalar' && isReadable(attr) && want(attr.name),
  );
  return { system, attributes };
}

const selectionKeys = new WeakMap<FieldSelection, string>();
let nextSelectionKey = 0;

/**
 * A short name of one selection object, for keys of compiled statements (db/direct-reads.ts
 * `selectRowsByShape`): the same object, the same columns. A selection built again past the
 * bound above gets another name, which only costs a compilation.
 */
export function selectionKey(selection: FieldSelection): string {
  let key = selectionKeys.get(selection);
  if (key === undefined) selectionKeys.set(selection, (key = `s${(nextSelectionKey += 1)}`));
  return key;
}

/** The column of every selected field, in entry key order. */
export function selectedColumns(selection: FieldSelection): string[] {
  return [...selection.system.map((field) => SYSTEM_COLUMNS[field]), ...selection.attributes.map((attr) => columnName(attr.name))];
}

/** `alias.column` for every selected field: the row keys are the bare column names. */
export function selectColumns(selection: FieldSelection, alias: string): string[] {
  return selectedColumns(selection).map((column) => `${alias}.${column}`);
}
