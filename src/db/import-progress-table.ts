/**
 * `vellum_import_progress`: where an import of an archive got to (src/transfer/import-archive.ts).
 * One row per archive being imported, keyed by the archive's SHA-256: the parts it writes and
 * the last archive entry and line whose rows are committed. The import updates it in the same
 * transaction as each batch of rows, so after a crash (kill -9, power loss) the row names
 * exactly what is in the database, and `vellum import --resume` continues after it. The row
 * goes when the import ends (done, or rolled back).
 *
 * Made when an import first needs it rather than by the schema sync: most projects never import.
 */
import type { Knex } from 'knex';
import { applyTableOptions } from './column-types.js';
import type { DialectName } from './dialect.js';

export const IMPORT_PROGRESS_TABLE = 'vellum_import_progress';

export async function ensureImportProgressTable(knex: Knex, dialect: DialectName): Promise<void> {
  if (await knex.schema.hasTable(IMPORT_PROGRESS_TABLE)) return;
  await knex.schema.createTable(IMPORT_PROGRESS_TABLE, (t) => {
    t.string('digest', 64).primary();
    // content,files,config as given to --only/--exclude: a resume must write the same parts
    t.string('parts', 64).notNullable();
    // the archive entry (0-based, in archive order), its path and the line last committed; -1: none yet
    t.integer('entry').notNullable();
    t.text('path');
    t.integer('line').notNullable();
    t.bigInteger('updated_at').notNullable();
    applyTableOptions(t, dialect);
  });
}
