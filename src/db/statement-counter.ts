/**
 * Counts the SQL statements (and their time) a unit of work runs, e.g. one HTTP request, so
 * transports can send `Server-Timing: db;count=<n>;dur=<ms>`. Knex emits its query events in the
 * caller's async context, so AsyncLocalStorage finds the right counter without passing it around.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Knex } from 'knex';

export interface StatementCounter {
  count: number;
  durationMs: number;
}

const storage = new AsyncLocalStorage<StatementCounter>();

export function runWithStatementCounter<T>(fn: () => T, counter: StatementCounter = { count: 0, durationMs: 0 }): T {
  return storage.run(counter, fn);
}

export function currentCounter(): StatementCounter | undefined {
  return storage.getStore();
}

interface QueryEvent {
  __knexQueryUid?: string;
}

const attached = new WeakSet<Knex>();

/** Hooks the counter on a knex instance (transactions made from it report through it too). */
export function attachStatementCounter(knex: Knex): void {
  if (attached.has(knex)) return;
  attached.add(knex);
  const started = new Map<string, { counter: StatementCounter; at: number }>();
  const finish = (event: QueryEvent): void => {
    const uid = event.__knexQueryUid;
    if (uid === undefined) return;
    const entry = started.get(uid);
    if (!entry) return;
    started.delete(uid);
    entry.counter.durationMs += performance.now() - entry.at;
  };
  knex.on('query', (event: QueryEvent) => {
    const counter = storage.getStore();
    if (!counter) return;
    counter.count += 1;
    if (event.__knexQueryUid !== undefined) started.set(event.__knexQueryUid, { counter, at: performance.now() });
  });
  knex.on('query-response', (_response: unknown, event: QueryEvent) => finish(event));
  knex.on('query-error', (_error: unknown, event: QueryEvent) => finish(event));
}
