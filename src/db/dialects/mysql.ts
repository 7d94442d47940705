import type { Knex } from 'knex';
import { driverError, type Dialect } from '../dialect.js';
import { bucketsOf, LOCK_TABLE } from '../locks.js';
import { columnRef } from './column-ref.js';

/**
 * Tables use utf8mb4_bin, so `=` and LIKE compare case-sensitively; the explicit COLLATE on the
 * pattern keeps that true for expressions and tables created with another collation.
 * LIKE's default escape character is already `\`.
 */
/**
 * GET_LOCK names are server-wide, so the name carries the database: syncs of different databases
 * on one server (other projects, parallel test databases) never wait for each other. 52 characters,
 * within MySQL's 64.
 */
const SYNC_LOCK_SQL = "CONCAT('vellum_schema_sync_', SHA1(DATABASE()))";
const SYNC_LOCK = 'vellum_schema_sync_<sha1 of the database name>';
/** seconds a starting process waits for another one's schema sync */
const SYNC_LOCK_WAIT_S = 300;
/**
 * Strict mode's refusals of a value: 1264 out of range, 1406 too long, 1366 incorrect value
 * (e.g. characters the column cannot hold), 1292 incorrect date/time, 1367 illegal double,
 * 3140 invalid JSON, 3157 JSON too deep, 4025 a CHECK failed (MariaDB's JSON is json_valid).
 */
const VALUE_ERRNOS: ReadonlySet<number> = new Set([1264, 1406, 1366, 1292, 1367, 3140, 3157, 4025]);

export function createMysqlDialect(knex: Knex): Dialect {
  return {
    name: 'mysql',
    supportsReturning: false,
    supportsTransactionalDdl: false,
    maxBindings: 65_535,
    like(column, pattern, insensitive) {
      const col = columnRef(knex, column);
      return insensitive
        ? knex.raw('LOWER(?) LIKE LOWER(?)', [col, pattern])
        : knex.raw('? LIKE ? COLLATE utf8mb4_bin', [col, pattern]);
    },
    equalsInsensitive(column, value) {
      return knex.raw('LOWER(?) = LOWER(?)', [columnRef(knex, column), value]);
    },
    orderBy(column, direction, nulls) {
      const col = columnRef(knex, column);
      // MySQL has no NULLS FIRST/LAST; `x IS NULL` is 0/1, so sort on it first
      return knex.raw(`? IS NULL ${nulls === 'first' ? 'DESC' : 'ASC'}, ? ${direction === 'desc' ? 'DESC' : 'ASC'}`, [col, col]);
    },
    writeTransaction: { isolationLevel: 'read committed' },
    async lockKeys(trx, keys) {
      // a record lock on a pre-made bucket row (locks.ts); held until commit or rollback
      for (const bucket of bucketsOf(keys)) await trx.raw(`SELECT lock_key FROM ${LOCK_TABLE} WHERE lock_key = ? FOR UPDATE`, [bucket]);
    },
    writeFailure(error) {
      const e = driverError(error);
      if (e.errno === 1062 || e.code === 'ER_DUP_ENTRY') return { kind: 'unique', text: String(e.message ?? '') };
      if (e.errno === 1213 || e.code === 'ER_LOCK_DEADLOCK') return { kind: 'retry' };
      if (typeof e.errno === 'number' && VALUE_ERRNOS.has(e.errno)) {
        const text = String(e.message ?? '');
        // the driver names the column only in the message: "… for column 'rating' at row 1",
        // "… for column `db`.`articles`.`publish_date` …" or MariaDB's JSON check
        // "CONSTRAINT `articles.meta` failed …"
        const column = /for column (?:`[^`]*`\.)*[`']([^`']+)[`']/.exec(text)?.[1] ?? /CONSTRAINT `[^`.]+\.([^`]+)` failed/.exec(text)?.[1];
        return { kind: 'value', column, text };
      }
      return undefined;
    },
    async withSyncLock(k, work) {
      // GET_LOCK belongs to a session: a transaction pins one pooled connection to hold it on,
      // while the DDL (which commits implicitly on MySQL) runs on others.
      const holder = await k.transaction();
      try {
        const [rows] = (await holder.raw(`SELECT GET_LOCK(${SYNC_LOCK_SQL}, ?) AS got`, [SYNC_LOCK_WAIT_S])) as [Array<{ got: unknown }>];
        if (Number(rows[0]?.got) !== 1) throw new Error(`Timed out after ${SYNC_LOCK_WAIT_S}s waiting for another process's schema sync (MySQL lock "${SYNC_LOCK}")`);
        try {
          return await work(k);
        } finally {
          await holder.raw(`SELECT RELEASE_LOCK(${SYNC_LOCK_SQL})`);
        }
      } finally {
        await holder.commit();
      }
    },
    // InnoDB's AUTO_INCREMENT moves past an explicitly inserted larger id by itself
    restartIds: () => Promise.resolve(),
  };
}
