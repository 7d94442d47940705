/**
 * The admin actor in the operation layer (contracts "The admin actor and RBAC"): an admin API
 * caller (`realm: 'admin'`) reaches content through the same operations as REST and GraphQL;
 * a Super Admin may do everything, a caller without an admin access token nothing; an Editor
 * every content action; an Author only their own entries and no publishing; field restrictions
 * (`properties.fields`) apply at the next request. Invitations register once.
 */
import { expect, it } from 'vitest';
import type { Caller } from '../../src/operations/types.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { client } from '../helpers/http.js';
import { useTestApp } from '../helpers/test-app.js';

const SUPER = { email: 'root@example.com', password: 'Root-pass-1', firstname: 'Root' };
const ALL = { fields: null, populate: [], status: 'published' } as const;
const DRAFT = { fields: null, populate: [], status: 'draft' } as const;
const LIST = (status: 'draft' | 'published' = 'published') => ({ query: { filters: null, sort: [{ path: ['id'], order: 'asc' as const }], pagination: { kind: 'page' as const, page: 1, pageSize: 50, withCount: false }, fields: null, populate: [], status } });

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

  /** invites an admin with the role `code`, who registers with the invitation; their access token */
  async function invited(root: string, code: string, email: string): Promise<string> {
    const auth = { authorization: `Bearer ${root}` };
    const roles = await api.get('/admin/roles', auth);
    const role = roles.body.data.find((r: { code: string }) => r.code === code);
    const invite = await api.post('/admin/users', { email, firstname: code, roles: [role.id] }, auth);
    expect(invite.status).toBe(201);
    expect(invite.body.data).toMatchObject({ email, isActive: false });
    const registrationToken = invite.body.data.registrationToken as string;
    const userInfo = { firstname: 'Invited', lastname: code, password: 'Invited-pass-1' };
    const weak = await api.post('/admin/register', { registrationToken, userInfo: { ...userInfo, password: 'invited-pass-1' } });
    expect(weak.status).toBe(400);
    expect(weak.body.error.details.errors[0].path).toEqual(['userInfo', 'password']);
    const registered = await api.post('/admin/register', { registrationToken, userInfo });
    expect(registered.status).toBe(200);
    expect(registered.body.data.user).toMatchObject({ email, isActive: true, roles: [{ code }] });
    const again = await api.post('/admin/register', { registrationToken, userInfo });
    expect(again.status).toBe(400);
    expect(JSON.stringify((await api.get('/admin/users', auth)).body)).not.toMatch(/registrationToken|password/);
    return registered.body.data.token;
  }

  it('gives Editors every content action, Authors their own entries without publishing, and applies field restrictions at the next request', async () => {
    const login = await api.post('/admin/login', { email: SUPER.email, password: SUPER.password });
    const rootToken = login.body.data.token as string;
    const root = adminCaller(rootToken);
    const editorToken = await invited(rootToken, 'strapi-editor', 'editor@example.com');
    const authorToken = await invited(rootToken, 'strapi-author', 'author@example.com');
    const editor = adminCaller(editorToken);
    const author = adminCaller(authorToken);

    const permissions = async (token: string) => (await api.get('/admin/users/me/permissions', { authorization: `Bearer ${token}` })).body.data as Array<{ action: string; subject: string | null; conditions: string[] }>;
    const onArticles = (list: Awaited<ReturnType<typeof permissions>>) => list.filter((p) => p.subject === 'api::article.article');
    expect(onArticles(await permissions(editorToken)).map((p) => p.action).sort()).toEqual([
      'plugin::content-manager.explorer.create', 'plugin::content-manager.explorer.delete', 'plugin::content-manager.explorer.publish',
      'plugin::content-manager.explorer.read', 'plugin::content-manager.explorer.update',
    ]);
    const authorOwn = onArticles(await permissions(authorToken));
    expect(authorOwn.map((p) => p.action).sort()).toEqual([
      'plugin::content-manager.explorer.create', 'plugin::content-manager.explorer.delete',
      'plugin::content-manager.explorer.read', 'plugin::content-manager.explorer.update',
    ]);
    expect(authorOwn.filter((p) => p.action !== 'plugin::content-manager.explorer.create').every((p) => p.conditions.includes('admin::is-creator'))).toBe(true);
    // neither manages admin users
    expect((await api.get('/admin/users', { authorization: `Bearer ${editorToken}` })).status).toBe(403);

    const articles = t.app.operations.forType('api::article.article');
    const rootsArticle = await articles.create(root, { data: { title: 'by root' }, status: 'draft', selection: DRAFT });
    const authorsArticle = await articles.create(author, { data: { title: 'by author' }, status: 'draft', selection: DRAFT });
    // an Author sees only their own entries, and may not touch another's
    expect((await articles.findMany(author, LIST('draft'))).entries.map((e) => e.title)).toEqual(['by author']);
    await expect(articles.update(author, { documentId: String(rootsArticle.documentId), data: { title: 'taken over' }, status: 'draft', selection: DRAFT }))
      .rejects.toMatchObject({ status: 403 });
    await expect(articles.delete(author, { documentId: String(rootsArticle.documentId) })).rejects.toMatchObject({ status: 403 });
    await expect(articles.findOne(author, { documentId: String(rootsArticle.documentId), selection: DRAFT })).rejects.toMatchObject({ status: 403 });
    await expect(articles.publish(author, { documentId: String(authorsArticle.documentId), selection: ALL })).rejects.toMatchObject({ status: 403 });
    expect(await articles.update(author, { documentId: String(authorsArticle.documentId), data: { title: 'mine, edited' }, status: 'draft', selection: DRAFT }))
      .toMatchObject({ title: 'mine, edited' });
    // an Editor changes and publishes anyone's entries; createdBy / updatedBy name the admins
    expect(await articles.update(editor, { documentId: String(rootsArticle.documentId), data: { title: 'edited by editor' }, status: 'draft', selection: DRAFT }))
      .toMatchObject({ title: 'edited by editor' });
    expect(await articles.publish(editor, { documentId: String(authorsArticle.documentId), selection: ALL })).toMatchObject({ title: 'mine, edited' });
    const creators = { fields: ['title'], populate: [
      { attribute: 'createdBy', fields: ['email'], sort: [], filters: null, populate: [], on: null },
      { attribute: 'updatedBy', fields: ['email'], sort: [], filters: null, populate: [], on: null },
    ], status: 'draft' } as const;
    expect(await articles.findOne(root, { documentId: String(rootsArticle.documentId), selection: creators }))
      .toMatchObject({ createdBy: { email: SUPER.email }, updatedBy: { email: 'editor@example.com' } });

    // a field restriction on the Author's create and read permissions, stored as data: the next request obeys it
    const rows = await t.app.documents('admin::permission').findMany({ filters: { subject: 'api::article.article', role: { code: 'strapi-author' } } });
    expect(rows).toHaveLength(4);
    for (const row of rows.filter((r) => ['plugin::content-manager.explorer.create', 'plugin::content-manager.explorer.read'].includes(String(r.action)))) {
      await t.app.documents('admin::permission').update({ documentId: String(row.documentId), data: { properties: { fields: ['title', 'summary'] } } });
    }
    // a new request: an actor is resolved once per request
    const nextRequest = adminCaller(authorToken);
    await expect(articles.create(nextRequest, { data: { title: 't', views: 3 }, status: 'draft', selection: DRAFT }))
      .rejects.toMatchObject({ status: 403, details: { key: 'views' } });
    const byViews = LIST('draft');
    await expect(articles.findMany(adminCaller(authorToken), { query: { ...byViews.query, filters: { kind: 'compare', field: 'views', op: '$gt', value: 1 } } }))
      .rejects.toMatchObject({ status: 403, details: { key: 'views' } });
    const restricted = await articles.findOne(nextRequest, { documentId: String(authorsArticle.documentId), selection: DRAFT });
    expect(Object.keys(restricted ?? {}).filter((key) => !['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'locale'].includes(key)).sort()).toEqual(['summary', 'title']);
  });

  it('lets a role other than Super Admin be granted the users-permissions roles and API token actions (Strapi\'s names)', async () => {
    const rootToken = (await api.post('/admin/login', { email: SUPER.email, password: SUPER.password })).body.data.token as string;
    const rootPermissions = (await api.get('/admin/users/me/permissions', { authorization: `Bearer ${rootToken}` })).body.data as Array<{ action: string }>;
    expect(rootPermissions.map((p) => p.action)).toEqual(expect.arrayContaining([
      'plugin::users-permissions.roles.read', 'plugin::users-permissions.roles.create', 'plugin::users-permissions.roles.update', 'plugin::users-permissions.roles.delete',
      'admin::api-tokens.update', 'admin::api-tokens.regenerate',
    ]));
    const editor = { authorization: `Bearer ${await invited(rootToken, 'strapi-editor', 'roles-reader@example.com')}` };
    expect((await api.get('/users-permissions/roles', editor)).status).toBe(403);
    const [role] = await t.app.documents('admin::role').findMany({ filters: { code: 'strapi-editor' } });
    await t.app.documents('admin::permission').create({ data: { action: 'plugin::users-permissions.roles.read', subject: null, properties: {}, conditions: [], actionParameters: {}, role: String(role?.documentId) } });
    const roles = await api.get('/users-permissions/roles', editor);
    expect(roles.status, JSON.stringify(roles.body)).toBe(200);
    expect(roles.body.roles.map((r: { type: string }) => r.type)).toEqual(expect.arrayContaining(['public', 'authenticated']));
    // read, not write
    expect((await api.post('/users-permissions/roles', { name: 'Nope' }, editor)).status).toBe(403);
  });
});
