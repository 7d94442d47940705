/**
 * A route middleware: article lists come with their author's and category's names unless the
 * request asks for its own `populate`.
 */
interface Ctx {
  query: Record<string, unknown>;
}

export default () => async (ctx: Ctx, next: () => Promise<unknown>) => {
  ctx.query.populate ??= { author: { fields: ['name'] }, category: { fields: ['name'] } };
  await next();
};
