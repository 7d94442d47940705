/**
 * Operation middlewares (Strapi 5 document-service middlewares): a Koa-style chain around the
 * lifecycles and the repository call, on the one `compose` (util/compose.ts).
 */
import { compose, type ChainMiddleware } from '../util/compose.js';
import type { OperationContext } from './types.js';

/**
 * Runs `middlewares` in order around `core`: each gets the context and `next`, which runs the
 * rest of the chain and resolves to the result. Calling `next` twice is a bug in the middleware.
 * Actions (`operations.action`) run their `middlewares` through it too, around the handler.
 */
export function runMiddlewares<C = OperationContext>(
  middlewares: readonly ChainMiddleware<C>[],
  context: C,
  core: (context: C) => Promise<unknown>,
): Promise<unknown> {
  return compose(middlewares, context, core, 'an operation middleware');
}
