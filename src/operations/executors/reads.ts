/**
 * The read executors. The hot path of every transport: no allocation beyond the repository call's
 * closure unless lifecycles subscribe (then `aroundRead` builds their events).
 */
import { aroundRead, LIFECYCLE_OF } from '../lifecycles.js';
import type { LifecycleSubscriber, OperationContext } from '../types.js';
import type { Executor } from './executor.js';
import { readLive, type Find } from './read-live.js';

/** `work` with the read lifecycles of the context's action around it, when there are subscribers. */
function around<T>(subscribers: readonly LifecycleSubscriber[], context: OperationContext, work: () => Promise<T>): Promise<T> {
  return subscribers.length > 0 ? aroundRead(subscribers, LIFECYCLE_OF[context.action], context, work) : work();
}

export const findMany: Executor<'findMany'> = (scope, context, subscribers) =>
  around(subscribers, context, () => scope.readsFor(context.caller).findPage(context.params.query));

/** a single type's one document */
export const findFirst: Executor<'findFirst'> = (scope, context, subscribers) =>
  around(subscribers, context, () => scope.readsFor(context.caller).findSingle(context.params.selection));

export const findOne: Executor<'findOne'> = (scope, context, subscribers) =>
  around(subscribers, context, () => {
    // the params as the before-hooks left them
    const { documentId, selection, live } = context.params;
    const reads = scope.readsFor(context.caller);
    const find: Find = (sel) => reads.findOne(documentId, sel);
    return live ? readLive(scope, context, selection, find) : find(selection);
  });

export const count: Executor<'count'> = (scope, context, subscribers) =>
  around(subscribers, context, () => {
    const { filters, status, locale } = context.params;
    return scope.readsFor(context.caller).count(filters, status, locale);
  });
