/**
 * What schema sync knows about the database: the live tables, columns and indexes (cheap
 * introspection), and the `vellum_schema` record of what the previous sync created.
 */
import type { Knex } from 'knex';
import type { DialectName } from './dialect.js';
import { applyTableOptions, isStorageClass, type StorageClass } from './column-types.js';
import type { TableLayout } from './schema-layout.js';
import { toNumber } from './values.js';

export const SCHEMA_TABLE = 'vellum_schema';

export interface StoredTable {
  readonly columns: ReadonlyMap<string, StorageClass>;
  readonly indexes: readonly string[];
}

export async function ensureSchemaTable(knex: Knex, dialect: DialectName): Promise<void> {
  if (await knex.schema.hasTable(SCHEMA_TABLE)) return;
  await knex.schema.createTable(SCHEMA_TABLE, (table) => {
    table.string('table_name', 255).primary();
    table.text('columns');
    table.text('indexes');
    applyTableOptions(table, dialect);
  });
}

function parseJson(text: unknown): unknown {
  try {
    return JSON.parse(String(text));
  } catch {
    return undefined;
  }
}

export async function readStoredSchema(knex: Knex): Promise<Map<string, StoredTable>> {
  const rows: Array<{ table_name: string; columns: unknown; indexes: unknown }> = await knex(SCHEMA_TABLE).select(
    'table_name',
    'columns',
    'indexes',
  );
  const result = new Map<string, StoredTable>();
  for (const row of rows) {
    const rawColumns = parseJson(row.columns);
    const columns = new Map<string, StorageClass>();
    if (rawColumns && typeof rawColumns === 'object') {
      for (const [column, storage] of Object.entries(rawColumns)) {
        if (isStorageClass(storage)) columns.set(column, storage);
      }
    }
    const rawIndexes = parseJson(row.indexes);
    const indexes = Array.isArray(rawIndexes) ? rawIndexes.filter((i): i is string => typeof i === 'string') : [];
    result.set(String(row.table_name), { columns, indexes });
  }
  return result;
}

function serialise(layout: TableLayout): { columns: string; indexes: string } {
  return {
    columns: JSON.stringify(Object.fromEntries(layout.columns)),
    indexes: JSON.stringify(layout.indexes.map((i) => i.name)),
  };
}

function sameRecord(stored: StoredTable | undefined, layout: TableLayout): boolean {
  if (!stored) return false;
  const want = serialise(layout);
  return (
    want.columns === JSON.stringify(Object.fromEntries(stored.columns)) && want.indexes === JSON.stringify(stored.indexes)
  );
}

/** Records one table as synced; a no-op when the record already says so. */
export async function writeStoredTable(knex: Knex, layout: TableLayout, stored: StoredTable | undefined): Promise<void> {
  if (sameRecord(stored, layout)) return;
  await knex(SCHEMA_TABLE).where({ table_name: layout.name }).delete();
  await knex(SCHEMA_TABLE).insert({ table_name: layout.name, ...serialise(layout) });
}

export async function forgetStoredTable(knex: Knex, table: string): Promise<void> {
  await knex(SCHEMA_TABLE).where({ table_name: table }).delete();
}

export async function liveColumns(knex: Knex, table: string): Promise<string[]> {
  return Object.keys(await knex(table).columnInfo());
}

export async function liveIndexes(knex: Knex, dialect: DialectName, table: string): Promise<Set<string>> {
  switch (dialect) {
    case 'sqlite': {
      const rows: Array<{ name: string }> = await knex.raw('select name from pragma_index_list(?)', [table]);
      return new Set(rows.map((r) => r.name));
    }
    case 'postgres': {
      const result: { rows: Array<{ indexname: string }> } = await knex.raw(
        'select indexname from pg_indexes where schemaname = current_schema() and tablename = ?',
        [table],
      );
      return new Set(result.rows.map((r) => r.indexname));
    }
    case 'mysql': {
      const result: unknown[] = await knex.raw(
        'select distinct index_name as name from information_schema.statistics where table_schema = database() and table_name = ?',
        [table],
      );
      const rows = (result[0] ?? []) as Array<{ name: string }>;
      return new Set(rows.map((r) => r.name));
    }
  }
}

/** Rows where `column` is not null, or all rows of the table without a column. */
export async function countRows(knex: Knex, table: string, column?: string): Promise<number> {
  const query = knex(table).count({ n: '*' });
  if (column !== undefined) query.whereNotNull(column);
  const [row] = (await query) as Array<{ n: unknown }>;
  return toNumber(row?.n ?? 0);
}
