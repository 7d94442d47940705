import { SYSTEM_COLUMNS, columnName } from '../db/naming.js';
import { dbValueReader, timestampFromDb, toNumber, type DbValueReader } from '../db/values.js';
import type { SystemField } from '../model/types.js';
import type { FieldSelection } from './select-fields.js';
import type { Entry } from './types.js';

export type { Row } from '../db/direct-reads.js';
import type { Row } from '../db/direct-reads.js';

/** A selected row → its entry in wire form. */
export type RowReader = (row: Row) => Entry;

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

function stepsOf(selection: FieldSelection): ColumnStep[] {
  return [
    ...selection.system.map((field) => ({ key: field, column: SYSTEM_COLUMNS[field], read: systemReader(field) })),
    ...selection.attributes.map((attr) => ({ key: attr.name, column: columnName(attr.name), read: dbValueReader(attr.type) })),
  ];
}

/**
 * The reader of one row shape, generated once: an object literal with the entry's keys in order
 * and one conversion per key, so every entry of a shape gets the same hidden class and every
 * conversion call site sees one function (V8 inlines it), instead of a loop that adds keys one by
 * one through a call site shared by all types. Keys and columns are embedded as JSON string
 * literals; no key is `__proto__` (names starting with `__` are reserved: model/build-attribute.ts).
 */
function compileReader(steps: readonly ColumnStep[], componentUid: string | null): RowReader {
  const props = steps.map((step, i) => `${JSON.stringify(step.key)}: r${i}(row[${JSON.stringify(step.column)}])`);
  if (componentUid !== null) props.unshift(`__component: ${JSON.stringify(componentUid)}`);
  const names = steps.map((_, i) => `r${i}`);
  const build = new Function(...names, `return function readRow(row) { return { ${props.join(', ')} }; };`) as (...readers: DbValueReader[]) => RowReader;
  return build(...steps.map((step) => step.read));
}

/** Readers by selection (select-fields.ts keeps selections across requests), then component. */
const readers = new WeakMap<FieldSelection, Map<string | null, RowReader>>();

/**
 * The reader of rows selected with `selection`: system fields, then the attributes in schema
 * order, after `__component` for a dynamic-zone item (`componentUid`).
 */
export function rowReader(selection: FieldSelection, componentUid: string | null = null): RowReader {
  let byComponent = readers.get(selection);
  if (byComponent === undefined) readers.set(selection, (byComponent = new Map()));
  let reader = byComponent.get(componentUid);
  if (reader === undefined) {
    reader = compileReader(stepsOf(selection), componentUid);
    byComponent.set(componentUid, reader);
  }
  return reader;
}

/** A selected row → entry in wire form (one row; readers of many rows take `rowReader` once). */
export function readRow(selection: FieldSelection, row: Row): Entry {
  return rowReader(selection)(row);
}
