import { lockKeys } from '../../engine/context.js';
import { firstDocumentId } from '../../engine/document-rows.js';
import type { DocumentRepository } from '../types.js';
import { deleteIn } from './delete-in.js';
import { localeOf, type RepositoryScope } from './scope.js';
import { inWrite } from './write-transaction.js';

export type RepositoryDeletes = Pick<DocumentRepository, 'delete' | 'deleteWith' | 'deleteSingleWith'>;

/** Deletes, one transaction each: a document (one locale's version, or all), or a single type's one document. */
export function repositoryDeletes(scope: RepositoryScope): RepositoryDeletes {
  const { schema } = scope;
  return {
    delete(documentId, locale) {
      return inWrite(scope, async (trx) => (await deleteIn(scope, trx, documentId, async () => true, localeOf(scope, { locale }))) !== null);
    },

    deleteWith(documentId, read, hooks, locale) {
      return inWrite(scope, (trx) => deleteIn(scope, trx, documentId, read, localeOf(scope, { locale })), hooks);
    },

    deleteSingleWith(read, hooks, locale) {
      return inWrite(scope, async (trx) => {
        await lockKeys(trx, [`single:${schema.uid}`]);
        const existing = await firstDocumentId(trx, schema);
        return existing === null ? null : deleteIn(scope, trx, existing, read, localeOf(scope, { locale }));
      }, hooks);
    },
  };
}
