/** The registries and runners of the operation layer's seams, without a database. */
import { describe, expect, it } from 'vitest';
import { PolicyError } from '../errors/index.js';
import type { ContentType } from '../model/types.js';
import { aroundRead, createLifecycleRegistry } from './lifecycles.js';
import { runMiddlewares } from './middlewares.js';
import { createPolicyRegistry, runPolicies, UnknownPolicyError } from './policies.js';
import type { OperationContext, Policy } from './types.js';

const context = (): OperationContext => ({
  uid: 'api::article.article',
  contentType: { uid: 'api::article.article' } as ContentType,
  action: 'findMany',
  params: { query: { filters: null, sort: [], pagination: { kind: 'page', page: 1, pageSize: 25, withCount: true }, fields: null, populate: [], status: 'published' } },
  caller: null,
  actor: null,
  state: {},
});

describe('policies', () => {
  it('resolves registered names, { name, config } and inline functions; unknown names throw naming them', async () => {
    const registry = createPolicyRegistry();
    const seen: unknown[] = [];
    registry.register('global::is-owner', (_ctx, config) => {
      seen.push(config);
      return true;
    });
    await registry.resolve('global::is-owner')(context(), undefined);
    await registry.resolve({ name: 'global::is-owner', config: { field: 'author' } })(context(), undefined);
    expect(seen).toEqual([undefined, { field: 'author' }]);
    const inline: Policy = () => false;
    expect(registry.resolve(inline)).toBe(inline);
    expect(() => registry.resolve('api::article.nope')).toThrow(UnknownPolicyError);
    expect(() => registry.get('api::article.nope')).toThrow('Unknown policy "api::article.nope"');
  });

  it('runs in order; false stops with a 403 PolicyError, true and undefined let it through', async () => {
    const order: string[] = [];
    const pass: Policy = async () => { order.push('pass'); };
    const yes: Policy = () => { order.push('yes'); return true; };
    const no: Policy = () => { order.push('no'); return false; };
    await runPolicies([pass, yes], context());
    await expect(runPolicies([yes, no, pass], context())).rejects.toBeInstanceOf(PolicyError);
    expect(order).toEqual(['pass', 'yes', 'yes', 'no']);
    await expect(runPolicies([no], context())).rejects.toMatchObject({ status: 403, name: 'PolicyError' });
  });
});

describe('operation middlewares', () => {
  it('run Koa-style around the core, may change params and the result', async () => {
    const trace: string[] = [];
    const result = await runMiddlewares(
      [
        async (ctx, next) => { trace.push('a>'); const r = await next(); trace.push('<a'); return { wrapped: r }; },
        async (ctx, next) => { trace.push('b>'); ctx.params = { query: 'changed' as never }; return next(); },
      ],
      context(),
      async (ctx) => { trace.push('core'); return (ctx.params as { query: unknown }).query; },
    );
    expect(trace).toEqual(['a>', 'b>', 'core', '<a']);
    expect(result).toEqual({ wrapped: 'changed' });
  });

  it('may answer without calling next, and refuse a second next()', async () => {
    let core = 0;
    expect(await runMiddlewares([async () => 'cached'], context(), async () => { core += 1; return 'db'; })).toBe('cached');
    expect(core).toBe(0);
    await expect(runMiddlewares([async (_ctx, next) => { await next(); return next(); }], context(), async () => 'db')).rejects.toThrow('more than once');
  });
});

describe('lifecycles', () => {
  it('subscribers by model and hook; unsubscribe removes them', () => {
    const registry = createLifecycleRegistry();
    const all = registry.subscribe({ afterCreate: () => undefined });
    registry.subscribe({ models: ['api::tag.tag'], beforeCreate: () => undefined, beforeFindMany: () => undefined });
    expect(registry.subscribers('api::article.article', 'Create')).toHaveLength(1);
    expect(registry.subscribers('api::tag.tag', 'Create')).toHaveLength(2);
    expect(registry.subscribers('api::article.article', 'FindMany')).toHaveLength(0);
    all();
    expect(registry.subscribers('api::article.article', 'Create')).toHaveLength(0);
  });

  it('a read runs between before and after; state is shared per subscriber, the result is seen after', async () => {
    const registry = createLifecycleRegistry();
    const events: string[] = [];
    registry.subscribe({
      beforeFindMany(event) { event.state.started = true; events.push(event.action); },
      afterFindMany(event) { events.push(`${event.action}:${String(event.state.started)}:${String(event.result)}`); },
    });
    registry.subscribe({ afterFindMany(event) { events.push(`other:${String(event.state.started)}`); } });
    const result = await aroundRead(registry.subscribers('api::article.article', 'FindMany'), 'FindMany', context(), async () => 42);
    expect(result).toBe(42);
    expect(events).toEqual(['beforeFindMany', 'afterFindMany:true:42', 'other:undefined']);
  });
});
