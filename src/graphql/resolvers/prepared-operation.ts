/**
 * A root resolver's operation, prepared once per operation layer (one per app): its parser turns
 * the resolver's arguments and selection into the operation's params after the permission check.
 */
import type { GraphQLResolveInfo } from 'graphql';
import type { Operations, ParseParams, PreparedOperation } from '../../operations/operations.js';
import type { OperationAction, OperationResults } from '../../operations/types.js';
import type { GraphqlContext } from '../context.js';

export interface ResolverInput<Args> {
  readonly args: Args;
  readonly ctx: GraphqlContext;
  readonly info: GraphQLResolveInfo;
}

export type ResolverOperation<Args, A extends OperationAction> = (ctx: GraphqlContext, args: Args, info: GraphQLResolveInfo) => Promise<OperationResults[A]>;

export function preparedOperation<Args, A extends OperationAction>(uid: string, action: A, parse: ParseParams<ResolverInput<Args>, A>): ResolverOperation<Args, A> {
  const byLayer = new WeakMap<Operations, PreparedOperation<ResolverInput<Args>, A>>();
  return (ctx, args, info) => {
    let operation = byLayer.get(ctx.operations);
    if (!operation) {
      operation = ctx.operations.forType(uid).prepare(action, parse);
      byLayer.set(ctx.operations, operation);
    }
    return operation(ctx.caller, { args, ctx, info });
  };
}
