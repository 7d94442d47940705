/**
 * The content manager's list of a collection type (and a relation's target options):
 * `{ results, pagination: { page, pageSize, pageCount, total } }`, each result with its
 * `status`. One page read (with its count) and one read of the page's counterparts in the other
 * publication state, whatever the page size: no statement per row.
 */
import type { TypeOperations } from '../../operations/operations.js';
import type { Caller, Entry, PaginationMeta } from '../../operations/types.js';
import type { Query } from '../../query/ast.js';
import { documentFilter, versionsOf } from './document-meta.js';
import { withStatuses, type DocumentStatus } from './document-status.js';

export interface ListAnswer {
  readonly results: (Entry & { status: DocumentStatus })[];
  readonly pagination: PaginationMeta;
}

export async function listPage(ops: TypeOperations, caller: Caller, query: Query): Promise<ListAnswer> {
  const page = await ops.findMany(caller, { query });
  const { entries } = page;
  if (!ops.contentType.draftAndPublish) {
    return { results: entries.map((entry) => ({ ...entry, status: 'published' as const })), pagination: page.pagination };
  }
  const ids = [...new Set(entries.map((entry) => String(entry.documentId)))];
  const other = query.status === 'draft' ? 'published' : 'draft';
  const counterparts = ids.length === 0 ? [] : await versionsOf(ops, caller, documentFilter(ids), other, query.locale);
  return { results: withStatuses(entries, counterparts), pagination: page.pagination };
}
