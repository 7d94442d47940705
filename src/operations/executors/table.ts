/**
 * The executor of every action. Typed as `Executors` (a mapped type over `OperationAction`), so
 * an action without an executor does not compile, and `execute` needs no cast: indexing the table
 * with the context's action gives the executor of exactly that action.
 */
import type { LifecycleSubscriber, OperationAction, OperationContext, OperationResults } from '../types.js';
import { create } from './create.js';
import { deleteDocument } from './delete.js';
import { discardDraft } from './discard-draft.js';
import type { ExecutionScope, Executor, Executors } from './executor.js';
import { publish } from './publish.js';
import { count, findFirst, findMany, findOne } from './reads.js';
import { unpublish } from './unpublish.js';
import { update } from './update.js';

export const EXECUTORS: Executors = Object.freeze({
  findMany,
  findFirst,
  findOne,
  count,
  create,
  update,
  delete: deleteDocument,
  publish,
  unpublish,
  discardDraft,
} satisfies Executors);

/** The repository call of the context's action, lifecycles around it. */
export function execute<A extends OperationAction>(
  scope: ExecutionScope,
  context: OperationContext<A>,
  subscribers: readonly LifecycleSubscriber[],
): Promise<OperationResults[A]> {
  const executor: Executor<A> = EXECUTORS[context.action];
  return executor(scope, context, subscribers);
}
