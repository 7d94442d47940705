import { lockKeys } from '../../engine/context.js';
import { firstDocumentId } from '../../engine/document-rows.js';
import type { DocumentRepository } from '../types.js';
import { createIn } from './create-in.js';
import { lockDocument, type RepositoryScope } from './scope.js';
import { updateIn } from './update-in.js';
import { inWrite } from './write-transaction.js';

export type RepositoryWrites = Pick<DocumentRepository, 'create' | 'update' | 'upsertSingle'>;

/** Creates and updates, one transaction each; a before-hook's replacement data wins over the caller's. */
export function repositoryWrites(scope: RepositoryScope): RepositoryWrites {
  const { schema } = scope;
  return {
    create(data, { status, ...options }, selection, hooks) {
      return inWrite(scope, (trx, replaced) => createIn(scope, trx, replaced ?? data, status, options, selection), hooks);
    },

    update(documentId, data, options, selection, hooks) {
      return inWrite(scope, async (trx, replaced) => {
        await lockDocument(scope, trx, documentId);
        return updateIn(scope, trx, documentId, replaced ?? data, options, selection);
      }, hooks);
    },

    upsertSingle(input, options, selection, hooks) {
      return inWrite(scope, async (trx, replaced) => {
        const data = replaced ?? input;
        // Taken before looking: of two first writers, the second finds the first one's document.
        await lockKeys(trx, [`single:${schema.uid}`]);
        const existing = await firstDocumentId(trx, schema);
        if (existing === null) return createIn(scope, trx, data, options.status === 'keep' ? 'draft' : options.status, options, selection);
        await lockDocument(scope, trx, existing);
        const entry = await updateIn(scope, trx, existing, data, options, selection);
        if (!entry) throw new Error(`single type ${schema.uid} ${existing} could not be read back`);
        return entry;
      }, hooks);
    },
  };
}
