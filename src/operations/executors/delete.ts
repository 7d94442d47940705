import type { Entry } from '../../engine/types.js';
import type { Executor } from './executor.js';
import { hooksFor } from './executor.js';
import { readLive, type Find } from './read-live.js';

/**
 * Deletes the document (a single type's one for `documentId: null`); with a `selection`, reads it
 * first, in the deleting transaction, as `live` says (what GraphQL's delete returns).
 */
export const deleteDocument: Executor<'delete'> = (scope, context, subscribers) => {
  const { documentId, selection, live, locale } = context.params;
  const seen = async (find: Find): Promise<Entry | null> => {
    if (!selection) return null;
    return live ? readLive(scope, context, selection, find) : find(selection);
  };
  const hooks = hooksFor(scope, context, subscribers);
  return documentId === null ? scope.repository.deleteSingleWith(seen, hooks, locale) : scope.repository.deleteWith(documentId, seen, hooks, locale);
};
