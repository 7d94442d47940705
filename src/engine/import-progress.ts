/**
 * The statements behind an import's progress record (db/import-progress-table.ts): read it,
 * start it, move it forward inside a batch's transaction, end it. The transfer layer decides
 * what a position means (src/transfer/import-archive.ts).
 */
import { ensureImportProgressTable, IMPORT_PROGRESS_TABLE } from '../db/import-progress-table.js';
import { selectRows } from '../db/direct-reads.js';
import { toNumber } from '../db/values.js';
import type { EngineContext } from './types.js';

/** The last committed line: `entry` is the archive entry's index in archive order (-1: nothing yet). */
export interface ImportPosition {
  readonly entry: number;
  readonly path: string;
  readonly line: number;
}

export interface ImportProgressRecord {
  readonly digest: string;
  readonly parts: string;
  readonly position: ImportPosition;
  readonly updatedAt: number;
}

/** Every interrupted import the database remembers (at most one, unless imports of several archives were interrupted). */
export async function importProgress(ctx: EngineContext): Promise<ImportProgressRecord[]> {
  await ensureImportProgressTable(ctx.knex, ctx.dialect.name);
  const rows = await selectRows(ctx.knex, ctx.knex(IMPORT_PROGRESS_TABLE).select('*').orderBy('digest'));
  return rows.map((row) => ({
    digest: String(row.digest),
    parts: String(row.parts),
    position: { entry: toNumber(row.entry), path: String(row.path ?? ''), line: toNumber(row.line) },
    updatedAt: toNumber(row.updated_at),
  }));
}

/** A new import of `digest` begins: earlier records go (their content was replaced), this one starts at nothing. */
export async function startImportProgress(ctx: EngineContext, digest: string, parts: string): Promise<void> {
  await ensureImportProgressTable(ctx.knex, ctx.dialect.name);
  await ctx.knex.transaction(async (trx) => {
    await trx(IMPORT_PROGRESS_TABLE).delete();
    await trx(IMPORT_PROGRESS_TABLE).insert({ digest, parts, entry: -1, path: null, line: 0, updated_at: Date.now() });
  });
}

/** Moves the record forward; run it in the transaction that commits the rows up to `position`. */
export async function recordImportProgress(trx: EngineContext, digest: string, position: ImportPosition): Promise<void> {
  await trx.knex(IMPORT_PROGRESS_TABLE).where('digest', digest).update({ ...position, updated_at: Date.now() });
}

/** The import of `digest` ended (finished, or rolled back): nothing to resume. */
export async function endImportProgress(ctx: EngineContext, digest: string): Promise<void> {
  await ensureImportProgressTable(ctx.knex, ctx.dialect.name);
  await ctx.knex(IMPORT_PROGRESS_TABLE).where('digest', digest).delete();
}
