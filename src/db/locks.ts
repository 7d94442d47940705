/**
 * Transaction-scoped locks on named keys (`doc:<uid>:<documentId>`, `unique:<uid>:<attr>:<value>`,
 * …): every write that reads, then writes, takes the keys it depends on first, so concurrent
 * writers of one document or one unique value serialize on every database (decisions.md
 * "Concurrent writes"). The dialects implement `Dialect.lockKeys`; this file holds what they share.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { DialectName } from './dialect.js';

/** MySQL and SQLite lock rows of this table; PostgreSQL uses advisory locks instead. */
export const LOCK_TABLE = 'vellum_locks';

/**
 * MySQL locks one of a fixed set of pre-made rows per key (`SELECT … FOR UPDATE` on an existing
 * row takes a plain record lock, where inserting new keys would grow the table without bound and
 * deadlock on concurrent inserts of one key). Two unrelated keys sharing a bucket only wait for
 * each other; 4096 buckets keep that rare.
 */
export const LOCK_BUCKETS = 4096;

/** Keys deduplicated and in one global order, so two transactions never take them crosswise. */
export function orderedKeys(keys: readonly string[]): string[] {
  return [...new Set(keys)].sort();
}

/** The bucket row (three hex digits) that stands for `key` in the lock table. */
export function lockBucket(key: string): string {
  return createHash('sha1').update(key).digest('hex').slice(0, 3);
}

export function bucketsOf(keys: readonly string[]): string[] {
  return [...new Set(keys.map(lockBucket))].sort();
}

/** Creates (and on MySQL fills) the lock table; safe to run twice at once and after an interrupted run. */
export async function ensureLockTable(knex: Knex, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') return;
  if (dialect === 'sqlite') {
    // SQLite only needs a table to make a no-op write on (see the sqlite dialect's lockKeys).
    await knex.raw(`CREATE TABLE IF NOT EXISTS ${LOCK_TABLE} (lock_key varchar(40) PRIMARY KEY)`);
    return;
  }
  await knex.raw(`CREATE TABLE IF NOT EXISTS ${LOCK_TABLE} (lock_key char(3) NOT NULL PRIMARY KEY) ENGINE=InnoDB`);
  const [rows] = (await knex.raw(`SELECT COUNT(*) AS n FROM ${LOCK_TABLE}`)) as [Array<{ n: unknown }>];
  if (Number(rows[0]?.n ?? 0) >= LOCK_BUCKETS) return;
  const all = Array.from({ length: LOCK_BUCKETS }, (_, i) => i.toString(16).padStart(3, '0'));
  for (let i = 0; i < all.length; i += 1024) {
    const chunk = all.slice(i, i + 1024);
    await knex.raw(`INSERT IGNORE INTO ${LOCK_TABLE} (lock_key) VALUES ${chunk.map(() => '(?)').join(',')}`, chunk);
  }
}
