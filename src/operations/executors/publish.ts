import type { Executor } from './executor.js';
import { hooksFor } from './executor.js';

/** The draft becomes the published version (a no-op read on types without draft & publish). */
export const publish: Executor<'publish'> = (scope, context, subscribers) =>
  scope.repository.publish(context.params.documentId, context.params.selection, hooksFor(scope, context, subscribers));
