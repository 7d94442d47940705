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
