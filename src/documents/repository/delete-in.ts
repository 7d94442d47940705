import { documentRows } from '../../engine/document-rows.js';
import { findEntryByDocumentId } from '../../engine/load-entries.js';
import type { EngineContext } from '../../engine/types.js';
import { deleteEntityRows, deleteIncomingLinks } from '../../engine/write/delete-entity.js';
import { ALL_LOCALES } from '../../query/ast.js';
import type { DeleteRead } from '../types.js';
import { lockDocument, type RepositoryScope } from './scope.js';

/** Locks, lets `read` see the document as it is, then deletes it; null when it does not exist. */
export async function deleteIn<T>(scope: RepositoryScope, trx: EngineContext, documentId: string, read: DeleteRead<T>, locale: string | undefined): Promise<{ value: T } | null> {
  const { schema } = scope;
  await lockDocument(scope, trx, documentId);
  const rows = await documentRows(trx, schema, documentId, locale);
  if (rows.all.length === 0) return null;
  const value = await read((sel) => findEntryByDocumentId(trx, schema.uid, documentId, sel));
  await deleteEntityRows(trx, schema, rows.all);
  // links name documents: they go with the document's last version only
  const remaining = locale === undefined || locale === ALL_LOCALES ? 0 : (await documentRows(trx, schema, documentId)).all.length;
  if (remaining === 0) await deleteIncomingLinks(trx, schema.uid, documentId, rows.all);
  return { value };
}
