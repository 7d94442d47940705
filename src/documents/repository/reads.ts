import { firstDocumentId } from '../../engine/document-rows.js';
import { countEntries, findEntries } from '../../engine/find-entries.js';
import { findEntryByDocumentId } from '../../engine/load-entries.js';
import { paginationMeta } from '../pagination-meta.js';
import { refusedQueryValueError } from '../refused-value.js';
import type { DocumentRepository } from '../types.js';
import type { RepositoryScope } from './scope.js';

export type RepositoryReads = Pick<DocumentRepository, 'findPage' | 'count' | 'findOne' | 'singleDocumentId' | 'findSingle'>;

/** The reads: straight through the engine, outside any transaction. */
export function repositoryReads({ ctx, schema }: RepositoryScope): RepositoryReads {
  /** Single types hold one document; its rows share the documentId. */
  const singleDocumentId = (): Promise<string | null> => firstDocumentId(ctx, schema);
  return {
    async findPage(query) {
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
      try {
        return await countEntries(ctx, schema.uid, filters, status, locale);
      } catch (error) {
        throw refusedQueryValueError(ctx, error);
      }
    },

    findOne(documentId, selection) {
      return findEntryByDocumentId(ctx, schema.uid, documentId, selection);
    },

    singleDocumentId,

    async findSingle(selection) {
      const documentId = await singleDocumentId();
      return documentId === null ? null : findEntryByDocumentId(ctx, schema.uid, documentId, selection);
    },
  };
}
