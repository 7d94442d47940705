/**
 * Operation middlewares (Strapi 5 document-service middlewares): a Koa-style chain around the
 * lifecycles and the repository call.
 */
import type { OperationContext } from './types.js';

/**
 * Runs `middlewares` in order around `core`: each gets the context and `next`, which runs the
 * rest of the chain and resolves to the result. Calling `next` twice is a bug in the middleware.
 * Actions (`operations.action`) run their `middlewares` through it too, around the handler.
 */
export function runMiddlewares<C = OperationContext>(
  middlewares: readonly ((context: C, next: () => Promise<unknown>) => Promise<unknown>)[],
  context: C,
  core: (context: C) => Promise<unknown>,
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
