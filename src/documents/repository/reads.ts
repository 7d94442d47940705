import { joined } from '../../engine/context.js';
import { firstDocumentId } from '../../engine/document-rows.js';
import { countEntries, findEntries } from '../../engine/find-entries.js';
import { findEntryByDocumentId } from '../../engine/load-entries.js';
import { paginationMeta } from '../pagination-meta.js';
import { refusedQueryValueError } from '../refused-value.js';
import type { DocumentRepository } from '../types.js';
import type { RepositoryScope } from './scope.js';

export type RepositoryReads = Pick<DocumentRepository, 'findPage' | 'count' | 'findOne' | 'singleDocumentId' | 'findSingle'>;

/**
 * The reads: straight through the engine, outside any transaction unless the work calling them
 * runs in one (`inOneTransaction`: they read its uncommitted rows there, engine/context.ts `joined`).
 */
export function repositoryReads({ ctx: base, schema }: RepositoryScope): RepositoryReads {
  /** Single types hold one document; its rows share the documentId. */
  const singleDocumentId = (): Promise<string | null> => firstDocumentId(joined(base), schema);
  return {
    async findPage(query) {
      const ctx = joined(base);
      const withCount = query.pagination.withCount;
      try {
        const [entries, total] = await Promise.all([
          findEntries(ctx, schema.uid, query),
          withCount ? countEntries(ctx, schema.uid, query.filters, query.status, query.locale) : Promise.resolve(undefined),
        ]);
        return { entries, pagination: paginationMeta(query.pagination, total) };
      } catch (error) {
        throw refusedQueryValueError(ctx, error);
      }
    },

    async count(filters, status, locale) {
      const ctx = joined(base);
      try {
        return await countEntries(ctx, schema.uid, filters, status, locale);
      } catch (error) {
        throw refusedQueryValueError(ctx, error);
      }
    },

    findOne(documentId, selection) {
      return findEntryByDocumentId(joined(base), schema.uid, documentId, selection);
    },

    singleDocumentId,

    async findSingle(selection) {
      const documentId = await singleDocumentId();
      return documentId === null ? null : findEntryByDocumentId(joined(base), schema.uid, documentId, selection);
    },
  };
}
