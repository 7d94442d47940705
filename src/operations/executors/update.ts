import { authorOf } from '../access.js';
import type { Executor } from './executor.js';
import { hooksFor } from './executor.js';

/** `documentId: null`: a single type's one document, created when there is none (one transaction). */
export const update: Executor<'update'> = (scope, context, subscribers) => {
  const { documentId, data, status, unpublish, selection, checkRequired } = context.params;
  const options = { status, unpublish, author: authorOf(context.actor), checkRequired };
  const hooks = hooksFor(scope, context, subscribers);
  return documentId === null
    ? scope.repository.upsertSingle(data, options, selection, hooks)
    : scope.repository.update(documentId, data, options, selection, hooks);
};
