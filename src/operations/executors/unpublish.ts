import type { Executor } from './executor.js';
import { hooksFor } from './executor.js';

/** The published version goes; the draft stays (made from it when there was none). */
export const unpublish: Executor<'unpublish'> = (scope, context, subscribers) =>
  scope.repository.unpublish(context.params.documentId, context.params.selection, hooksFor(scope, context, subscribers));
