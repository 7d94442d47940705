/**
 * Operation middlewares (Strapi 5 document-service middlewares): a Koa-style chain around the
 * lifecycles and the repository call.
 */
import type { OperationContext, OperationMiddleware } from './types.js';

/**
 * Runs `middlewares` in order around `core`: each gets the context and `next`, which runs the
 * rest of the chain and resolves to the result. Calling `next` twice is a bug in the middleware.
 */
export function runMiddlewares(
  middlewares: readonly OperationMiddleware[],
  context: OperationContext,
  core: (context: OperationContext) => Promise<unknown>,
): Promise<unknown> {
  let reached = -1;
  const dispatch = (index: number): Promise<unknown> => {
    if (index <= reached) return Promise.reject(new Error('an operation middleware called next() more than once'));
    reached = index;
    const middleware = middlewares[index];
    return middleware ? middleware(context, () => dispatch(index + 1)) : core(context);
  };
  return dispatch(0);
}
