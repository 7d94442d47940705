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

export function applyWindow<T extends { offset(n: number): T; limit(n: number): T }>(qb: T, window: RowWindow): T {
  if (window.offset > 0) qb.offset(window.offset);
  if (window.limit !== null) qb.limit(window.limit);
  return qb;
}
