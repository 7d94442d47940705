import type { Knex } from 'knex';
import { driverError, type Dialect } from '../dialect.js';
import { orderedKeys } from '../locks.js';
import { columnRef } from './column-ref.js';

/** The advisory-lock key schema sync holds (any fixed bigint; `vellum` in ASCII). */
const SYNC_LOCK = 0x76656c6c756d;

export function createPostgresDialect(knex: Knex): Dialect {
  return {
    name: 'postgres',
    supportsReturning: true,
    supportsTransactionalDdl: true,
    // the wire protocol counts parameters in an int16
    maxBindings: 65_535,
    like(column, pattern, insensitive) {
      // ::text so a match on a non-text column (an id, a number) compares its text form
      return knex.raw(`?::text ${insensitive ? 'ILIKE' : 'LIKE'} ? ESCAPE '\\'`, [columnRef(knex, column), pattern]);
    },
    equalsInsensitive(column, value) {
      return knex.raw('lower(?::text) = lower(?)', [columnRef(knex, column), value]);
    },
    orderBy(column, direction, nulls) {
      return knex.raw(`? ${direction === 'desc' ? 'DESC' : 'ASC'} NULLS ${nulls === 'first' ? 'FIRST' : 'LAST'}`, [
        columnRef(knex, column),
      ]);
    },
    writeTransaction: {},
    async lockKeys(trx, keys) {
      // one statement per key keeps the order; a 64-bit hash makes unrelated keys collide almost never
      for (const key of orderedKeys(keys)) await trx.raw('SELECT pg_advisory_xact_lock(hashtextextended(?, 0))', [key]);
    },
    writeFailure(error) {
      const e = driverError(error);
      if (e.code === '23505') return { kind: 'unique', text: `${String(e.constraint ?? '')} ${String(e.message ?? '')}` };
      if (e.code === '40P01' || e.code === '40001') return { kind: 'retry' };
      // class 22, "data exception": 22003 numeric out of range, 22001 too long, 22P05/22021
      // untranslatable or invalid characters, 22007/22008 bad or out-of-range dates, 22P02 …
      if (typeof e.code === 'string' && e.code.startsWith('22')) {
        return { kind: 'value', column: typeof e.column === 'string' ? e.column : undefined, text: String(e.message ?? '') };
      }
      return undefined;
    },
    withSyncLock(k, work) {
      return k.transaction(async (trx) => {
        await trx.raw('SELECT pg_advisory_xact_lock(?)', [SYNC_LOCK]);
        return work(trx);
      });
    },
    async restartIds(k, table) {
      // is_called = false: the next nextval() returns exactly max(id) + 1 (1 for an empty table)
      await k.raw("SELECT setval(pg_get_serial_sequence(?, 'id'), COALESCE((SELECT MAX(id) FROM ??), 0) + 1, false)", [table, table]);
    },
  };
}
