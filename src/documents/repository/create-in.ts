import { newDocumentId } from '../../engine/document-id.js';
import { copySharedPartsFromSibling, sharedPartNames, sharedScalarColumns, siblingSharedColumns, syncSharedColumns, syncSharedParts } from '../../engine/locale-rows.js';
import type { EngineContext, Entry } from '../../engine/types.js';
import { insertRow } from '../../engine/write/rows.js';
import { scalarColumns } from '../../engine/write/write-scalars.js';
import { writeEntityParts } from '../../engine/write/write-entity.js';
import type { PublicationStatus, Selection } from '../../query/ast.js';
import type { DocumentData } from '../types.js';
import { assertUnique } from '../unique-values.js';
import { publishRows } from './publish-rows.js';
import { localeOf, now, readBack, type CreateOptions, type RepositoryScope } from './scope.js';
import { planWrite, withAuthor } from './write-plan.js';

/**
 * A new document, or (`existing`, localized types) a new locale version of a document: shared
 * attributes the data leaves out are taken from the document's other locales.
 */
export async function createIn(
  scope: RepositoryScope,
  trx: EngineContext,
  data: DocumentData,
  status: PublicationStatus,
  options: CreateOptions,
  selection: Selection,
  existing?: string,
): Promise<Entry> {
  const { schema } = scope;
  const publish = status === 'published' || !schema.draftAndPublish;
  const documentId = existing ?? newDocumentId();
  const locale = localeOf(scope, selection);
  const requireRequired = publish || options.checkRequired === true;
  const plan = withAuthor(scope, await planWrite(scope, trx, data, true, requireRequired, existing, locale), options.author, ['createdBy', 'updatedBy']);
  await assertUnique(trx, schema, plan.scalars, existing, publish && !schema.draftAndPublish, locale);
  const stamp = now(scope);
  const columns = scalarColumns(trx, schema, plan.scalars);
  if (existing !== undefined && locale !== undefined) {
    const shared = await siblingSharedColumns(trx, schema, existing, locale);
    for (const [name, column] of sharedScalarColumns(schema)) if (!(name in data) && column in shared) columns[column] = shared[column];
  }
  const rowId = await insertRow(trx, schema.collectionName, {
    ...columns,
    document_id: documentId,
    ...(locale === undefined ? {} : { locale }),
    created_at: stamp,
    updated_at: stamp,
    published_at: schema.draftAndPublish ? null : stamp,
  });
  await writeEntityParts(trx, { schema, rowId, documentId }, plan);
  if (existing !== undefined && locale !== undefined) {
    await copySharedPartsFromSibling(trx, schema, rowId, new Set([...sharedPartNames(schema)].filter((name) => !(name in data))));
  }
  await syncSharedColumns(trx, schema, rowId);
  await syncSharedParts(trx, schema, rowId, new Set(Object.keys(data)));
  const readRow = schema.draftAndPublish && publish ? await publishRows(scope, trx, documentId, locale) : rowId;
  const entry = await readBack(scope, trx, readRow, { ...selection, status: publish ? 'published' : 'draft' });
  if (!entry) throw new Error(`created ${schema.uid} ${documentId} could not be read back`);
  return entry;
}
