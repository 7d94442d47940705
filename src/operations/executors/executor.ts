/**
 * What an executor is: the repository call of one action, with the lifecycles around it (inside
 * the transaction for writes). `table.ts` holds one per `OperationAction`, so a new action does
 * not compile until it has one.
 */
import type { Actor } from '../../auth/actor.js';
import type { DocumentRepository, TransactionHooks, WriteHooks } from '../../documents/types.js';
import type { ContentType } from '../../model/types.js';
import type { Query, Selection } from '../../query/ast.js';
import { LIFECYCLE_OF, writeHooks } from '../lifecycles.js';
import type { Caller, LifecycleSubscriber, OperationAction, OperationContext, OperationResults } from '../types.js';

export type Reads = Pick<DocumentRepository, 'findPage' | 'findOne' | 'findSingle' | 'count'>;

/** What executors need of their content type, built once per type (never per request). */
export interface ExecutionScope {
  readonly contentType: ContentType;
  readonly repository: DocumentRepository;
  /** the repository's reads as `caller` gets them (through the response cache when it is on) */
  readsFor(caller: Caller | null): Reads;
  /** the operation layer's query sanitising (throws when the actor may not read what `query` asks) */
  sanitize<Q extends Selection & Partial<Pick<Query, 'filters' | 'sort'>>>(actor: Actor | null, caller: Caller, query: Q, action: OperationAction): Q;
  /** the webhook events of a write, recorded on its transaction (webhooks/recorder.ts); undefined: the type fires none */
  events?(context: OperationContext): TransactionHooks | undefined;
}

/** One action's repository call; `subscribers`: the lifecycle subscribers of its event (often none). */
export type Executor<A extends OperationAction> = (
  scope: ExecutionScope,
  context: OperationContext<A>,
  subscribers: readonly LifecycleSubscriber[],
) => Promise<OperationResults[A]>;

/** One executor per action: a missing one is a compile error. */
export type Executors = { readonly [A in OperationAction]: Executor<A> };

/**
 * A write's hooks, run by the repository inside its transaction: its lifecycles (none without
 * subscribers) and its webhook events (the outbox rows, on the same transaction).
 */
export function hooksFor(scope: ExecutionScope, context: OperationContext, subscribers: readonly LifecycleSubscriber[]): WriteHooks | undefined {
  const lifecycles = subscribers.length > 0 ? writeHooks(subscribers, LIFECYCLE_OF[context.action], context) : undefined;
  const transaction = scope.events?.(context);
  if (transaction === undefined) return lifecycles;
  return { ...lifecycles, transaction };
}
