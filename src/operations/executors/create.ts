import { authorOf } from '../access.js';
import type { Executor } from './executor.js';
import { hooksFor } from './executor.js';

/** A new document (a new locale version of one, for localized types: the repository decides). */
export const create: Executor<'create'> = (scope, context, subscribers) => {
  const { data, status, selection, checkRequired } = context.params;
  return scope.repository.create(data, { status, author: authorOf(context.actor), checkRequired }, selection, hooksFor(scope, context, subscribers));
};
