/**
 * `operations.action` (actions that are no document operation: register, upload, role writes,
 * custom routes) and `caller.checked` (a custom route's permission, not checked again by the
 * operations its controller runs), without a database.
 */
import { describe, expect, it } from 'vitest';
import type { Actor } from '../auth/actor.js';
import type { DocumentRepository, Page } from '../documents/types.js';
import type { ContentType, Registry } from '../model/types.js';
import type { Query } from '../query/ast.js';
import { UnauthorizedError } from '../errors/index.js';
import { requirementOf } from './access.js';
import { createOperations } from './operations.js';

const UID = 'api::article.article';
const article = { uid: UID, namespace: 'api', kind: 'collectionType', attributes: {}, draftAndPublish: false, pluginOptions: {} } as unknown as ContentType;
const registry = { contentType: () => article, get: () => article, contentTypes: new Map([[UID, article]]), components: new Map() } as unknown as Registry;
const page: Page = { entries: [], pagination: { kind: 'page', page: 1, pageSize: 25, pageCount: 0, total: 0 } } as unknown as Page;
const query: Query = { filters: null, sort: [], pagination: { kind: 'page', page: 1, pageSize: 25, withCount: true }, fields: null, populate: [], status: 'published' };

function setUp(grants: readonly string[]) {
  let actorCalls = 0;
  const actor: Actor = { kind: 'token', token: { id: 1, name: 't', type: 'custom', actions: new Set(grants) } };
  const repository = { uid: UID, findPage: async () => page } as unknown as DocumentRepository;
  const operations = createOperations({ registry, repository: () => repository, actor: async () => { actorCalls += 1; return actor; } });
  return { operations, actorCalls: () => actorCalls };
}
const request = { headers: {}, ip: '127.0.0.1' };

describe('operations.action', () => {
  it('checks the permission it is named by, then runs policies and the handler with the actor', async () => {
    const { operations } = setUp(['plugin::upload.file.create']);
    const seen: string[] = [];
    const upload = operations.action('plugin::upload.file.create', ({ actor, input }: { actor: Actor | null; input: string }) => `${actor?.kind}:${input}`, {
      policies: [(context) => { seen.push(context.name); }],
    });
    await expect(upload({ request }, 'a.png')).resolves.toBe('token:a.png');
    expect(seen).toEqual(['plugin::upload.file.create']);
    const destroy = operations.action('plugin::upload.file.delete', () => 'gone');
    await expect(destroy({ request }, undefined)).rejects.toMatchObject({ status: 403, name: 'ForbiddenError' });
  });

  it('middlewares run Koa-style around the handler, which answers; one without next() is a 404; a public action with guards sees the actor', async () => {
    const { operations } = setUp(['x.run']);
    const order: string[] = [];
    const run = operations.action('x.run', () => { order.push('handler'); return 'result'; }, {
      middlewares: [async (_context, next) => { order.push('before'); const value = await next(); order.push(`after:${String(value)}`); return 'replaced'; }],
    });
    await expect(run({ request }, undefined)).resolves.toBe('result');
    expect(order).toEqual(['before', 'handler', 'after:result']);
    const stopped = operations.action('x.run', () => 'never', { middlewares: [async () => undefined] });
    await expect(stopped({ request }, undefined)).rejects.toMatchObject({ status: 404, name: 'NotFoundError' });
    const guardedPublic = operations.action('x.me', ({ actor }) => actor?.kind, { auth: false, policies: [() => true] });
    await expect(guardedPublic({ request }, undefined)).resolves.toBe('token');
  });

  it('auth: false resolves no actor; a scope asks one of its names; a policy answering false is a 403 PolicyError', async () => {
    const { operations, actorCalls } = setUp(['plugin::users-permissions.user.count']);
    const register = operations.action('plugin::users-permissions.auth.register', ({ actor }) => actor, { auth: false });
    await expect(register({ request }, undefined)).resolves.toBeNull();
    expect(actorCalls()).toBe(0);
    const count = operations.action('x.count', () => 1, { auth: { scope: ['plugin::users-permissions.user.count'] } });
    await expect(count({ request }, undefined)).resolves.toBe(1);
    const refused = operations.action('x.count', () => 1, { auth: { scope: ['plugin::users-permissions.user.count'] }, policies: [() => false] });
    await expect(refused({ request }, undefined)).rejects.toMatchObject({ status: 403, name: 'PolicyError' });
  });
});

describe('a caller whose route checked the permission', () => {
  it('is not checked again for the same permission, but still for another', async () => {
    // an actor without `find`: only the route's check (already passed) would let it through
    const { operations } = setUp([]);
    const ops = operations.forType(UID);
    await expect(ops.findMany({ request }, { query })).rejects.toMatchObject({ status: 403 });
    await expect(ops.findMany({ request, checked: requirementOf(`${UID}.find`, undefined) }, { query })).resolves.toBe(page);
    await expect(ops.findMany({ request, checked: requirementOf(`${UID}.findOne`, undefined) }, { query })).rejects.toMatchObject({ status: 403 });
    const scoped = { request, auth: { scope: [`${UID}.popular`] }, checked: requirementOf(`${UID}.popular`, undefined) };
    await expect(ops.findMany(scoped, { query })).resolves.toBe(page);
  });

  it('a public action with policies sees no caller for a bad credential, and fails with any other error of the actor lookup', async () => {
    const withActor = (lookup: () => Promise<Actor>) => createOperations({ registry, repository: () => ({ uid: UID } as unknown as DocumentRepository), actor: lookup });
    const seen: (Actor | null)[] = [];
    const config = { auth: false as const, policies: [(context: { actor: Actor | null }) => { seen.push(context.actor); }] };
    const badToken = withActor(async () => { throw new UnauthorizedError('Invalid credentials'); }).action('plugin::users-permissions.auth.register', () => 'ok', config);
    await expect(badToken({ request }, undefined)).resolves.toBe('ok');
    expect(seen).toEqual([null]);
    const databaseDown = withActor(async () => { throw new Error('connection refused'); }).action('plugin::users-permissions.auth.register', () => 'ok', config);
    await expect(databaseDown({ request }, undefined)).rejects.toThrow('connection refused');
  });
});

