import { SYSTEM_COLUMNS, columnName } from '../db/naming.js';
import { fromDbValue, timestampFromDb, toNumber } from '../db/values.js';
import type { SystemField } from '../model/types.js';
import type { FieldSelection } from './select-fields.js';
import type { Entry } from './types.js';

export type Row = Readonly<Record<string, unknown>>;

function systemValue(field: SystemField, raw: unknown): unknown {
  switch (field) {
    case 'id':
      return toNumber(raw);
    case 'documentId':
      return raw === null || raw === undefined ? null : String(raw);
    case 'createdAt':
    case 'updatedAt':
    case 'publishedAt':
      return timestampFromDb(raw);
  }
}

/**
 * A selected row → entry in wire form: `lead` keys first (a dynamic-zone item's `__component`),
 * then the system fields, then the attributes in schema order.
 */
export function readRow(selection: FieldSelection, row: Row, lead: Readonly<Record<string, unknown>> = {}): Entry {
  const entry: Record<string, unknown> = { ...lead };
  for (const field of selection.system) entry[field] = systemValue(field, row[SYSTEM_COLUMNS[field]]);
  for (const attr of selection.attributes) entry[attr.name] = fromDbValue(attr.type, row[columnName(attr.name)]);
  return entry as Entry;
}
