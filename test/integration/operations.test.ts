/**
 * The operation layer's seams on a running app: lifecycles inside the write's transaction (a
 * throwing hook rolls the write back), operation middlewares around REST and the document
 * service, policies and `auth: false` / scope config of a type's operations.
 */
import { expect, it } from 'vitest';
import { ApplicationError, PolicyError, UnauthorizedError } from '../../src/errors/index.js';
import type { OperationContext } from '../../src/operations/types.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { useTestApp } from '../helpers/test-app.js';

const TAG = 'api::tag.tag';

describeEachDialect('operation layer', (dialect) => {
  const t = useTestApp({ dialect });
  const post = (path: string, body: unknown) =>
    fetch(`${t.url}/api${path}`, { method: 'POST', headers: { ...t.authHeaders, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const tagCount = (name: string) => t.app.documents(TAG).count({ filters: { name: { $startsWith: name } } });

  it('runs lifecycles inside the write transaction: a throwing hook rolls the write back, before-hooks may change data', async () => {
    const seen: string[] = [];
    const unsubscribe = t.app.operations.lifecycles.subscribe({
      models: [TAG],
      beforeCreate(event) {
        const data = event.params as { data: Record<string, unknown> };
        if (data.data.name === 'lc-refused') throw new ApplicationError('refused by a lifecycle');
        event.state.before = true;
        data.data = { ...data.data, name: `${String(data.data.name)}-checked` };
      },
      afterCreate(event) {
        seen.push(`${event.action}:${String(event.state.before)}:${String((event.result as { name?: unknown }).name)}`);
        if ((event.result as { name?: unknown }).name === 'lc-after-checked') throw new ApplicationError('refused after');
      },
    });
    try {
      const ok = await post('/tags', { data: { name: 'lc-ok' } });
      expect(ok.status).toBe(201);
      expect(((await ok.json()) as { data: { name: string } }).data.name).toBe('lc-ok-checked');

      const refused = await post('/tags', { data: { name: 'lc-refused' } });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe('refused by a lifecycle');

      const after = await post('/tags', { data: { name: 'lc-after' } });
      expect(after.status).toBe(400);
      expect(seen).toEqual(['afterCreate:true:lc-ok-checked', 'afterCreate:true:lc-after-checked']);
      // only the accepted write is stored
      expect(await tagCount('lc-')).toBe(1);
    } finally {
      unsubscribe();
    }
  });

  it('runs operation middlewares around REST and the document service, with the action and caller', async () => {
    const calls: { action: string; viaRequest: boolean }[] = [];
    let active = true;
    t.app.operations.use(async (context: OperationContext, next) => {
      if (!active || context.uid !== TAG) return next();
      calls.push({ action: context.action, viaRequest: context.caller !== null });
      const result = await next();
      return context.action === 'count' ? (result as number) + 1000 : result;
    });
    try {
      await t.app.documents(TAG).create({ data: { name: 'mw-1' } });
      const list = await fetch(`${t.url}/api/tags?filters[name][$startsWith]=mw-`, { headers: t.authHeaders });
      expect(list.status).toBe(200);
      expect(((await list.json()) as { data: unknown[] }).data).toHaveLength(1);
      expect(await tagCount('mw-')).toBe(1001);
      expect(calls).toEqual([
        { action: 'create', viaRequest: false },
        { action: 'findMany', viaRequest: true },
        { action: 'count', viaRequest: false },
      ]);
    } finally {
      active = false;
    }
  });

  it('applies per-action config: policies (false is a 403 PolicyError), auth: false and scopes', async () => {
    const request = { headers: {}, ip: '127.0.0.1' };
    const query = { filters: null, sort: [], pagination: { kind: 'offset', start: 0, limit: 1, withCount: false }, fields: [], populate: [], status: 'published' } as const;
    const policyContexts: string[] = [];
    const guarded = t.app.operations.forType(TAG, {
      findMany: { policies: [(context) => { policyContexts.push(context.action); return false; }] },
    });
    await expect(guarded.findMany({ request }, { query })).rejects.toBeInstanceOf(PolicyError);
    expect(policyContexts).toEqual(['findMany']);

    const locked = t.app.operations.forType(TAG, { findMany: { auth: { scope: ['api::nope.nope.find'] } } });
    await expect(locked.findMany({ request }, { query })).rejects.toBeInstanceOf(UnauthorizedError);
    const open = t.app.operations.forType(TAG, { findMany: { auth: false } });
    expect((await open.findMany({ request }, { query })).entries.length).toBeLessThanOrEqual(1);
  });
});
