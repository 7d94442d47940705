import type { Pagination } from '../query/ast.js';
import type { PaginationMeta } from './types.js';

/** `meta.pagination` for a page or offset request; totals only when counted. */
export function paginationMeta(pagination: Pagination, total: number | undefined): PaginationMeta {
  if (pagination.kind === 'offset') {
    const { start, limit } = pagination;
    return total === undefined ? { start, limit } : { start, limit, total };
  }
  const { page, pageSize } = pagination;
  if (total === undefined) return { page, pageSize };
  return { page, pageSize, pageCount: pageSize > 0 ? Math.ceil(total / pageSize) : 0, total };
}
