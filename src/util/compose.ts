/**
 * Koa's compose, the one middleware chain of Vellum: operation middlewares (Strapi 5
 * document-service middlewares, operations/middlewares.ts) and REST route middlewares
 * (strapi/rest/route-pipeline.ts) both run through it.
 */

export type ChainMiddleware<C> = (context: C, next: () => Promise<unknown>) => unknown;

/**
 * Runs `middlewares` in order around `last`: each gets the context and `next`, which runs the
 * rest of the chain and resolves to its result. Calling `next` twice is a bug in the middleware
 * (`who` names it in the error). Dispatch is synchronous, so the operation path pays no extra
 * promise per level; an error thrown by a middleware reaches the awaiting caller either way.
 */
export function compose<C>(middlewares: readonly ChainMiddleware<C>[], context: C, last: (context: C) => Promise<unknown>, who: string): Promise<unknown> {
  let reached = -1;
  const dispatch = (index: number): Promise<unknown> => {
    if (index <= reached) return Promise.reject(new Error(`${who} called next() more than once`));
    reached = index;
    const middleware = middlewares[index];
    return middleware ? (middleware(context, () => dispatch(index + 1)) as Promise<unknown>) : last(context);
  };
  return dispatch(0);
}
