import type { Knex } from 'knex';
import { withRelaxedCommit } from '../../db/relaxed-commit.js';
import { inWriteTransaction } from '../context.js';
import type { EngineContext } from '../types.js';

/**
 * A write transaction of the webhook tables: the dialect's write settings and lock (SQLite's
 * write lock first, so reading then writing never meets SQLITE_BUSY), without replacing the
 * content stamp (no content changed: cached answers stay valid).
 */
export function ownWrite<T>(ctx: EngineContext, work: (trx: EngineContext) => Promise<T>): Promise<T> {
  return inWriteTransaction({ knex: ctx.knex, registry: ctx.registry, dialect: ctx.dialect }, work);
}

/**
 * `ownWrite` for the delivery worker's bookkeeping (claims, attempts, bodies): its commit does not
 * wait for the disk (db/relaxed-commit.ts). Lost on a power cut, a delivery is sent again with the
 * same id; the deliveries themselves are written with the change, fully durable.
 */
export function bookkeepingWrite<T>(ctx: EngineContext, work: (trx: EngineContext) => Promise<T>): Promise<T> {
  const { knex, registry, dialect } = ctx;
  return withRelaxedCommit(knex, dialect.name, (relaxed) =>
    inWriteTransaction({ knex, registry, dialect }, async (trx) => {
      await relaxed.begin(trx.knex as Knex.Transaction);
      return work(trx);
    }, relaxed.config));
}

/** `work` in a savepoint of `trx`: its failure undoes only what it wrote; the transaction goes on. */
export function inSavepoint<T>(trx: EngineContext, work: (inner: EngineContext) => Promise<T>): Promise<T> {
  return trx.knex.transaction((knex) => work({ ...trx, knex }));
}
