/**
 * Brings the database to the layout the registry needs. Additions always happen; a change that
 * would lose data (dropping or retyping a column, dropping a table, that holds data) refuses to
 * start unless allowed. Runs under a database lock (`Dialect.withSyncLock`), in one transaction
 * where DDL is transactional (PostgreSQL, SQLite); on MySQL every step is re-planned from live
 * introspection and each step is one idempotent statement, so an interrupted run can simply rerun.
 */
import type { Knex } from 'knex';
import { StartupError } from '../errors/index.js';
import type { Registry } from '../model/types.js';
import type { Database } from './connection.js';
import type { DialectName } from './dialect.js';
import { addColumn, applyTableOptions, type StorageClass } from './column-types.js';
import { buildSchemaLayout, indexSupported, type IndexLayout, type TableLayout } from './schema-layout.js';
import { SYSTEM_COLUMNS } from './naming.js';
import { ensureWebhookTables } from './webhook-tables.js';
import {
  SCHEMA_TABLE,
  countRows,
  ensureSchemaTable,
  forgetStoredTable,
  liveColumns,
  liveIndexes,
  readStoredSchema,
  writeStoredTable,
  type StoredTable,
} from './schema-state.js';

export interface SyncOptions {
  /** drop/retype columns and tables that hold data (DATABASE_ALLOW_DESTRUCTIVE_SYNC) */
  allowDestructive: boolean;
}

export interface SyncReport {
  createdTables: string[];
  addedColumns: string[];
  retypedColumns: string[];
  createdIndexes: string[];
  droppedIndexes: string[];
  droppedColumns: string[];
  droppedTables: string[];
  /** false when the database already matched */
  changed: boolean;
}

type Change =
  | { kind: 'createTable'; layout: TableLayout }
  | { kind: 'addColumn'; table: string; column: string; storage: StorageClass }
  | { kind: 'retypeColumn'; table: string; column: string; from: StorageClass; to: StorageClass; rows: number }
  | { kind: 'createIndex'; table: string; index: IndexLayout }
  | { kind: 'dropIndex'; table: string; name: string }
  | { kind: 'dropColumn'; table: string; column: string; rows: number }
  | { kind: 'dropTable'; table: string; rows: number };

const EXECUTION_ORDER: ReadonlyArray<Change['kind']> = [
  'createTable', 'addColumn', 'retypeColumn', 'createIndex', 'dropIndex', 'dropColumn', 'dropTable',
];

async function planTable(
  k: Knex,
  dialect: DialectName,
  layout: TableLayout,
  stored: StoredTable | undefined,
): Promise<Change[]> {
  if (!(await k.schema.hasTable(layout.name))) return [{ kind: 'createTable', layout }];
  const changes: Change[] = [];
  const table = layout.name;
  const live = await liveColumns(k, table);
  for (const [column, storage] of layout.columns) {
    if (!live.includes(column)) {
      changes.push({ kind: 'addColumn', table, column, storage });
      continue;
    }
    const from = stored?.columns.get(column);
    if (from !== undefined && from !== storage) {
      changes.push({ kind: 'retypeColumn', table, column, from, to: storage, rows: await countRows(k, table, column) });
    }
  }
  for (const column of live) {
    if (!layout.columns.has(column)) {
      changes.push({ kind: 'dropColumn', table, column, rows: await countRows(k, table, column) });
    }
  }
  const indexes = await liveIndexes(k, dialect, table);
  const wanted = new Set(layout.indexes.map((i) => i.name));
  for (const index of layout.indexes) {
    if (indexes.has(index.name)) continue;
    if (index.unique !== undefined) await assertNoDuplicates(k, table, index);
    changes.push({ kind: 'createIndex', table, index });
  }
  for (const name of stored?.indexes ?? []) {
    if (!wanted.has(name) && indexes.has(name)) changes.push({ kind: 'dropIndex', table, name });
  }
  return changes;
}

async function plan(
  k: Knex,
  dialect: DialectName,
  layout: ReadonlyMap<string, TableLayout>,
  stored: ReadonlyMap<string, StoredTable>,
): Promise<Change[]> {
  const changes: Change[] = [];
  for (const table of layout.values()) changes.push(...(await planTable(k, dialect, table, stored.get(table.name))));
  // Only tables an earlier sync created are ever dropped; anything else in the database is not ours.
  for (const table of stored.keys()) {
    if (!layout.has(table) && (await k.schema.hasTable(table))) {
      changes.push({ kind: 'dropTable', table, rows: await countRows(k, table) });
    }
  }
  return changes.sort((a, b) => EXECUTION_ORDER.indexOf(a.kind) - EXECUTION_ORDER.indexOf(b.kind));
}

/**
 * A unique index cannot be added over rows that already break it (a database written before the
 * index existed): the start stops naming the table, the column and one duplicated value, before
 * any DDL ran (decisions.md "Concurrent writes").
 */
async function assertNoDuplicates(k: Knex, table: string, index: IndexLayout): Promise<void> {
  const column = index.columns[0] as string;
  const query = k(table).select(column).count({ n: '*' }).whereNotNull(column).groupBy(column).havingRaw('COUNT(*) > 1').limit(1);
  scopeRows(query, index);
  const [row] = (await query) as Array<Record<string, unknown>>;
  if (row === undefined) return;
  const rows = index.unique === 'draft' ? 'draft rows' : index.unique === 'published' ? 'published rows' : 'rows';
  const what = column === SYSTEM_COLUMNS.documentId ? `document ${String(row[column])} has more than one of its ${rows}` : `the value ${JSON.stringify(String(row[column]))} is held by ${String(row.n)} ${rows}`;
  throw new StartupError(
    `${table}.${column} must be unique, but ${what} (written before Vellum enforced it). Remove the duplicates, then start again.`,
  );
}

function scopeRows(query: Knex.QueryBuilder, index: IndexLayout): void {
  if (index.unique === 'draft') query.whereNull(SYSTEM_COLUMNS.publishedAt);
  if (index.unique === 'published') query.whereNotNull(SYSTEM_COLUMNS.publishedAt);
}

async function createIndex(k: Knex, table: string, index: IndexLayout): Promise<void> {
  if (index.unique === undefined) {
    await k.schema.alterTable(table, (t) => t.index([...index.columns], index.name));
    return;
  }
  const where = index.unique === 'draft' ? ` WHERE ${SYSTEM_COLUMNS.publishedAt} IS NULL` : index.unique === 'published' ? ` WHERE ${SYSTEM_COLUMNS.publishedAt} IS NOT NULL` : '';
  await k.raw(`CREATE UNIQUE INDEX ?? ON ?? (${index.columns.map(() => '??').join(', ')})${where}`, [index.name, table, ...index.columns]);
}

const holdData = (rows: number): string => (rows === 1 ? '1 row holds data' : `${rows} rows hold data`);

function destructiveDescription(change: Change): string | undefined {
  switch (change.kind) {
    case 'dropColumn':
      return change.rows > 0 ? `${change.table}.${change.column}: column would be dropped (${holdData(change.rows)})` : undefined;
    case 'retypeColumn':
      return change.rows > 0
        ? `${change.table}.${change.column}: column would change from ${change.from} to ${change.to}, losing its values (${holdData(change.rows)})`
        : undefined;
    case 'dropTable':
      return change.rows > 0 ? `${change.table}: table would be dropped (${holdData(change.rows)})` : undefined;
    default:
      return undefined;
  }
}

/** The message a sync that would lose data stops with (undefined: nothing refused). */
function refusalOf(changes: readonly Change[], options: SyncOptions): string | undefined {
  const destructive = changes.map(destructiveDescription).filter((d): d is string => d !== undefined);
  if (destructive.length === 0 || options.allowDestructive) return undefined;
  return [
    'The database schema cannot be synced without losing data:',
    ...destructive.map((d) => `  - ${d}`),
    'To allow it, set DATABASE_ALLOW_DESTRUCTIVE_SYNC=true or database.settings.allowDestructiveSync: true.',
  ].join('\n');
}

async function dropColumn(k: Knex, table: string, column: string): Promise<void> {
  await k.raw('ALTER TABLE ?? DROP COLUMN ??', [table, column]);
}

async function execute(k: Knex, dialect: DialectName, change: Change, report: SyncReport): Promise<void> {
  switch (change.kind) {
    case 'createTable': {
      const { layout } = change;
      await k.schema.createTable(layout.name, (t) => {
        for (const [column, storage] of layout.columns) addColumn(t, column, storage, dialect);
        for (const index of layout.indexes) if (index.unique === undefined) t.index([...index.columns], index.name);
        applyTableOptions(t, dialect);
      });
      for (const index of layout.indexes) if (index.unique !== undefined) await createIndex(k, layout.name, index);
      report.createdTables.push(layout.name);
      return;
    }
    case 'addColumn':
      await k.schema.alterTable(change.table, (t) => addColumn(t, change.column, change.storage, dialect));
      report.addedColumns.push(`${change.table}.${change.column}`);
      return;
    case 'retypeColumn':
      // Values cannot be converted reliably across types; retyping only happens when the column
      // is empty or the loss was explicitly allowed.
      await dropColumn(k, change.table, change.column);
      await k.schema.alterTable(change.table, (t) => addColumn(t, change.column, change.to, dialect));
      report.retypedColumns.push(`${change.table}.${change.column}`);
      return;
    case 'createIndex':
      await createIndex(k, change.table, change.index);
      report.createdIndexes.push(change.index.name);
      return;
    case 'dropIndex':
      if (dialect === 'mysql') await k.raw('DROP INDEX ?? ON ??', [change.name, change.table]);
      else await k.raw('DROP INDEX ??', [change.name]);
      report.droppedIndexes.push(change.name);
      return;
    case 'dropColumn':
      await dropColumn(k, change.table, change.column);
      report.droppedColumns.push(`${change.table}.${change.column}`);
      return;
    case 'dropTable':
      await k.schema.dropTable(change.table);
      report.droppedTables.push(change.table);
      return;
  }
}

async function sync(
  k: Knex,
  dialect: DialectName,
  layout: ReadonlyMap<string, TableLayout>,
  options: SyncOptions,
): Promise<SyncReport> {
  await ensureSchemaTable(k, dialect);
  await ensureWebhookTables(k, dialect);
  const stored = await readStoredSchema(k);
  const changes = await plan(k, dialect, layout, stored);
  const refusal = refusalOf(changes, options);
  if (refusal !== undefined) throw new StartupError(refusal);
  const report: SyncReport = {
    createdTables: [],
    addedColumns: [],
    retypedColumns: [],
    createdIndexes: [],
    droppedIndexes: [],
    droppedColumns: [],
    droppedTables: [],
    changed: changes.length > 0,
  };
  for (const change of changes) await execute(k, dialect, change, report);
  for (const table of layout.values()) await writeStoredTable(k, table, stored.get(table.name));
  for (const table of stored.keys()) if (!layout.has(table)) await forgetStoredTable(k, table);
  return report;
}

/** The layout the registry needs, of the indexes this dialect supports. */
function supportedLayout(registry: Registry, dialect: DialectName): Map<string, TableLayout> {
  const layout = buildSchemaLayout(registry);
  if (layout.has(SCHEMA_TABLE)) {
    throw new StartupError(`The table name "${SCHEMA_TABLE}" is reserved for Vellum's own bookkeeping; rename ${layout.get(SCHEMA_TABLE)?.owner}'s collectionName`);
  }
  return new Map([...layout].map(([name, table]) => [name, { ...table, indexes: table.indexes.filter((i) => indexSupported(i, dialect)) }]));
}

/**
 * What the next start's sync would refuse for `registry` (the content-type builder asks before
 * writing a schema): the very message `syncSchema` stops with, or undefined. Plans only, from
 * live introspection; runs no DDL. A start-up refusal of another kind (a unique index over
 * duplicated values, a reserved table name) is the `StartupError` it throws.
 */
export async function syncRefusal(db: Database, registry: Registry, options: SyncOptions): Promise<string | undefined> {
  const dialect = db.dialect.name;
  const layout = supportedLayout(registry, dialect);
  const k = db.knex;
  const stored = (await k.schema.hasTable(SCHEMA_TABLE)) ? await readStoredSchema(k) : new Map<string, StoredTable>();
  return refusalOf(await plan(k, dialect, layout, stored), options);
}

export async function syncSchema(db: Database, registry: Registry, options: SyncOptions): Promise<SyncReport> {
  const dialect = db.dialect.name;
  const supported = supportedLayout(registry, dialect);
  // Under the dialect's sync lock (two processes starting at once sync one after the other), in
  // one transaction where DDL is transactional.
  return db.dialect.withSyncLock(db.knex, (k) => sync(k, dialect, supported, options));
}
