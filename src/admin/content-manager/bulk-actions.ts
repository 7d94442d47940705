/**
 * `POST /content-manager/collection-types/:uid/actions/bulkDelete|bulkPublish|bulkUnpublish`
 * with `{ documentIds }`: one operation per document through the operation layer (each checked,
 * each with its lifecycles and its own transaction, as Strapi's document service runs them),
 * answering how many documents it changed: `{ data: { count } }`. Every id is checked to exist
 * before the first write, so a mistyped id changes nothing.
 */
import { NotFoundError } from '../../errors/index.js';
import type { TypeOperations } from '../../operations/operations.js';
import type { Caller } from '../../operations/types.js';
import type { Selection } from '../../query/ast.js';
import { documentFilter, versionsOf } from './document-meta.js';
import { documentIdsOf, localeOf } from './request-input.js';

export type BulkAction = 'bulkDelete' | 'bulkPublish' | 'bulkUnpublish';
export const BULK_ACTIONS: readonly BulkAction[] = ['bulkDelete', 'bulkPublish', 'bulkUnpublish'];

export async function runBulkAction(
  ops: TypeOperations, caller: Caller, action: BulkAction, query: Record<string, unknown>, body: Record<string, unknown>,
): Promise<{ data: { count: number } }> {
  const schema = ops.contentType;
  const documentIds = documentIdsOf(body);
  const locale = localeOf(schema, query, body);
  const scope = locale === undefined ? {} : { locale };
  // the permission of the action first: a caller who may not do it learns nothing of the ids
  await ops.check(caller, action === 'bulkDelete' ? 'delete' : action === 'bulkPublish' ? 'publish' : 'unpublish');
  const status = schema.draftAndPublish ? (action === 'bulkUnpublish' ? 'published' : 'draft') : 'published';
  const existing = new Set((await versionsOf(ops, caller, documentFilter(documentIds), status, locale)).map((v) => String(v.documentId)));
  const missing = documentIds.filter((id) => !existing.has(id));
  if (missing.length > 0 && action === 'bulkDelete') throw new NotFoundError(`Document(s) not found: ${missing.join(', ')}`);
  const selection: Selection = { fields: [], populate: [], status: 'draft', ...scope };
  let count = 0;
  for (const documentId of documentIds) {
    if (!existing.has(documentId)) continue;
    const done = action === 'bulkDelete'
      ? await ops.delete(caller, { documentId, ...scope })
      : action === 'bulkPublish'
        ? await ops.publish(caller, { documentId, selection: { ...selection, status: 'published' }, ...scope })
        : await ops.unpublish(caller, { documentId, selection, ...scope });
    if (done !== null) count += 1;
  }
  return { data: { count } };
}
