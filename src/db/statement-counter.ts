/**
 * Counts the SQL statements (and their time) a unit of work runs, e.g. one HTTP request, so
 * transports can send `Server-Timing: db;count=<n>;dur=<ms>`. Knex emits its query events in the
 * caller's async context, so AsyncLocalStorage finds the right counter without passing it around.
 *
 * The counter also knows the statements still in flight, so a unit of work whose client went
 * away can be stopped (`abortStatements`): its running statements are cancelled on the server
 * (PostgreSQL `pg_cancel_backend`, MySQL/MariaDB `KILL QUERY`, through knex's `cancelQuery`)
 * and no new statement starts outside a transaction (inside one, the engine's
 * `throwIfAborted` stops between statements so the transaction rolls back whole). SQLite runs
 * each statement synchronously: nothing else runs meanwhile, so there is nothing to cancel;
 * its statements are bounded by the request's cost budget and only the no-new-statement rule
 * applies (decisions.md "Cost of a request"). SQLite reads outside a transaction skip knex
 * (direct-reads.ts) and count through `countSynchronousStatement`.
 */
import type { Knex } from 'knex';
import { ServiceUnavailableError } from '../errors/index.js';
import { runScoped, scoped, scopeSlot, type ScopeValues } from '../util/request-scope.js';

export interface StatementCounter {
  count: number;
  durationMs: number;
  /** set by abortStatements: the client is gone, start no more statements */
  aborted: boolean;
  /** statements started and not yet answered (added and removed per statement; nothing else is allocated) */
  readonly running: Set<RunningStatement>;
}

interface RunningStatement {
  readonly counter: StatementCounter;
  readonly at: number;
  /** knex's id of the pooled connection running it */
  readonly connection: string | undefined;
  readonly cancel: (connection: string) => void;
}

/** the counter in the request scope (util/request-scope.ts: one AsyncLocalStorage for all request-scoped values) */
const COUNTER = scopeSlot<StatementCounter>('statement counter');

export function createStatementCounter(): StatementCounter {
  return { count: 0, durationMs: 0, aborted: false, running: new Set() };
}

export function runWithStatementCounter<T>(fn: () => T, counter: StatementCounter = createStatementCounter()): T {
  return runScoped(statementCounterScope(counter), fn);
}

/** The scope values that make `counter` the current one, for a caller starting its scope with several values at once. */
export function statementCounterScope(counter: StatementCounter): ScopeValues {
  return { [COUNTER]: counter };
}

export function currentCounter(): StatementCounter | undefined {
  return scoped(COUNTER);
}

function abortedError(): ServiceUnavailableError {
  return new ServiceUnavailableError('The client closed the connection: the request was stopped', { reason: 'client closed' });
}

/**
 * The client of this unit of work went away: cancel its statements still running on the
 * database and refuse new ones. Idempotent.
 */
export function abortStatements(counter: StatementCounter): void {
  if (counter.aborted) return;
  counter.aborted = true;
  for (const statement of counter.running) {
    if (statement.connection !== undefined) statement.cancel(statement.connection);
  }
}

/** Throws when the current unit of work was aborted; the engine calls it before each further statement. */
export function throwIfAborted(): void {
  if (currentCounter()?.aborted) throw abortedError();
}

/**
 * Runs one statement that does not go through knex (the synchronous SQLite reads of
 * direct-reads.ts) as knex's events would count it: refused once the unit of work was aborted,
 * else counted, its time added, failed or not.
 */
export function countSynchronousStatement<T>(run: () => T): T {
  const counter = currentCounter();
  if (!counter) return run();
  if (counter.aborted) throw abortedError();
  const at = performance.now();
  try {
    return run();
  } finally {
    counter.count += 1;
    counter.durationMs += performance.now() - at;
  }
}

interface QueryEvent {
  __knexQueryUid?: string;
  __knexUid?: string;
  __knexTxId?: string;
}

/** What knex's `cancelQuery` reads of a connection (pg `processID`, mysql2 `threadId`) and its pool mark. */
interface PooledConnection {
  __knexUid?: string;
  /** knex's mark for a connection the pool must destroy instead of handing out again */
  __knex__disposed?: unknown;
}

interface KnexInternals {
  readonly dialect: string;
  readonly pool?: { on(event: 'createSuccess' | 'destroyRequest', listener: (eventId: number, resource: PooledConnection) => void): void };
  cancelQuery(connection: PooledConnection): Promise<unknown>;
}

/** why a cancelled connection is disposed; knex logs it as `Connection Error: <reason>` when the pool drops it */
export const CANCELLED_CONNECTION = 'statement cancelled: the client closed the connection';

const CANCELLABLE_DIALECTS = new Set(['postgresql', 'mysql', 'mysql2']);

/**
 * Knows each pooled connection by knex's id (from the pool's own events), so a statement can
 * be cancelled by the id its query event carries. A cancelled connection is marked disposed:
 * the pool destroys it on release, so a late cancel can never hit another request's statement.
 */
function connectionCanceller(knex: Knex): (connection: string) => void {
  const client = knex.client as KnexInternals;
  const pool = client.pool;
  if (!CANCELLABLE_DIALECTS.has(client.dialect) || !pool) return () => undefined;
  const connections = new Map<string, PooledConnection>();
  pool.on('createSuccess', (_id, connection) => {
    if (connection.__knexUid !== undefined) connections.set(connection.__knexUid, connection);
  });
  pool.on('destroyRequest', (_id, connection) => {
    if (connection.__knexUid !== undefined) connections.delete(connection.__knexUid);
  });
  return (uid) => {
    const connection = connections.get(uid);
    if (!connection || connection.__knex__disposed) return;
    connection.__knex__disposed = CANCELLED_CONNECTION;
    // The statement then fails (PostgreSQL 57014, MariaDB 1317) in the request nobody awaits any more.
    client.cancelQuery(connection).catch(() => undefined);
  };
}

const attached = new WeakSet<Knex>();

/**
 * Hooks the counter on a knex instance (transactions made from it report through it too).
 * Call it before the first query, so every pooled connection is known for cancelling.
 */
export function attachStatementCounter(knex: Knex): void {
  if (attached.has(knex)) return;
  attached.add(knex);
  const cancel = connectionCanceller(knex);
  const started = new Map<string, RunningStatement>();
  const finish = (event: QueryEvent): void => {
    const uid = event.__knexQueryUid;
    if (uid === undefined) return;
    const entry = started.get(uid);
    if (!entry) return;
    started.delete(uid);
    entry.counter.running.delete(entry);
    entry.counter.durationMs += performance.now() - entry.at;
  };
  knex.on('query', (event: QueryEvent) => {
    const counter = currentCounter();
    if (!counter) return;
    // Knex emits this event just before sending the statement, and a throw here fails the
    // statement unsent. Not inside a transaction: its COMMIT or ROLLBACK must still run.
    if (counter.aborted && event.__knexTxId === undefined) throw abortedError();
    counter.count += 1;
    if (event.__knexQueryUid === undefined) return;
    const entry: RunningStatement = { counter, at: performance.now(), connection: event.__knexUid, cancel };
    started.set(event.__knexQueryUid, entry);
    counter.running.add(entry);
  });
  knex.on('query-response', (_response: unknown, event: QueryEvent) => finish(event));
  knex.on('query-error', (_error: unknown, event: QueryEvent) => finish(event));
}
