/**
 * A write transaction whose commit does not wait for the disk: for bookkeeping that may be lost
 * on a power cut without breaking a promise to anyone (the webhook worker's claims, attempts and
 * built bodies: lost, a delivery is sent again with the same id — at least once still holds).
 * Writes acknowledged to clients keep the full durability (docs/decisions.md, "Durability").
 *
 * - SQLite: `synchronous = NORMAL` for this commit only (set on the connection before `BEGIN`,
 *   back to FULL after; SQLite refuses the change inside a transaction). In WAL mode the commit
 *   appends to the log without an fsync; the next FULL commit's fsync covers it. An fsync costs
 *   the writers milliseconds each (they wait on the one connection); this costs ~0.1 ms.
 * - PostgreSQL: `SET LOCAL synchronous_commit TO OFF` (that transaction only).
 * - MySQL: no per-transaction setting; the server's apply.
 */
import type { Knex } from 'knex';
import type { DialectName } from './dialect.js';

interface SqliteClient {
  acquireConnection(): Promise<{ pragma(sql: string): unknown }>;
  releaseConnection(connection: unknown): Promise<unknown>;
}

export interface RelaxedCommit {
  /** the transaction's config (SQLite: the connection prepared for it) */
  readonly config: Knex.TransactionConfig;
  /** the transaction's first statement, where the database sets it inside (PostgreSQL) */
  begin(trx: Knex.Transaction): Promise<void>;
}

export async function withRelaxedCommit<T>(knex: Knex, dialect: DialectName, run: (relaxed: RelaxedCommit) => Promise<T>): Promise<T> {
  if (dialect === 'postgres') return run({ config: {}, begin: async (trx) => { await trx.raw('SET LOCAL synchronous_commit TO OFF'); } });
  if (dialect !== 'sqlite') return run({ config: {}, begin: async () => {} });
  // the pool's one connection, held from before BEGIN to after COMMIT, so no other write runs with NORMAL
  const client = knex.client as unknown as SqliteClient;
  const connection = await client.acquireConnection();
  try {
    connection.pragma('synchronous = NORMAL');
    return await run({ config: { connection }, begin: async () => {} });
  } finally {
    connection.pragma('synchronous = FULL');
    await client.releaseConnection(connection);
  }
}
