import type { Pagination } from '../query/ast.js';

/** Rows to skip and to return; `limit` null = no limit (a negative size left by the caller). */
export interface RowWindow {
  readonly offset: number;
  readonly limit: number | null;
}

export function rowWindow(pagination: Pagination): RowWindow {
  if (pagination.kind === 'page') {
    const size = pagination.pageSize;
    if (size < 0) return { offset: 0, limit: null };
    return { offset: Math.max(0, pagination.page - 1) * size, limit: size };
  }
  return { offset: Math.max(0, pagination.start), limit: pagination.limit < 0 ? null : pagination.limit };
}

/**
 * The LIMIT is written into the SQL (an integer, knex parses it), the OFFSET stays bound: SQLite
 * plans `limit ?` far slower than `limit 25` (a page ~150 vs ~135 µs, a one-row read ~21 vs ~9 µs),
 * while page offsets vary too much to make a statement text of each (the prepared-statement cache
 * is keyed by SQL text). Page sizes are few.
 */
export function applyWindow<T extends { offset(n: number): T; limit(n: number, options: { skipBinding: boolean }): T }>(qb: T, window: RowWindow): T {
  if (window.offset > 0) qb.offset(window.offset);
  if (window.limit !== null) qb.limit(window.limit, { skipBinding: true });
  return qb;
}
