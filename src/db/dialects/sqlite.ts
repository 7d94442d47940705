import type { Knex } from 'knex';
import { driverError, type Dialect } from '../dialect.js';
import { LOCK_TABLE } from '../locks.js';
import { columnRef } from './column-ref.js';

/**
 * SQLite's LIKE ignores ASCII case and its lower() only knows ASCII, so case-sensitive matching
 * uses GLOB and case-insensitive matching a Unicode-aware `vellum_lower()` registered on every
 * connection (see `registerSqliteFunctions`).
 */
export const SQLITE_LOWER = 'vellum_lower';

interface FunctionHost {
  function(name: string, options: { deterministic: boolean }, fn: (value: unknown) => unknown): unknown;
}

export function registerSqliteFunctions(connection: FunctionHost): void {
  // Numbers become their text, as LIKE and `=` on text would see them (`$eqi` on an integer).
  connection.function(SQLITE_LOWER, { deterministic: true }, (value) =>
    typeof value === 'string' ? value.toLowerCase() : typeof value === 'number' || typeof value === 'bigint' ? String(value) : value,
  );
}

/** LIKE pattern (with `\` escapes) → GLOB pattern matching the same strings, case-sensitively. */
export function likeToGlob(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '\\' && i + 1 < pattern.length) {
      out += globLiteral(pattern[++i] as string);
    } else if (c === '%') {
      out += '*';
    } else if (c === '_') {
      out += '?';
    } else {
      out += globLiteral(c);
    }
  }
  return out;
}

function globLiteral(c: string): string {
  return c === '*' || c === '?' || c === '[' ? `[${c}]` : c;
}

/**
 * A write statement that changes nothing still takes SQLite's write lock; as the first statement
 * of a transaction it turns knex's deferred `BEGIN` into an immediate one.
 */
async function takeWriteLock(trx: Knex | Knex.Transaction): Promise<void> {
  await trx.raw(`DELETE FROM ${LOCK_TABLE} WHERE 0`);
}

const SYNC_ATTEMPTS = 5;

const isBusy = (error: unknown): boolean => String(driverError(error).code ?? '').startsWith('SQLITE_BUSY');

export function createSqliteDialect(knex: Knex): Dialect {
  return {
    name: 'sqlite',
    supportsReturning: true,
    supportsTransactionalDdl: true,
    // SQLITE_MAX_VARIABLE_NUMBER is 32766 since 3.32
    maxBindings: 32_766,
    like(column, pattern, insensitive) {
      const col = columnRef(knex, column);
      return insensitive
        ? knex.raw(`${SQLITE_LOWER}(?) LIKE ${SQLITE_LOWER}(?) ESCAPE '\\'`, [col, pattern])
        : knex.raw('? GLOB ?', [col, likeToGlob(pattern)]);
    },
    equalsInsensitive(column, value) {
      return knex.raw(`${SQLITE_LOWER}(?) = ${SQLITE_LOWER}(?)`, [columnRef(knex, column), value]);
    },
    orderBy(column, direction, nulls) {
      return knex.raw(`? ${direction === 'desc' ? 'DESC' : 'ASC'} NULLS ${nulls === 'first' ? 'FIRST' : 'LAST'}`, [
        columnRef(knex, column),
      ]);
    },
    writeTransaction: {},
    // One writer at a time: the database's write lock covers every key.
    lockKeys: (trx) => takeWriteLock(trx),
    writeFailure(error) {
      const e = driverError(error);
      if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return { kind: 'unique', text: String(e.message ?? '') };
      return undefined;
    },
    async withSyncLock(k, work) {
      // Another process syncing the same file: its write lock makes ours wait (busy_timeout), and
      // a stale read snapshot fails at once with SQLITE_BUSY; the whole sync then runs again.
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await k.transaction(async (trx) => {
            await takeWriteLock(trx);
            return work(trx);
          });
        } catch (error) {
          if (attempt >= SYNC_ATTEMPTS || !isBusy(error)) throw error;
          await new Promise((r) => setTimeout(r, 100 * attempt));
        }
      }
    },
    // INTEGER PRIMARY KEY (and AUTOINCREMENT's sqlite_sequence) already continue after the largest id
    restartIds: () => Promise.resolve(),
  };
}
