/**
 * Rows waiting to be written, per table: the import collects a batch of lines' rows, then
 * writes them in one write transaction (`inWriteTransaction`), so memory stays bounded by the
 * batch and a failed statement leaves none of the batch behind.
 */
import { inWriteTransaction } from '../engine/context.js';
import { insertRowsAsIs } from '../engine/transfer-rows.js';
import type { EngineContext } from '../engine/types.js';

/** rows per write transaction */
export const BATCH_ROWS = 2000;

export class RowBatch {
  private readonly tables = new Map<string, Array<Record<string, unknown>>>();
  private count = 0;

  add(table: string, row: Record<string, unknown>): void {
    let rows = this.tables.get(table);
    if (!rows) {
      rows = [];
      this.tables.set(table, rows);
    }
    rows.push(row);
    this.count += 1;
  }

  get size(): number {
    return this.count;
  }

  /**
   * Writes every row in one transaction and empties the batch; `written` learns each table's row
   * count; `alsoCommit` runs in the same transaction (the import's progress record), so the
   * record and the rows commit together or not at all.
   */
  async flush(engine: EngineContext, written: (table: string, rows: number) => void, alsoCommit?: (trx: EngineContext) => Promise<void>): Promise<void> {
    if (this.count === 0) return;
    const tables = [...this.tables];
    this.tables.clear();
    this.count = 0;
    await inWriteTransaction(engine, async (trx) => {
      for (const [table, rows] of tables) await insertRowsAsIs(trx, table, rows);
      await alsoCommit?.(trx);
    });
    for (const [table, rows] of tables) written(table, rows.length);
  }
}
