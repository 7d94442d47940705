/**
 * Settings → Administration panel's admin routes through `node bin/vellum.js start` (issue 21
 * item 4): admin roles created, renamed and deleted (refused for Super Admin and for a role users
 * hold, saying why), a role's permissions replaced with a field restriction that the content
 * manager obeys at the next request, the permission layout, registration-info, a deactivated
 * admin refused at their next request, and 403 for an admin without `admin::roles.*`.
 */
import { expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { client, request } from '../helpers/http.js';
import { useAdminProcess } from '../helpers/admin-process.js';

const ARTICLE = 'api::article.article';
const CM = 'plugin::content-manager.explorer';

describeEachDialect('admin roles and users (process)', (dialect) => {
  const t = useAdminProcess(dialect);
  const { admin, anonymous } = t;

  /** invites `email` with `roleIds`, registers through registration-info and register; their client */
  async function invited(email: string, roleIds: number[]) {
    const invite = await admin.post('/users', { email, firstname: 'In', lastname: 'Vited', roles: roleIds });
    expect(invite.status, JSON.stringify(invite.body)).toBe(201);
    const token = invite.body.data.registrationToken as string;
    const info = await anonymous.get(`/registration-info?registrationToken=${token}`);
    expect(info.body).toEqual({ data: { email, firstname: 'In', lastname: 'Vited' } });
    const registered = await request(`${t.url}/admin/register`, { method: 'POST', json: { registrationToken: token, userInfo: { firstname: 'In', password: 'Invited-pass1' } } });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const headers = { authorization: `Bearer ${registered.body.data.token}` };
    return { id: invite.body.data.id as number, admin: client(() => `${t.url}/admin`, () => headers), root: client(() => t.url, () => headers) };
  }

  it('roles: create, permissions with a field restriction obeyed at the next request, rename, delete refused while held', async () => {
    const layout = await admin.get('/permissions');
    expect(layout.status, JSON.stringify(layout.body)).toBe(200);
    const article = layout.body.data.sections.collectionTypes.subjects.find((s: any) => s.uid === ARTICLE);
    expect(article.properties[0].children.map((c: any) => c.value)).toEqual(expect.arrayContaining(['title', 'summary', 'views']));
    expect(layout.body.data.sections.collectionTypes.actions.find((a: any) => a.actionId === `${CM}.read`).applyToProperties).toEqual(['fields']);
    expect(layout.body.data.sections.settings.map((s: any) => s.action)).toEqual(expect.arrayContaining(['admin::roles.update', 'admin::users.read']));
    expect(layout.body.data.conditions).toEqual([{ id: 'admin::is-creator', displayName: 'Is creator', category: 'default' }]);

    const created = await admin.post('/roles', { name: 'Reviewer', description: 'reads titles' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const role = created.body.data;
    expect(role).toMatchObject({ name: 'Reviewer', description: 'reads titles', usersCount: 0 });
    expect(role.code).toMatch(/^reviewer-/);
    expect((await admin.post('/roles', { name: 'reviewer' })).body.error).toMatchObject({ status: 400, details: { errors: [{ path: ['name'] }] } });

    const saved = await admin.put(`/roles/${role.id}/permissions`, { permissions: [
      { action: `${CM}.read`, subject: ARTICLE, properties: { fields: ['title', 'summary'] } },
      { action: `${CM}.create`, subject: ARTICLE, properties: { fields: ['title'] }, conditions: ['admin::is-creator'] },
    ] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await admin.get(`/roles/${role.id}/permissions`)).body.data).toEqual([
      { action: `${CM}.read`, actionParameters: {}, subject: ARTICLE, properties: { fields: ['title', 'summary'] }, conditions: [] },
      { action: `${CM}.create`, actionParameters: {}, subject: ARTICLE, properties: { fields: ['title'] }, conditions: ['admin::is-creator'] },
    ]);

    const reviewer = await invited('reviewer@example.com', [role.id]);
    const list = await reviewer.root.get(`/content-manager/collection-types/${ARTICLE}`);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const made = await reviewer.root.post(`/content-manager/collection-types/${ARTICLE}`, { title: 'Mine' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await reviewer.root.post(`/content-manager/collection-types/${ARTICLE}`, { title: 'x', views: 3 })).status).toBe(403);
    const one = await reviewer.root.get(`/content-manager/collection-types/${ARTICLE}/${made.body.data.documentId}`);
    expect(Object.keys(one.body.data)).toContain('summary');
    expect(Object.keys(one.body.data)).not.toContain('views');

    // widened in the settings: the reviewer's next request reads views too
    expect((await admin.put(`/roles/${role.id}/permissions`, { permissions: [{ action: `${CM}.read`, subject: ARTICLE }] })).status).toBe(200);
    const widened = await reviewer.root.get(`/content-manager/collection-types/${ARTICLE}/${made.body.data.documentId}`);
    expect(Object.keys(widened.body.data)).toContain('views');
    expect((await reviewer.root.post(`/content-manager/collection-types/${ARTICLE}`, { title: 'y' })).status).toBe(403);

    expect((await admin.put(`/roles/${role.id}`, { name: 'Proofreader' })).body.data).toMatchObject({ name: 'Proofreader', usersCount: 1 });
    expect((await admin.get(`/roles/${role.id}`)).body.data).toMatchObject({ name: 'Proofreader', description: 'reads titles', usersCount: 1 });
    const held = await admin.delete(`/roles/${role.id}`);
    expect(held.status).toBe(400);
    expect(held.body.error.message).toBe('The role Proofreader is still assigned to 1 user: give them another role first');
    expect((await admin.delete(`/users/${reviewer.id}`)).status).toBe(200);
    expect((await admin.delete(`/roles/${role.id}`)).body.data).toMatchObject({ id: role.id, name: 'Proofreader' });
    expect((await admin.get(`/roles/${role.id}`)).status).toBe(404);
  });

  it('Super Admin is neither editable nor deletable; bad permissions name the entry and field', async () => {
    const roles = (await admin.get('/roles')).body.data;
    const superAdmin = roles.find((r: any) => r.code === 'strapi-super-admin');
    const author = roles.find((r: any) => r.code === 'strapi-author');
    expect(superAdmin.usersCount).toBe(1);
    expect((await admin.delete(`/roles/${superAdmin.id}`)).body.error).toMatchObject({ status: 400, message: 'The Super Admin role cannot be deleted: it can do everything' });
    expect((await admin.put(`/roles/${superAdmin.id}/permissions`, { permissions: [] })).status).toBe(400);
    expect((await admin.put(`/roles/${superAdmin.id}`, { name: 'Boss' })).status).toBe(400);
    const all = (await admin.get(`/roles/${superAdmin.id}/permissions`)).body.data;
    expect(all).toContainEqual({ action: `${CM}.publish`, actionParameters: {}, subject: ARTICLE, properties: {}, conditions: [] });
    const authorRows = (await admin.get(`/roles/${author.id}/permissions`)).body.data;
    expect(authorRows).toContainEqual({ action: `${CM}.update`, actionParameters: {}, subject: ARTICLE, properties: {}, conditions: ['admin::is-creator'] });

    const bad = async (permission: unknown) => (await admin.put(`/roles/${author.id}/permissions`, { permissions: [permission] })).body.error;
    expect(await bad({ action: `${CM}.read`, subject: 'api::nothing.nothing' })).toMatchObject({ status: 400, details: { errors: [{ path: ['permissions', '0', 'subject'] }] } });
    expect(await bad({ action: 'admin::launch-rockets' })).toMatchObject({ status: 400, message: 'permissions[0].action: unknown action "admin::launch-rockets"' });
    expect(await bad({ action: `${CM}.read`, subject: ARTICLE, properties: { fields: ['nope'] } })).toMatchObject({ status: 400, message: 'permissions[0].properties.fields: Article has no attribute nope' });
    expect(await bad({ action: `${CM}.delete`, subject: ARTICLE, properties: { fields: ['title'] } })).toMatchObject({ status: 400 });
    expect(await bad({ action: `${CM}.read`, subject: ARTICLE, conditions: ['admin::is-root'] })).toMatchObject({ status: 400 });
    expect((await admin.put(`/roles/${author.id}/permissions`, { permissions: 'all' })).status).toBe(400);
    // nothing was written by the refusals
    expect((await admin.get(`/roles/${author.id}/permissions`)).body.data).toEqual(authorRows);
    expect((await anonymous.get('/registration-info?registrationToken=nope')).body.error).toMatchObject({ status: 400, message: 'Invalid registrationToken' });
    expect((await admin.get('/roles/abc')).status).toBe(404);
  });

  it('an admin without roles permissions is refused; a deactivated admin is refused at their next request', async () => {
    const editor = await t.editor();
    expect((await editor.get('/roles')).status).toBe(403);
    expect((await editor.post('/roles', { name: 'Sneaky' })).status).toBe(403);
    expect((await editor.get('/permissions')).status).toBe(403);
    const roles = (await admin.get('/roles')).body.data;
    const author = await invited('author@example.com', [roles.find((r: any) => r.code === 'strapi-author').id]);
    expect((await author.admin.get('/users/me')).status).toBe(200);
    const off = await admin.put(`/users/${author.id}`, { isActive: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await author.admin.get('/users/me')).status).toBe(401);
    expect((await admin.get('/users')).body.data.results.find((u: any) => u.email === 'author@example.com')).toMatchObject({ isActive: false });
  });
});
