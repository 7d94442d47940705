import type { Entry } from '../../engine/types.js';
import type { Selection } from '../../query/ast.js';
import type { OperationContext } from '../types.js';
import type { ExecutionScope } from './executor.js';

export type Find = (selection: Selection) => Promise<Entry | null>;

/**
 * The published version when there is one, else the draft (GraphQL v4's `live` reading), which
 * the caller must be allowed to read: anonymous draft reads are refused by the sanitising.
 */
export async function readLive(scope: ExecutionScope, context: OperationContext, selection: Selection, find: Find): Promise<Entry | null> {
  const published = await find({ ...selection, status: 'published' });
  if (published || !scope.contentType.draftAndPublish) return published;
  const draft = await find({ ...selection, status: 'draft' });
  if (draft && context.actor && context.caller) scope.sanitize(context.actor, context.caller, { ...selection, status: 'draft' }, 'findOne');
  return draft;
}
