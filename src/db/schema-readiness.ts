/**
 * Readiness of the database for this instance (`GET /_ready`): the database answers, and the
 * `vellum_schema` record still holds every table and column this instance's model needs with
 * the storage class it reads. Columns added by a newer instance (a rolling deploy) keep an older
 * one ready; a table or column it reads that has gone, or changed class, makes it unready.
 * One statement per check, on the small `vellum_schema` table.
 */
import type { Registry } from '../model/types.js';
import type { Database } from './connection.js';
import { buildSchemaLayout } from './schema-layout.js';
import { readStoredSchema } from './schema-state.js';

export type Readiness = { readonly ready: true } | { readonly ready: false; readonly reason: string };

export function createReadinessCheck(db: Database, registry: Registry): () => Promise<Readiness> {
  const layout = buildSchemaLayout(registry);
  return async () => {
    let stored;
    try {
      stored = await readStoredSchema(db.knex);
    } catch {
      return { ready: false, reason: 'database unavailable' };
    }
    for (const [name, table] of layout) {
      const record = stored.get(name);
      if (!record) return { ready: false, reason: `schema out of sync: table ${name} missing` };
      for (const [column, storage] of table.columns) {
        if (record.columns.get(column) !== storage) return { ready: false, reason: `schema out of sync: ${name}.${column}` };
      }
    }
    return { ready: true };
  };
}
