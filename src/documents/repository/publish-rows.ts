import { documentRows } from '../../engine/document-rows.js';
import { loadEntriesByRowIds } from '../../engine/load-entries.js';
import { sharedPartNames, syncSharedColumns, syncSharedParts } from '../../engine/locale-rows.js';
import type { EngineContext } from '../../engine/types.js';
import { copyEntity } from '../../engine/write/copy-entity.js';
import { deleteEntityRows } from '../../engine/write/delete-entity.js';
import { assertRequiredOnPublish } from '../required-on-publish.js';
import { assertUnique } from '../unique-values.js';
import { now, type RepositoryScope } from './scope.js';

/** Replaces the published row (of `locale`) by a fresh copy of the draft row. */
export async function publishRows(scope: RepositoryScope, trx: EngineContext, documentId: string, locale: string | undefined): Promise<number | undefined> {
  const { schema } = scope;
  const rows = await documentRows(trx, schema, documentId, locale);
  if (rows.draft === undefined) return rows.published;
  await assertRequiredOnPublish(trx, schema, rows.draft);
  if (rows.published !== undefined) await deleteEntityRows(trx, schema, [rows.published]);
  await assertUniqueOnPublish(scope, trx, rows.draft, documentId, locale);
  const published = await copyEntity(trx, schema, rows.draft, { published_at: now(scope), updated_at: now(scope) });
  await syncSharedColumns(trx, schema, published);
  await syncSharedParts(trx, schema, published, sharedPartNames(schema));
  return published;
}

/** The draft's unique values (and uids) must be free among published versions too. */
async function assertUniqueOnPublish(scope: RepositoryScope, trx: EngineContext, draftRowId: number, documentId: string, locale: string | undefined): Promise<void> {
  const { schema } = scope;
  const uniques = Object.values(schema.attributes).filter((a) => a.kind === 'scalar' && (a.unique || a.type === 'uid'));
  if (uniques.length === 0) return;
  const entry = (await loadEntriesByRowIds(trx, schema.uid, [draftRowId], { fields: uniques.map((a) => a.name), populate: [], status: 'draft' }))[0];
  const values = Object.fromEntries(uniques.map((a) => [a.name, entry?.[a.name]]));
  await assertUnique(trx, schema, values, documentId, true, locale);
}
