/**
 * Making an engine context over an open database, and running work in one transaction: each write
 * in its own, or several writes and the reads between them in one (`inOneTransaction`).
 */
import type { Knex } from 'knex';
import type { Database } from '../db/connection.js';
import type { WriteFailure } from '../db/dialect.js';
import type { Registry } from '../model/types.js';
import { bumpChangeStamp } from './change-stamp.js';
import type { EngineContext } from './types.js';
import { runScoped, scoped, scopeSlot } from '../util/request-scope.js';

/** `contentStamp`: the stamp type every write transaction replaces (the response cache is on) */
export function createEngineContext(db: Database, registry: Registry, options: { contentStamp?: string } = {}): EngineContext {
  return { knex: db.knex, registry, dialect: db.dialect, ...(options.contentStamp === undefined ? {} : { contentStamp: options.contentStamp }) };
}

/** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
export function inTransaction<T>(ctx: EngineContext, work: (trx: EngineContext) => Promise<T>): Promise<T> {
  return ctx.knex.transaction((knex) => work({ ...ctx, knex }));
}

/** how many times a write transaction runs when the database picks it as a deadlock victim */
const WRITE_ATTEMPTS = 5;

/** The transaction `inOneTransaction` runs, and the database (root knex) it belongs to. */
interface Ambient {
  readonly root: EngineContext['knex'];
  readonly trx: Knex.Transaction;
}
/** in the unit of work's scope (util/request-scope.ts), so every call of the work finds it */
const AMBIENT = scopeSlot<Ambient>('vellum.transaction');

function ambientOf(ctx: EngineContext): Ambient | undefined {
  const ambient = scoped(AMBIENT);
  return ambient !== undefined && (ambient.root === ctx.knex || ambient.trx === ctx.knex) ? ambient : undefined;
}

/**
 * `ctx` as the work running now sees its database: inside `inOneTransaction` on the same
 * database, on that transaction (a read on the pool would not see its rows, and on SQLite would
 * wait for the one connection it holds); else `ctx` itself.
 */
export function joined(ctx: EngineContext): EngineContext {
  const ambient = ambientOf(ctx);
  return ambient === undefined || ambient.trx === ctx.knex ? ctx : { ...ctx, knex: ambient.trx };
}

/**
 * Runs `work` with every read and write it makes on `ctx`'s database in one write transaction:
 * all committed when it resolves, none when it throws (a role and its permissions). The
 * repository's writes inside it are savepoints of it; inside another one it joins that one.
 * `work` must only touch the database (it may run twice, as `inWriteTransaction`'s).
 */
export function inOneTransaction<T>(ctx: EngineContext, work: () => Promise<T>): Promise<T> {
  if (ambientOf(ctx) !== undefined) return work();
  return inWriteTransaction(ctx, (trx) => runScoped({ [AMBIENT]: { root: ctx.knex, trx: trx.knex as Knex.Transaction } }, work));
}

/**
 * A write transaction: the dialect's write settings (READ COMMITTED on MySQL), the database's
 * write lock taken first where it has one (SQLite), and the whole of `work` run again when the
 * database aborts it to break a deadlock. `work` must only touch the database (it may run twice).
 * Inside `inOneTransaction` it is a savepoint of that transaction, which holds the lock and
 * runs again as a whole. `config`: more transaction settings (db/relaxed-commit.ts).
 */
export async function inWriteTransaction<T>(ctx: EngineContext, work: (trx: EngineContext) => Promise<T>, config: Knex.TransactionConfig = {}): Promise<T> {
  const ambient = ambientOf(ctx);
  if (ambient !== undefined) {
    return ambient.trx.transaction(async (knex) => {
      const trx = { ...ctx, knex };
      const result = await work(trx);
      if (ctx.contentStamp !== undefined) await bumpChangeStamp(trx, ctx.contentStamp);
      return result;
    });
  }
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await ctx.knex.transaction(async (knex) => {
        const trx = { ...ctx, knex };
        await ctx.dialect.lockKeys(knex, []);
        const result = await work(trx);
        // last, so the stamp row is locked for as short a time as possible (writers queue on it)
        if (ctx.contentStamp !== undefined) await bumpChangeStamp(trx, ctx.contentStamp);
        return result;
      }, { ...ctx.dialect.writeTransaction, ...config });
    } catch (error) {
      if (attempt >= WRITE_ATTEMPTS || ctx.dialect.writeFailure(error)?.kind !== 'retry') throw error;
      // a little jitter so the two victims of one deadlock do not meet again
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}

/**
 * Locks `keys` until the enclosing write transaction ends (`doc:<uid>:<documentId>`,
 * `unique:<uid>:<attr>:<value>`, …): a writer that needs one waits for the one holding it.
 */
export function lockKeys(trx: EngineContext, keys: readonly string[]): Promise<void> {
  return keys.length === 0 ? Promise.resolve() : trx.dialect.lockKeys(trx.knex, keys);
}

/** Whether `error` is the database refusing a value of the statement (out of range, too long, …). */
export function valueRefusal(ctx: EngineContext, error: unknown): Extract<WriteFailure, { kind: 'value' }> | undefined {
  const failure = ctx.dialect.writeFailure(error);
  return failure?.kind === 'value' ? failure : undefined;
}

/** Whether `error` is a unique index refusing a row; `text` names the index or column. */
export function uniqueViolation(ctx: EngineContext, error: unknown): Extract<WriteFailure, { kind: 'unique' }> | undefined {
  const failure = ctx.dialect.writeFailure(error);
  return failure?.kind === 'unique' ? failure : undefined;
}
