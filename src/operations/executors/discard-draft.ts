import type { Executor } from './executor.js';
import { hooksFor } from './executor.js';

/** The draft is replaced by a copy of the published version. */
export const discardDraft: Executor<'discardDraft'> = (scope, context, subscribers) =>
  scope.repository.discardDraft(context.params.documentId, context.params.selection, hooksFor(scope, context, subscribers));
