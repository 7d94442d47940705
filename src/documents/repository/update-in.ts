import { documentRows } from '../../engine/document-rows.js';
import { syncSharedColumns, syncSharedParts } from '../../engine/locale-rows.js';
import type { EngineContext, Entry } from '../../engine/types.js';
import { copyEntity } from '../../engine/write/copy-entity.js';
import { deleteEntityRows } from '../../engine/write/delete-entity.js';
import { updateScalars, writeEntityParts } from '../../engine/write/write-entity.js';
import type { Selection } from '../../query/ast.js';
import type { DocumentData } from '../types.js';
import { assertUnique } from '../unique-values.js';
import { createIn } from './create-in.js';
import { publishRows } from './publish-rows.js';
import { localeOf, now, readBack, type RepositoryScope, type UpdateOptions } from './scope.js';
import { planWrite, withAuthor } from './write-plan.js';

/** The update of a locked document; `status: 'keep'` publishes the change when the document is published. */
export async function updateIn(
  scope: RepositoryScope,
  trx: EngineContext,
  documentId: string,
  data: DocumentData,
  options: UpdateOptions,
  selection: Selection,
): Promise<Entry | null> {
  const { schema } = scope;
  const { unpublish = false, author } = options;
  const locale = localeOf(scope, selection);
  const rows = await documentRows(trx, schema, documentId, locale);
  if (rows.all.length === 0) {
    // a localized document without this locale's version: the update creates it (Strapi 5)
    if (locale === undefined || (await documentRows(trx, schema, documentId)).all.length === 0) return null;
    return createIn(scope, trx, data, options.status === 'keep' ? 'draft' : options.status, { author }, selection, documentId);
  }
  const status = options.status === 'keep' ? (rows.published !== undefined ? 'published' : 'draft') : options.status;
  const publish = status === 'published' || !schema.draftAndPublish;
  const plan = withAuthor(scope, await planWrite(scope, trx, data, false, publish, documentId, locale), author, ['updatedBy']);
  let target = schema.draftAndPublish ? rows.draft : rows.all[0];
  if (target === undefined && rows.published !== undefined) {
    // A published document without a draft: edit a fresh draft made from it.
    target = await copyEntity(trx, schema, rows.published, { published_at: null });
  }
  if (target === undefined) return null;
  await assertUnique(trx, schema, plan.scalars, documentId, publish && !schema.draftAndPublish, locale);
  await updateScalars(trx, { schema, rowId: target, documentId }, plan.scalars, { updated_at: now(scope) });
  await writeEntityParts(trx, { schema, rowId: target, documentId }, plan);
  await syncSharedColumns(trx, schema, target);
  await syncSharedParts(trx, schema, target, new Set(Object.keys(data)));
  if (unpublish && schema.draftAndPublish && rows.published !== undefined) await deleteEntityRows(trx, schema, [rows.published]);
  const readRow = schema.draftAndPublish && publish && !unpublish ? await publishRows(scope, trx, documentId, locale) : target;
  return readBack(scope, trx, readRow, { ...selection, status: publish ? 'published' : 'draft' });
}
