/**
 * The admin actor in the operation layer (contracts "The admin actor and RBAC"): an admin API
 * caller (`realm: 'admin'`) reaches content through the same operations as REST and GraphQL;
 * a Super Admin may do everything, a caller without an admin access token nothing.
 */
import { expect, it } from 'vitest';
import type { Caller } from '../../src/operations/types.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { client } from '../helpers/http.js';
import { useTestApp } from '../helpers/test-app.js';

const SUPER = { email: 'root@example.com', password: 'Root-pass-1', firstname: 'Root' };
const ALL = { fields: null, populate: [], status: 'published' } as const;

describeEachDialect('admin actor in the operation layer', (dialect) => {
  const t = useTestApp({ dialect, access: 'locked' });
  const api = client(() => t.url);
  const adminCaller = (token: string | undefined): Caller => ({
    request: { headers: token === undefined ? {} : { authorization: `Bearer ${token}` }, ip: '127.0.0.1' },
    realm: 'admin',
  });

  it('lets a Super Admin create, read, update and delete any type, and refuses a caller without an admin token', async () => {
    const registered = await api.post('/admin/register-admin', SUPER);
    expect(registered.status).toBe(200);
    const root = adminCaller(registered.body.data.token);
    const tags = t.app.operations.forType('api::tag.tag');

    const created = await tags.create(root, { data: { name: 'by root' }, status: 'published', selection: ALL });
    expect(created).toMatchObject({ name: 'by root' });
    const documentId = String(created.documentId);
    const updated = await tags.update(root, { documentId, data: { name: 'renamed' }, status: 'published', selection: ALL });
    expect(updated).toMatchObject({ name: 'renamed' });
    const page = await tags.findMany(root, { query: { filters: null, sort: [], pagination: { kind: 'page', page: 1, pageSize: 10, withCount: true }, fields: null, populate: [], status: 'published' } });
    expect(page.entries.map((entry) => entry.name)).toEqual(['renamed']);

    await expect(tags.findMany(adminCaller(undefined), { query: { filters: null, sort: [], pagination: { kind: 'page', page: 1, pageSize: 10, withCount: false }, fields: null, populate: [], status: 'published' } }))
      .rejects.toMatchObject({ status: 401 });
    // a content-API credential is no admin one
    await expect(tags.delete(adminCaller(t.token || 'f'.repeat(256)), { documentId })).rejects.toMatchObject({ status: 401 });

    expect(await tags.delete(root, { documentId })).not.toBeNull();
    expect(await tags.count(root, { filters: null, status: 'published' })).toBe(0);
  });
});
