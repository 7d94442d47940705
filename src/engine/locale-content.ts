/**
 * The content of one locale, for the forced removal of that locale: every version in it of every
 * localized type (drafts and published rows), with what they own (component rows, relation and
 * media links), and the links that point at a document left with no version at all. Strapi's
 * locale deletion does the same (its i18n `locales` service deletes a locale's entries of every
 * localized type in the transaction that deletes the locale).
 */
import { selectRows } from '../db/direct-reads.js';
import { SYSTEM_COLUMNS } from '../db/naming.js';
import { toNumber } from '../db/values.js';
import { isLocalizedType } from '../model/i18n.js';
import { chunk } from './populate/load-batch.js';
import type { EngineContext } from './types.js';
import { deleteEntityRows, deleteIncomingLinks } from './write/delete-entity.js';

/** what went with a locale, per content type */
export interface RemovedLocaleContent {
  readonly uid: string;
  /** documents that had a version in the locale */
  readonly documents: number;
  /** their rows in the locale (a draft and a published row each, with draft & publish) */
  readonly rows: number;
  /** of those documents, the ones that had no other locale and are gone entirely */
  readonly deletedDocuments: number;
}

/** Runs inside the caller's write transaction (`trx`). */
export async function deleteLocaleContent(trx: EngineContext, code: string): Promise<RemovedLocaleContent[]> {
  const removed: RemovedLocaleContent[] = [];
  for (const type of trx.registry.contentTypes.values()) {
    if (!isLocalizedType(type)) continue;
    const table = type.collectionName;
    const rows = await selectRows(trx.knex, trx.knex(table).select('id', SYSTEM_COLUMNS.documentId).where(SYSTEM_COLUMNS.locale, code));
    if (rows.length === 0) continue;
    const ids = rows.map((row) => toNumber(row['id']));
    const documentIds = [...new Set(rows.map((row) => String(row[SYSTEM_COLUMNS.documentId])))];
    for (const some of chunk(ids)) await deleteEntityRows(trx, type, some);
    // links name documents, not versions: they go only with a document's last version
    const remaining = new Set<string>();
    for (const some of chunk(documentIds)) {
      const left = await selectRows(trx.knex, trx.knex(table).distinct(SYSTEM_COLUMNS.documentId).whereIn(SYSTEM_COLUMNS.documentId, some));
      for (const row of left) remaining.add(String(row[SYSTEM_COLUMNS.documentId]));
    }
    const gone = documentIds.filter((documentId) => !remaining.has(documentId));
    for (const documentId of gone) await deleteIncomingLinks(trx, type.uid, documentId, []);
    removed.push({ uid: type.uid, documents: documentIds.length, rows: ids.length, deletedDocuments: gone.length });
  }
  return removed;
}
