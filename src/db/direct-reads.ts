/**
 * SQLite reads outside a transaction, run synchronously on a read connection of their own instead
 * of through knex's runner and pool. Knex still builds and compiles the statement; what is skipped
 * is ~12 µs a statement of runner, pool acquire, events and promises (docs/benchmarks.md "Direct
 * SQLite reads").
 *
 * Why a second connection and not knex's: knex's one pooled connection may be inside another
 * request's write transaction (between two awaits), and a read on it would see that transaction's
 * uncommitted rows. The read connection is on the same file in WAL mode: a reader sees the last
 * committed transaction and never blocks the writer, and a write has committed before its response
 * is sent, so every later read sees it. Reads inside a transaction (ctx.knex is the transaction)
 * stay on the transaction's connection through knex. No read connection (knex path only) for
 * `:memory:` (a second connection would be another database) or a file not in WAL mode.
 *
 * Kept from the knex path: statement counts, time and the no-new-statement rule of an aborted
 * request (`countSynchronousStatement`), the `DEBUG=knex:query` / `knex:bindings` lines (same
 * namespaces, same text), knex's binding conversion for better-sqlite3 (Date → ms, boolean →
 * 0/1), and the SQL in front of a failed statement's message (without the bound values).
 */
import createDebug from 'debug';
import type { Knex } from 'knex';
import { countSynchronousStatement } from './statement-counter.js';

export type Row = Readonly<Record<string, unknown>>;

interface ReadStatement {
  all(bindings: readonly unknown[]): unknown[];
  pluck(toggle?: boolean): ReadStatement;
  get(): unknown;
}

/** What the read path needs of a better-sqlite3 connection. */
export interface ReadConnection {
  prepare(sql: string): ReadStatement;
  pragma(sql: string, options: { simple: true }): unknown;
  close(): unknown;
}

const debugQuery = createDebug('knex:query');
const debugBindings = createDebug('knex:bindings');

/** the read connection of each root knex instance that has one (never of a transaction) */
const readers = new WeakMap<object, ReadConnection>();

/**
 * Makes `connection` (opened on the file of `knex`'s SQLite database, set up like knex's own)
 * the read connection of `knex`, if the file is in WAL mode; else closes it. Returns whether it
 * was kept. The connection refuses writes (`query_only`).
 */
export function attachReadConnection(knex: Knex, connection: ReadConnection): boolean {
  if (String(connection.pragma('journal_mode', { simple: true })).toLowerCase() !== 'wal') {
    connection.close();
    return false;
  }
  connection.pragma('query_only = ON', { simple: true });
  readers.set(knex, connection);
  return true;
}

/** Closes the read connection of `knex`, if it has one. */
export function closeReadConnection(knex: Knex): void {
  const connection = readers.get(knex);
  if (connection === undefined) return;
  readers.delete(knex);
  connection.close();
}

function driverBinding(binding: unknown): unknown {
  if (binding instanceof Date) return binding.valueOf();
  if (typeof binding === 'boolean') return Number(binding);
  return binding;
}

/** Runs one statement of the read connection: logged as knex logs it, counted, its SQL in front of a failure. */
function runCounted<T>(sql: string, bindings: readonly unknown[], run: () => T): T {
  // as knex logs them, whose second argument is the transaction id (none outside a transaction)
  if (debugQuery.enabled) debugQuery(sql.replace(/%/g, '%%'), undefined);
  if (debugBindings.enabled) debugBindings(bindings, undefined);
  return countSynchronousStatement(() => {
    try {
      return run();
    } catch (error) {
      if (error instanceof Error) error.message = `${sql} - ${error.message}`;
      throw error;
    }
  });
}

function runOn(connection: ReadConnection, sql: string, bindings: readonly unknown[]): Row[] {
  return runCounted(sql, bindings, () => connection.prepare(sql).all(bindings.map(driverBinding)) as Row[]);
}

/**
 * The rows of the SELECT `qb`, built on `knex` (the engine context's connection or transaction):
 * synchronously on the read connection when `knex` is a root instance that has one, else through
 * knex. Await the result either way.
 */
export function selectRows(knex: Knex | Knex.Transaction, qb: Knex.QueryBuilder): Row[] | PromiseLike<Row[]> {
  const connection = readers.get(knex);
  if (connection === undefined) return qb as PromiseLike<Row[]>;
  const { sql, bindings } = qb.toSQL();
  return runOn(connection, sql, bindings);
}

/** A statement compiled once per shape: its SQL and the bindings before the caller's trailing ones. */
interface CompiledShape {
  readonly sql: string;
  readonly leading: readonly unknown[];
}

/** Shapes kept per read connection (least recently used out first), as SQLite keeps prepared statements. */
export const COMPILED_SHAPES = 512;

const compiledShapes = new WeakMap<ReadConnection, Map<string, CompiledShape | null>>();

function shapesOf(connection: ReadConnection): Map<string, CompiledShape | null> {
  let shapes = compiledShapes.get(connection);
  if (shapes === undefined) compiledShapes.set(connection, (shapes = new Map()));
  return shapes;
}

/** Whether `bindings` end with exactly the values of `trailing` (the same values, by identity). */
function endsWith(bindings: readonly unknown[], trailing: readonly unknown[]): boolean {
  const start = bindings.length - trailing.length;
  return start >= 0 && trailing.every((value, i) => bindings[start + i] === value);
}

/**
 * `selectRows` of a statement whose SQL text and leading bindings are a function of `key` alone and
 * whose last bindings are `trailing` (a batched load's `IN` keys): on the read connection, knex
 * builds and compiles the shape once (~7–9 µs a statement, docs/benchmarks.md "Compiled SQL per
 * query shape") and later calls run its SQL with the leading bindings and their own trailing ones.
 * The caller's key must name everything the SQL and the leading bindings depend on (the arity of
 * `trailing` included); a compiled statement whose bindings do not end with `trailing` is never
 * kept (its key is marked, and it is built every time). Without a read connection, or without a
 * key, this is `selectRows(knex, build())`.
 */
export function selectRowsByShape(
  knex: Knex | Knex.Transaction,
  key: string | undefined,
  trailing: readonly unknown[],
  build: () => Knex.QueryBuilder,
): Row[] | PromiseLike<Row[]> {
  const connection = readers.get(knex);
  if (connection === undefined || key === undefined) return selectRows(knex, build());
  const shapes = shapesOf(connection);
  const shape = shapes.get(key);
  if (shape !== undefined) {
    // most recently used at the end
    shapes.delete(key);
    shapes.set(key, shape);
    if (shape !== null) return runOn(connection, shape.sql, [...shape.leading, ...trailing]);
    return selectRows(knex, build());
  }
  const { sql, bindings } = build().toSQL();
  shapes.set(key, endsWith(bindings, trailing) ? { sql, leading: bindings.slice(0, bindings.length - trailing.length) } : null);
  if (shapes.size > COMPILED_SHAPES) shapes.delete(shapes.keys().next().value as string);
  return runOn(connection, sql, bindings);
}

/** The first row of the SELECT `qb` (limited to one, inline: a bound LIMIT plans slower in SQLite). */
export async function selectFirst(knex: Knex | Knex.Transaction, qb: Knex.QueryBuilder): Promise<Row | undefined> {
  const [row] = await selectRows(knex, qb.limit(1, { skipBinding: true }));
  return row;
}

const DATA_VERSION = 'PRAGMA data_version';

interface UnchangedReads {
  /** `PRAGMA data_version`, prepared once (the statement cache keeps no PRAGMA) */
  readonly dataVersion: ReadStatement;
  /** per caller key: the data version read just before the row, and the row */
  readonly seen: Map<string, { readonly version: unknown; readonly row: Row | undefined }>;
}

const unchangedReads = new WeakMap<ReadConnection, UnchangedReads>();

function unchangedReadsOf(connection: ReadConnection): UnchangedReads {
  let reads = unchangedReads.get(connection);
  if (reads === undefined) {
    reads = { dataVersion: connection.prepare(DATA_VERSION).pluck(), seen: new Map() };
    unchangedReads.set(connection, reads);
  }
  return reads;
}

/**
 * `selectFirst` of a row read by every request that changes only by a commit (the auth and content
 * stamps). On the read connection, `PRAGMA data_version` changes exactly when another connection
 * (knex's writer, another process, the CLI) has committed since this connection last asked, and
 * the read connection never writes. So the PRAGMA runs first, and when it answers what it answered
 * just before the row under `key` was last read, nothing can have changed the row: it is returned
 * again, without building or running its statement. Otherwise the row is read and kept with that
 * version (read before it: a commit landing after the version shows as a new version next time).
 *
 * The PRAGMA is a statement and is counted as one: an unchanged row costs one statement as the read
 * did (the win is CPU: no query building, no table read), a changed one two. `key` names what
 * `build` makes (one key, one SQL text and bindings); `build` runs only when the row is read.
 * Without a read connection (a transaction, PostgreSQL, MySQL, `:memory:`) this is `selectFirst`.
 */
export function selectFirstUnlessChanged(
  knex: Knex | Knex.Transaction,
  key: string,
  build: () => Knex.QueryBuilder,
): Row | undefined | Promise<Row | undefined> {
  const connection = readers.get(knex);
  if (connection === undefined) return selectFirst(knex, build());
  const reads = unchangedReadsOf(connection);
  const version = runCounted(DATA_VERSION, [], () => reads.dataVersion.get());
  const seen = reads.seen.get(key);
  if (seen !== undefined && seen.version === version) return seen.row;
  const { sql, bindings } = build().limit(1, { skipBinding: true }).toSQL();
  const [row] = runOn(connection, sql, bindings);
  reads.seen.set(key, { version, row });
  return row;
}
