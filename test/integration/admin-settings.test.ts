/**
 * Settings → Users & Permissions and Internationalization through `node bin/vellum.js start`
 * (issue 21 items 2 and 5): a role grant made on the admin route opens an endpoint to anonymous
 * callers at the next request, roles created and deleted, advanced settings and email templates
 * stored and applied, locales added from the ISO list, made the default, renamed and deleted with
 * what happens to their content; 401 without an admin session, 403 for an Editor.
 */
import { expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { client } from '../helpers/http.js';
import { useAdminProcess } from '../helpers/admin-process.js';

const GUIDE = JSON.stringify({
  kind: 'collectionType',
  collectionName: 'guides',
  info: { singularName: 'guide', pluralName: 'guides', displayName: 'Guide' },
  options: { draftAndPublish: false },
  pluginOptions: { i18n: { localized: true } },
  attributes: { title: { type: 'string', required: true, pluginOptions: { i18n: { localized: true } } } },
});

describeEachDialect('admin settings (process)', (dialect) => {
  const t = useAdminProcess(dialect, { 'src/api/guide/content-types/guide/schema.json': GUIDE });
  const { admin } = t;
  const anonymous = client(() => t.url);
  // Strapi's plugin admin routes are at the root (`/i18n/locales`, `/users-permissions/roles`), not under the admin path
  const root = client(() => t.url, () => t.adminHeaders);

  it('a role grant made through the admin route opens an endpoint to anonymous callers at the next request', async () => {
    expect((await anonymous.get('/api/guides')).status).toBe(401);
    const roles = await root.get('/users-permissions/roles');
    expect(roles.status, JSON.stringify(roles.body)).toBe(200);
    const publicRole = roles.body.roles.find((role: any) => role.type === 'public');
    const role = await root.get(`/users-permissions/roles/${publicRole.id}`);
    expect(role.body.role.permissions['api::guide'].controllers.guide.find).toEqual({ enabled: false, policy: '' });
    const permissions = role.body.role.permissions;
    permissions['api::guide'].controllers.guide.find.enabled = true;
    const saved = await root.put(`/users-permissions/roles/${publicRole.id}`, { permissions });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ ok: true });
    expect((await anonymous.get('/api/guides')).status).toBe(200);
    const all = await root.get('/users-permissions/permissions');
    expect(Object.keys(all.body.permissions)).toEqual(expect.arrayContaining(['api::guide', 'plugin::upload', 'plugin::users-permissions']));
  });

  it('creates and deletes a role', async () => {
    const created = await root.post('/users-permissions/roles', { name: 'Editors', description: 'edit', permissions: { 'api::guide': { controllers: { guide: { create: { enabled: true } } } } } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const roles = (await root.get('/users-permissions/roles')).body.roles;
    const editors = roles.find((role: any) => role.name === 'Editors');
    expect(editors).toMatchObject({ description: 'edit', nb_users: 0 });
    expect((await root.get(`/users-permissions/roles/${editors.id}`)).body.role.permissions['api::guide'].controllers.guide.create.enabled).toBe(true);
    expect((await root.delete(`/users-permissions/roles/${editors.id}`)).body).toEqual({ ok: true });
    expect((await root.get(`/users-permissions/roles/${editors.id}`)).status).toBe(404);
  });

  it('advanced settings and email templates are stored and applied', async () => {
    const before = await root.get('/users-permissions/advanced');
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body.settings).toMatchObject({ allow_register: true, default_role: 'authenticated' });
    expect(before.body.roles.map((role: any) => role.type)).toEqual(expect.arrayContaining(['public', 'authenticated']));
    const register = () => anonymous.post('/api/auth/local/register', { username: `u${Date.now()}`, email: `u${Date.now()}@example.com`, password: 'Secret123!' });
    const off = await root.put('/users-permissions/advanced', { allow_register: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await root.get('/users-permissions/advanced')).body.settings.allow_register).toBe(false);
    const refused = await register();
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('Register action is currently disabled');
    expect((await root.put('/users-permissions/advanced', { allow_register: 'yes' })).status).toBe(400);
    expect((await root.put('/users-permissions/advanced', { default_role: 'nobody' })).status).toBe(400);
    await root.put('/users-permissions/advanced', { allow_register: true });
    expect((await register()).status).toBe(200);

    const templates = await root.get('/users-permissions/email-templates');
    expect(templates.body.reset_password.options.message).toContain('<%= URL %>?code=<%= TOKEN %>');
    const bad = await root.put('/users-permissions/email-templates', { 'email-templates': { reset_password: { options: { message: '<% process.exit() %>' } } } });
    expect(bad.status).toBe(400);
    const good = await root.put('/users-permissions/email-templates', { 'email-templates': { reset_password: { options: { object: 'New password', message: '<p><%= URL %>?code=<%= TOKEN %></p>' } } } });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect((await root.get('/users-permissions/email-templates')).body.reset_password.options).toMatchObject({ object: 'New password' });
  });

  it('locales at Strapi\'s root addresses: list, add from the ISO list, set default, rename, delete with what happens to their content', async () => {
    const iso = await root.get('/i18n/iso-locales');
    expect(iso.body).toEqual(expect.arrayContaining([{ code: 'fr', name: 'French (fr)' }, { code: 'pt-BR', name: 'Brazilian Portuguese (pt-BR)' }]));
    const fr = await root.post('/i18n/locales', { code: 'fr', isDefault: false });
    expect(fr.status, JSON.stringify(fr.body)).toBe(200);
    expect(fr.body).toMatchObject({ code: 'fr', name: 'French (fr)', isDefault: false });
    expect((await root.post('/i18n/locales', { code: 'fr' })).status).toBe(400);
    const renamed = await root.put(`/i18n/locales/${fr.body.id}`, { name: 'Français' });
    expect(renamed.body.name).toBe('Français');
    const made = await root.put(`/i18n/locales/${fr.body.id}`, { isDefault: true });
    expect(made.body.isDefault).toBe(true);
    const list = await root.get('/i18n/locales');
    expect(list.body.filter((l: any) => l.isDefault).map((l: any) => l.code)).toEqual(['fr']);
    const en = list.body.find((l: any) => l.code === 'en');
    const written = await fetch(`${t.url}/api/guides?locale=en`, { method: 'POST', headers: { ...(await t.apiToken()), 'content-type': 'application/json' }, body: JSON.stringify({ data: { title: 'Hello' } }) });
    expect(written.status).toBe(201);
    const preview = await root.get(`/i18n/locales/${en.id}/deletion-preview`);
    expect(preview.body.data.content).toEqual([{ uid: 'api::guide.guide', documents: 1, rows: 1, deletedDocuments: 1 }]);
    const refused = await root.delete(`/i18n/locales/${en.id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.content).toEqual(preview.body.data.content);
    const removed = await root.delete(`/i18n/locales/${en.id}?force=true`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.removedContent).toEqual(preview.body.data.content);
    expect((await root.delete(`/i18n/locales/${fr.body.id}`)).status).toBe(400);
  });

  it('API tokens: read one, edit, regenerate (the old key stops working at the next request)', async () => {
    const created = await admin.post('/api-tokens', { name: 'reader', type: 'read-only', lifespan: null });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id, accessKey } = created.body.data;
    const one = await admin.get(`/api-tokens/${id}`);
    expect(one.body.data).toMatchObject({ id, name: 'reader', type: 'read-only' });
    expect(JSON.stringify(one.body)).not.toContain(accessKey);
    const edited = await admin.put(`/api-tokens/${id}`, { name: 'guides reader', type: 'custom', permissions: ['api::guide.guide.find'] });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ id, name: 'guides reader', type: 'custom', permissions: ['api::guide.guide.find'] });
    expect((await admin.put(`/api-tokens/${id}`, { expiresAt: null })).status).toBe(400);
    expect((await admin.put(`/api-tokens/${id}`, { permissions: ['api::nothing.nothing.find'] })).status).toBe(400);
    expect((await anonymous.get('/api/guides', { authorization: `Bearer ${accessKey}` })).status).toBe(200);
    const regenerated = await admin.post(`/api-tokens/${id}/regenerate`, {});
    expect(regenerated.status, JSON.stringify(regenerated.body)).toBe(201);
    expect(regenerated.body.data.accessKey).toMatch(/^[0-9a-f]{256}$/);
    expect(regenerated.body.data.accessKey).not.toBe(accessKey);
    expect((await anonymous.get('/api/guides', { authorization: `Bearer ${accessKey}` })).status).toBe(401);
    expect((await anonymous.get('/api/guides', { authorization: `Bearer ${regenerated.body.data.accessKey}` })).status).toBe(200);
    expect((await admin.get('/api-tokens/999999')).status).toBe(404);
  });

  it('needs an admin session, and the settings are not an Editor\'s', async () => {
    // the admin path's routes and the plugins', at the root as Strapi serves them
    const routes = [['GET', '/admin/api-tokens/1'], ['PUT', '/admin/api-tokens/1'], ['GET', '/admin/content-api/permissions'], ['GET', '/users-permissions/roles'], ['GET', '/users-permissions/permissions'], ['PUT', '/users-permissions/advanced'], ['GET', '/users-permissions/email-templates'], ['POST', '/i18n/locales'], ['GET', '/i18n/iso-locales'], ['PUT', '/i18n/locales/1'], ['DELETE', '/i18n/locales/1']] as const;
    const editor = await t.editor('');
    for (const [method, path] of routes) {
      const anonymousCall = await fetch(`${t.url}${path}`, { method, headers: { 'content-type': 'application/json' }, ...(method === 'GET' || method === 'DELETE' ? {} : { body: '{}' }) });
      expect(anonymousCall.status, `${method} ${path}`).toBe(401);
      const editorCall = method === 'GET' ? await editor.get(path) : method === 'PUT' ? await editor.put(path, {}) : method === 'DELETE' ? await editor.delete(path) : await editor.post(path, {});
      expect(editorCall.status, `${method} ${path}`).toBe(403);
    }
    // the locale list asks only for an admin session, as Strapi's (the content manager's locale switcher)
    expect((await fetch(`${t.url}/i18n/locales`)).status).toBe(401);
    const listed = await editor.get('/i18n/locales');
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body).toEqual((await root.get('/i18n/locales')).body);
    expect(listed.body.length).toBeGreaterThan(0);
    // nothing of the plugins' is left under the admin path
    expect((await t.admin.get('/i18n/locales')).status).toBe(404);
    expect((await admin.get('/users-permissions/roles')).status).toBe(404);
  });
});
