/**
 * Strapi 5's users-permissions admin routes over REST on every dialect: `/api/users` by numeric
 * id (create, update, destroy, count) under Strapi's action names, blocking applying at once,
 * and the roles API with Strapi's permissions tree.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { USER_UID } from '../../src/auth/content-types.js';
import { authTestFiles } from '../helpers/auth.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { client, request } from '../helpers/http.js';
import { useTestApp } from '../helpers/test-app.js';

const UP = 'plugin::users-permissions';
const USER_KEYS = ['blocked', 'confirmed', 'createdAt', 'documentId', 'email', 'id', 'provider', 'publishedAt', 'updatedAt', 'username'];
const appError = (status: number, name: string, message: string) => ({ data: null, error: { status, name, message, details: {} } });

describeEachDialect('users and roles (REST)', (dialect) => {
  const t = useTestApp({ dialect, access: 'locked', files: authTestFiles() });
  const api = client(() => t.url);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  let admin = '';

  beforeAll(async () => {
    await api.post('/api/auth/local/register', { username: 'admin', email: 'admin@example.com', password: 'administrator' });
    await t.app.permissions.createRole({ name: 'Admins', type: 'admins' });
    await t.app.permissions.grant('admins', [
      `${UP}.user.find`, `${UP}.user.findOne`, `${UP}.user.count`, `${UP}.user.create`, `${UP}.user.update`, `${UP}.user.destroy`,
      `${UP}.role.find`, `${UP}.role.findOne`, `${UP}.role.createRole`, `${UP}.role.updateRole`, `${UP}.role.deleteRole`,
      `${UP}.permissions.getPermissions`,
    ]);
    const admins = (await t.app.permissions.listRoles()).find((r) => r.type === 'admins')!;
    const [user] = await t.app.documents(USER_UID).findMany({ filters: { username: 'admin' } });
    await t.app.documents(USER_UID).update({ documentId: String(user!.documentId), data: { role: admins.documentId } });
    await t.app.permissions.grant('admins', ['api::article.article.find']);
    admin = (await api.post('/api/auth/local', { identifier: 'admin', password: 'administrator' })).body.jwt;
  });

  describe('/api/users', () => {
    it('creates a user (201, Strapi keys, default role), finds, counts, updates and deletes it by numeric id', async () => {
      const created = await api.post('/api/users', { username: 'lin', email: 'Lin@Example.com', password: 'secret-pw' }, bearer(admin));
      expect(created.status).toBe(201);
      expect(Object.keys(created.body).sort()).toEqual(USER_KEYS);
      expect(created.body).toMatchObject({ username: 'lin', email: 'lin@example.com', provider: 'local', blocked: false });
      const id = created.body.id as number;
      const withRole = await api.get(`/api/users/${id}?populate=role`, bearer(admin));
      expect(withRole.body.role).toMatchObject({ type: 'authenticated' });

      const count = await api.get('/api/users/count', bearer(admin));
      expect(count.body).toBe((await api.get('/api/users', bearer(admin))).body.length);
      const login = await api.post('/api/auth/local', { identifier: 'lin', password: 'secret-pw' });
      expect(login.status).toBe(200);

      const updated = await api.put(`/api/users/${id}`, { username: 'lin2', email: 'LIN2@example.com' }, bearer(admin));
      expect([updated.status, updated.body.username, updated.body.email]).toEqual([200, 'lin2', 'lin2@example.com']);

      const deleted = await api.delete(`/api/users/${id}`, bearer(admin));
      expect([deleted.status, deleted.body.id, deleted.body.username]).toEqual([200, id, 'lin2']);
      expect((await api.get(`/api/users/${id}`, bearer(admin))).status).toBe(404);
      expect((await api.post('/api/auth/local', { identifier: 'lin2', password: 'secret-pw' })).status).toBe(400);
    });

    it('blocking a user through PUT /api/users/:id refuses its JWT at the next request', async () => {
      const { jwt, user } = (await api.post('/api/auth/local/register', { username: 'mallory', email: 'mallory@example.com', password: 'mallory-pw' })).body;
      expect((await api.get('/api/users/me', bearer(jwt))).status).toBe(200);
      const blocked = await api.put(`/api/users/${user.id}`, { blocked: true }, bearer(admin));
      expect([blocked.status, blocked.body.blocked]).toEqual([200, true]);
      const refused = await api.get('/api/users/me', bearer(jwt));
      expect({ status: refused.status, body: refused.body }).toEqual({ status: 401, body: appError(401, 'UnauthorizedError', 'Missing or invalid credentials') });
      const login = await api.post('/api/auth/local', { identifier: 'mallory', password: 'mallory-pw' });
      expect(login.body).toEqual(appError(400, 'ApplicationError', 'Your account has been blocked by an administrator'));
      await api.put(`/api/users/${user.id}`, { blocked: false }, bearer(admin));
      expect((await api.get('/api/users/me', bearer(jwt))).status).toBe(200);
    });

    it('answers Strapi’s messages for taken names, unknown ids, bad bodies and secrets', async () => {
      const taken = await api.post('/api/users', { username: 'admin', email: 'x@example.com', password: 'secret-pw' }, bearer(admin));
      expect(taken.body).toEqual(appError(400, 'ApplicationError', 'Username already taken'));
      const email = await api.post('/api/users', { username: 'fresh', email: 'ADMIN@example.com', password: 'secret-pw' }, bearer(admin));
      expect(email.body).toEqual(appError(400, 'ApplicationError', 'Email already taken'));
      const missing = await api.post('/api/users', { username: 'fresh' }, bearer(admin));
      expect([missing.status, missing.body.error.message]).toEqual([400, '2 errors occurred']);
      expect((await api.put('/api/users/999999', { blocked: true }, bearer(admin))).body).toEqual(appError(404, 'NotFoundError', 'User not found'));
      expect((await api.delete('/api/users/999999', bearer(admin))).status).toBe(404);
      const adminId = (await api.get('/api/users/me', bearer(admin))).body.id;
      const empty = await api.put(`/api/users/${adminId}`, { password: '' }, bearer(admin));
      expect(empty.body).toEqual(appError(400, 'ValidationError', 'password.notNull'));
      const secret = await api.put(`/api/users/${adminId}`, { resetPasswordToken: 'x' }, bearer(admin));
      expect(secret.body).toEqual(appError(400, 'ValidationError', 'Invalid parameters: resetPasswordToken'));
    });

    it('needs Strapi’s action per route: count, create, update, destroy', async () => {
      const { jwt, user } = (await api.post('/api/auth/local/register', { username: 'plain', email: 'plain@example.com', password: 'plain-pw' })).body;
      expect((await api.get('/api/users/count', bearer(jwt))).status).toBe(403);
      expect((await api.post('/api/users', { username: 'x', email: 'x@example.com', password: 'secret-pw' }, bearer(jwt))).status).toBe(403);
      expect((await api.put(`/api/users/${user.id}`, { blocked: false }, bearer(jwt))).status).toBe(403);
      expect((await api.delete(`/api/users/${user.id}`)).status).toBe(401);
      await t.app.permissions.grant('authenticated', [`${UP}.user.count`]);
      expect((await api.get('/api/users/count', bearer(jwt))).status).toBe(200);
      await t.app.permissions.revoke('authenticated', [`${UP}.user.count`]);
    });
  });

  describe('/api/users-permissions/roles', () => {
    it('lists roles sorted by name with nb_users', async () => {
      const list = await api.get('/api/users-permissions/roles', bearer(admin));
      expect(list.status).toBe(200);
      expect(list.body.roles.map((r: { type: string }) => r.type)).toEqual(['admins', 'authenticated', 'public']);
      expect(list.body.roles[0]).toMatchObject({ name: 'Admins', nb_users: 1 });
      expect(Object.keys(list.body.roles[0]).sort()).toEqual(['createdAt', 'description', 'documentId', 'id', 'name', 'nb_users', 'publishedAt', 'type', 'updatedAt']);
    });

    it('GET /permissions gives the tree with nothing enabled; GET /roles/:id the role’s', async () => {
      const all = await api.get('/api/users-permissions/permissions', bearer(admin));
      expect(all.body.permissions['api::article'].controllers.article.find).toEqual({ enabled: false, policy: '' });
      expect(Object.keys(all.body.permissions['plugin::upload'].controllers['content-api']).sort()).toEqual(['destroy', 'find', 'findOne', 'upload']);
      expect(all.body.permissions['plugin::users-permissions'].controllers.user.me).toEqual({ enabled: false, policy: '' });
      const admins = (await api.get('/api/users-permissions/roles', bearer(admin))).body.roles[0];
      const one = await api.get(`/api/users-permissions/roles/${admins.id}`, bearer(admin));
      expect(one.body.role).toMatchObject({ id: admins.id, name: 'Admins', type: 'admins' });
      expect(one.body.role.permissions['api::article'].controllers.article.find.enabled).toBe(true);
      expect(one.body.role.permissions['api::article'].controllers.article.create.enabled).toBe(false);
      expect(one.body.role.permissions['plugin::users-permissions'].controllers.user.destroy.enabled).toBe(true);
      expect((await api.get('/api/users-permissions/roles/999999', bearer(admin))).body).toEqual(appError(404, 'NotFoundError', 'Role not found'));
    });

    it('creates, updates (permissions from the tree) and deletes a role; its users move to public', async () => {
      const tree = (await api.get('/api/users-permissions/permissions', bearer(admin))).body.permissions;
      tree['api::article'].controllers.article.find.enabled = true;
      tree['plugin::upload'].controllers['content-api'].upload.enabled = true;
      const created = await api.post('/api/users-permissions/roles', { name: 'Editor Team', description: 'Writes', permissions: tree }, bearer(admin));
      expect({ status: created.status, body: created.body }).toEqual({ status: 200, body: { ok: true } });
      const editor = (await t.app.permissions.listRoles()).find((r) => r.name === 'Editor Team')!;
      expect(editor.type).toBe('editor_team');
      expect(editor.actions).toEqual(['api::article.article.find', 'plugin::upload.file.create']);

      tree['api::article'].controllers.article.create.enabled = true;
      tree['plugin::upload'].controllers['content-api'].upload.enabled = false;
      const updated = await api.put(`/api/users-permissions/roles/${editor.id}`, { name: 'Editors', permissions: tree }, bearer(admin));
      expect(updated.body).toEqual({ ok: true });
      const after = (await t.app.permissions.listRoles()).find((r) => r.id === editor.id)!;
      expect([after.name, after.actions]).toEqual(['Editors', ['api::article.article.create', 'api::article.article.find']]);

      const user = (await api.post('/api/users', { username: 'eddie', email: 'eddie@example.com', password: 'secret-pw', role: editor.id }, bearer(admin))).body;
      expect((await api.get(`/api/users/${user.id}?populate=role`, bearer(admin))).body.role.type).toBe('editor_team');
      expect((await api.delete(`/api/users-permissions/roles/${editor.id}`, bearer(admin))).body).toEqual({ ok: true });
      expect((await t.app.permissions.listRoles()).some((r) => r.id === editor.id)).toBe(false);
      expect((await api.get(`/api/users/${user.id}?populate=role`, bearer(admin))).body.role.type).toBe('public');
    });

    it('refuses empty bodies, deleting the public role, and callers without the action', async () => {
      expect((await api.post('/api/users-permissions/roles', {}, bearer(admin))).body).toEqual(appError(400, 'ValidationError', 'Request body cannot be empty'));
      const publicRole = (await t.app.permissions.listRoles()).find((r) => r.type === 'public')!;
      expect((await api.put(`/api/users-permissions/roles/${publicRole.id}`, {}, bearer(admin))).body).toEqual(appError(400, 'ValidationError', 'Request body cannot be empty'));
      expect((await api.delete(`/api/users-permissions/roles/${publicRole.id}`, bearer(admin))).body).toEqual(appError(400, 'ApplicationError', 'Cannot delete public role'));
      expect((await api.get('/api/users-permissions/roles')).status).toBe(401);
      const { jwt } = (await api.post('/api/auth/local', { identifier: 'plain', password: 'plain-pw' })).body;
      expect((await api.get('/api/users-permissions/permissions', bearer(jwt))).status).toBe(403);
    });
  });

  describe('GraphQL (v4)', () => {
    const gql = (query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
      request(`${t.url}/graphql`, { method: 'POST', json: { query, variables }, headers });

    it('reads users and roles in the v4 envelope under user.find / role.find', async () => {
      const users = await gql('{ usersPermissionsUsers(filters: { username: { eq: "admin" } }) { data { id attributes { username email blocked } } meta { pagination { total } } } }', {}, bearer(admin));
      expect(users.body.data.usersPermissionsUsers).toMatchObject({ data: [{ attributes: { username: 'admin', email: 'admin@example.com', blocked: false } }], meta: { pagination: { total: 1 } } });
      const roles = await gql('{ usersPermissionsRoles(sort: "name") { data { attributes { type } } } }', {}, bearer(admin));
      expect(roles.body.data.usersPermissionsRoles.data.map((r: { attributes: { type: string } }) => r.attributes.type)).toContain('admins');
      const anonymous = await gql('{ usersPermissionsUsers { data { id } } }');
      expect(anonymous.status).toBe(401);
    });

    it('creates, updates and deletes a user and a role with the REST routes’ checks', async () => {
      const create = 'mutation($data: UsersPermissionsUserInput!) { createUsersPermissionsUser(data: $data) { data { id attributes { username email } } } }';
      const created = await gql(create, { data: { username: 'gql-user', email: 'GQL@example.com', password: 'secret-pw' } }, bearer(admin));
      const entity = created.body.data.createUsersPermissionsUser.data;
      expect(entity.attributes).toEqual({ username: 'gql-user', email: 'gql@example.com' });
      const taken = await gql(create, { data: { username: 'gql-user', email: 'other@example.com', password: 'secret-pw' } }, bearer(admin));
      expect(taken.body.errors[0].message).toBe('Username already taken');
      const updated = await gql('mutation($id: ID!) { updateUsersPermissionsUser(id: $id, data: { blocked: true }) { data { attributes { blocked } } } }', { id: entity.id }, bearer(admin));
      expect(updated.body.data.updateUsersPermissionsUser.data.attributes.blocked).toBe(true);
      const deleted = await gql('mutation($id: ID!) { deleteUsersPermissionsUser(id: $id) { data { attributes { username } } } }', { id: entity.id }, bearer(admin));
      expect(deleted.body.data.deleteUsersPermissionsUser.data.attributes.username).toBe('gql-user');

      const role = await gql('mutation { createUsersPermissionsRole(data: { name: "Reviewers" }) { ok } }', {}, bearer(admin));
      expect(role.body).toEqual({ data: { createUsersPermissionsRole: { ok: true } } });
      const reviewers = (await t.app.permissions.listRoles()).find((r) => r.name === 'Reviewers')!;
      expect(reviewers.type).toBe('reviewers');
      const renamed = await gql('mutation($id: ID!) { updateUsersPermissionsRole(id: $id, data: { description: "Reads drafts" }) { ok } }', { id: reviewers.documentId }, bearer(admin));
      expect(renamed.body.data.updateUsersPermissionsRole.ok).toBe(true);
      expect((await t.app.permissions.listRoles()).find((r) => r.name === 'Reviewers')!.description).toBe('Reads drafts');
      const removed = await gql('mutation($id: ID!) { deleteUsersPermissionsRole(id: $id) { ok } }', { id: reviewers.documentId }, bearer(admin));
      expect(removed.body.data.deleteUsersPermissionsRole.ok).toBe(true);
      const { jwt } = (await api.post('/api/auth/local', { identifier: 'plain', password: 'plain-pw' })).body;
      const forbidden = await gql('mutation { createUsersPermissionsRole(data: { name: "Nope" }) { ok } }', {}, bearer(jwt));
      expect(forbidden.body.errors[0].extensions.code).toBe('FORBIDDEN');
    });
  });
});
