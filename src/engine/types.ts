import type { Knex } from 'knex';
import type { Dialect } from '../db/dialect.js';
import type { Registry } from '../model/types.js';

/** An entry in wire form: `id`, `documentId`, timestamps, attributes, populated fields. */
export type Entry = Record<string, unknown> & { readonly id: number };

/** An entry of a content type (component entries have no documentId). */
export type DocumentEntry = Entry & { readonly documentId: string };

/**
 * Everything the engine needs to run: a connection or transaction, the model, the dialect.
 * Passed explicitly (no global database), so the document service can hand over a transaction.
 */
export interface EngineContext {
  readonly knex: Knex | Knex.Transaction;
  readonly registry: Registry;
  readonly dialect: Dialect;
  /**
   * The stamp type every write transaction replaces as its last statement (content-stamp.ts):
   * set while the response cache is on, so cached answers learn of every write.
   */
  readonly contentStamp?: string;
}
