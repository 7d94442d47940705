/**
 * What removing a locale with its content would delete (`deleteLocaleContent`), counted without
 * deleting anything: per localized type, the documents with a version in the locale, their rows
 * in it, and how many of those documents have no version in any other locale (they would be gone
 * entirely). Two statements per localized type.
 */
import { selectRows } from '../db/direct-reads.js';
import { SYSTEM_COLUMNS as S } from '../db/naming.js';
import { toNumber } from '../db/values.js';
import { isLocalizedType } from '../model/i18n.js';
import type { RemovedLocaleContent } from './locale-content.js';
import type { EngineContext } from './types.js';

export async function previewLocaleContent(ctx: EngineContext, code: string): Promise<RemovedLocaleContent[]> {
  const found: RemovedLocaleContent[] = [];
  for (const type of ctx.registry.contentTypes.values()) {
    if (!isLocalizedType(type)) continue;
    const table = type.collectionName;
    const [totals] = await selectRows(ctx.knex, ctx.knex(table).where(S.locale, code).count({ rows: '*' }).countDistinct({ documents: S.documentId }));
    const rows = toNumber(totals?.rows ?? 0);
    if (rows === 0) continue;
    const elsewhere = ctx.knex(`${table} as other`).select(S.documentId).whereNot(S.locale, code);
    const [alone] = await selectRows(ctx.knex, ctx.knex(table).where(S.locale, code).whereNotIn(S.documentId, elsewhere).countDistinct({ n: S.documentId }));
    found.push({ uid: type.uid, documents: toNumber(totals?.documents ?? 0), rows, deletedDocuments: toNumber(alone?.n ?? 0) });
  }
  return found;
}
