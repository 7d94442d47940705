import { SYSTEM_COLUMNS, columnName } from '../db/naming.js';
import { dbValueReader, timestampFromDb, toNumber, type DbValueReader } from '../db/values.js';
import type { SystemField } from '../model/types.js';
import type { FieldSelection } from './select-fields.js';
import type { Entry } from './types.js';

export type { Row } from '../db/direct-reads.js';
import type { Row } from '../db/direct-reads.js';

const readId: DbValueReader = (raw) => toNumber(raw);
const readDocumentId: DbValueReader = (raw) => (raw === null || raw === undefined ? null : String(raw));

function systemReader(field: SystemField): DbValueReader {
  switch (field) {
    case 'id':
      return readId;
    case 'documentId':
    case 'locale':
      return readDocumentId;
    case 'createdAt':
    case 'updatedAt':
    case 'publishedAt':
      return timestampFromDb;
  }
}

interface ColumnStep {
  readonly key: string;
  readonly column: string;
  readonly read: DbValueReader;
}

/** Column names and conversions are the same for every row of a read: worked out once. */
const plans = new WeakMap<FieldSelection, readonly ColumnStep[]>();

function planOf(selection: FieldSelection): readonly ColumnStep[] {
  let plan = plans.get(selection);
  if (plan === undefined) {
    plan = [
      ...selection.system.map((field) => ({ key: field, column: SYSTEM_COLUMNS[field], read: systemReader(field) })),
      ...selection.attributes.map((attr) => ({ key: attr.name, column: columnName(attr.name), read: dbValueReader(attr.type) })),
    ];
    plans.set(selection, plan);
  }
  return plan;
}

/**
 * A selected row → entry in wire form: `lead` keys first (a dynamic-zone item's `__component`),
 * then the system fields, then the attributes in schema order.
 */
export function readRow(selection: FieldSelection, row: Row, lead: Readonly<Record<string, unknown>> = {}): Entry {
  const entry: Record<string, unknown> = { ...lead };
  for (const step of planOf(selection)) entry[step.key] = step.read(row[step.column]);
  return entry as Entry;
}
