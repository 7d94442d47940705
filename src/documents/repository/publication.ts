import { documentRows, rowForStatus, type DocumentRows } from '../../engine/document-rows.js';
import { findEntryByDocumentId } from '../../engine/load-entries.js';
import { copyEntity } from '../../engine/write/copy-entity.js';
import { deleteEntityRows } from '../../engine/write/delete-entity.js';
import type { EngineContext, Entry } from '../../engine/types.js';
import type { Selection } from '../../query/ast.js';
import type { DocumentRepository, WriteHooks } from '../types.js';
import { publishRows } from './publish-rows.js';
import { localeOf, lockDocument, readBack, type RepositoryScope } from './scope.js';
import { inWrite } from './write-transaction.js';

export type RepositoryPublication = Pick<DocumentRepository, 'publish' | 'unpublish' | 'discardDraft'>;

/** Draft & publish: publish, unpublish, discard the draft (of the selection's locale), one transaction each. */
export function repositoryPublication(scope: RepositoryScope): RepositoryPublication {
  const { schema } = scope;

  /**
   * Unpublish and discard-draft: both change a published document (locked) and answer with its
   * draft row `change` returns; without a published version (or draft & publish) the draft as it is.
   */
  function changePublished(
    documentId: string,
    selection: Selection,
    hooks: WriteHooks | undefined,
    change: (trx: EngineContext, rows: DocumentRows, published: number) => Promise<number>,
  ): Promise<Entry | null> {
    return inWrite(scope, async (trx) => {
      await lockDocument(scope, trx, documentId);
      const rows = await documentRows(trx, schema, documentId, localeOf(scope, selection));
      const asDraft: Selection = { ...selection, status: 'draft' };
      if (!schema.draftAndPublish || rows.published === undefined) return readBack(scope, trx, rowForStatus(schema, rows, 'draft'), asDraft);
      return readBack(scope, trx, await change(trx, rows, rows.published), asDraft);
    }, hooks);
  }

  return {
    publish(documentId, selection, hooks) {
      return inWrite(scope, async (trx) => {
        if (!schema.draftAndPublish) return findEntryByDocumentId(trx, schema.uid, documentId, selection);
        await lockDocument(scope, trx, documentId);
        const row = await publishRows(scope, trx, documentId, localeOf(scope, selection));
        return readBack(scope, trx, row, { ...selection, status: 'published' });
      }, hooks);
    },

    unpublish(documentId, selection, hooks) {
      return changePublished(documentId, selection, hooks, async (trx, rows, published) => {
        const draft = rows.draft ?? (await copyEntity(trx, schema, published, { published_at: null }));
        await deleteEntityRows(trx, schema, [published]);
        return draft;
      });
    },

    discardDraft(documentId, selection, hooks) {
      return changePublished(documentId, selection, hooks, async (trx, rows, published) => {
        if (rows.draft !== undefined) await deleteEntityRows(trx, schema, [rows.draft]);
        // the new draft is the published version, unedited: it keeps its updatedAt, so the
        // content manager's status (draft newer than published = modified) reads "published"
        return copyEntity(trx, schema, published, { published_at: null });
      });
    },
  };
}
