/**
 * Custom route actions as permissions, as Strapi registers one content-API action per route
 * handler: a custom route without `auth: false` asks its handler's name
 * (`api::article.article.count`), which is refused until granted — in `bootstrap`
 * (`strapi.permissions.grant`), through the CLI (`vellum role grant`), the users-permissions
 * role API (the permissions tree lists it beside the core actions) or a custom API token.
 * Names no route declares stay unknown. Grants are writes: every dialect.
 */
import { beforeAll, expect, it } from 'vitest';
import type { Env } from '../../src/config/types.js';
import { roleCommand } from '../../src/cli/role-command.js';
import { UnknownPermissionsError } from '../../src/errors/index.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { client } from '../helpers/http.js';
import { useTestApp } from '../helpers/test-app.js';
import { databaseEnv } from '../helpers/test-databases.js';

const PROJECT = 'test/fixtures/strapi-project';

const FILES = {
  // the database from DATABASE_* alone: the fixture's Strapi-generated file joins DATABASE_FILENAME under the project, so the CLI run below would open another file
  'config/database.ts': 'export default {};',
  // custom routes without auth config: each asks its handler's permission
  'src/api/article/routes/02-guarded.ts': `
export default {
  routes: [
    { method: 'GET', path: '/articles/counted', handler: 'article.count' },
    { method: 'GET', path: '/articles/featured-list', handler: 'api::article.article.featured' },
    { method: 'GET', path: '/articles/whoami-guarded/:slug', handler: 'article.whoami' },
  ],
};
`,
  // the fixture's src/index.ts, granting a custom action in bootstrap as a Strapi project does
  'src/index.ts': `
export default {
  register() {},
  async bootstrap({ strapi }) {
    await strapi.permissions.grant('authenticated', ['api::article.article.whoami']);
  },
};
`,
};

describeEachDialect('REST: custom route actions are permissions', (dialect) => {
  const t = useTestApp({ dialect, projectDir: PROJECT, access: 'locked', files: FILES });
  const api = client(() => `${t.url}/api`);
  let admin: Record<string, string>;
  beforeAll(async () => {
    admin = { authorization: `Bearer ${(await t.app.tokens.create({ name: 'admin', type: 'full-access' })).accessKey}` };
    expect((await api.post('/articles', { data: { title: 'Hello', featured: true } }, admin)).status).toBe(201);
  });
  const env = (): Env => ({ ...process.env, NODE_ENV: 'test', ...databaseEnv(t.app.config.database) });
  const role = async (args: string[]) => {
    const lines: string[] = [];
    const errors: string[] = [];
    const code = await roleCommand([...args.slice(0, 1), '--dir', t.dir, ...args.slice(1)], { out: (l) => lines.push(l), err: (l) => errors.push(l) }, env());
    return { code, lines, errors };
  };
  const roleNamed = async (type: string) => (await t.app.permissions.listRoles()).find((r) => r.type === type)!;

  it('a custom route without auth: false is refused to the Public role until granted (strapi.permissions.grant)', async () => {
    const refused = await api.get('/articles/counted');
    expect(refused.status).toBe(401);
    expect(refused.body.error.name).toBe('UnauthorizedError');
    expect(await t.app.permissions.grant('public', ['api::article.article.count'])).toEqual(['api::article.article.count']);
    const allowed = await api.get('/articles/counted');
    expect(allowed.status).toBe(200);
    expect(allowed.body.data.total).toBe(1);
    // the grant is the custom action's only: the core find is still refused
    expect((await api.get('/articles')).status).toBe(401);
  });

  it('granted in bootstrap: the role holds the custom action', async () => {
    expect((await roleNamed('authenticated')).actions).toContain('api::article.article.whoami');
    expect((await api.get('/articles/whoami-guarded/x')).status).toBe(401);
  });

  it('vellum role grant accepts the custom action; the running server follows', async () => {
    expect((await api.get('/articles/featured-list')).status).toBe(401);
    const granted = await role(['grant', 'public', 'api::article.article.featured']);
    expect([granted.code, granted.lines], granted.errors.join('\n')).toEqual([0, ['Granted to public: api::article.article.featured']]);
    const allowed = await api.get('/articles/featured-list');
    expect(allowed.status).toBe(200);
    expect(allowed.body.data.map((a: { title: string }) => a.title)).toEqual(['Hello']);
    const revoked = await role(['revoke', 'public', 'api::article.article.featured']);
    expect(revoked.code).toBe(0);
    expect((await api.get('/articles/featured-list')).status).toBe(401);
  });

  it('names no route declares are still refused, with the known actions listed (custom ones included)', async () => {
    await expect(t.app.permissions.grant('public', ['api::article.article.nope'])).rejects.toBeInstanceOf(UnknownPermissionsError);
    const refused = await role(['grant', 'public', 'api::article.article.nope']);
    expect(refused.code).toBe(1);
    expect(refused.errors[0]).toBe('Unknown permissions provided: api::article.article.nope');
    expect(refused.errors[1]).toContain('api::article.article.count');
    await expect(t.app.tokens.create({ name: 'bad', type: 'custom', permissions: ['api::article.article.nope'] })).rejects.toBeInstanceOf(UnknownPermissionsError);
  });

  it('a custom API token may hold a custom action: 200 on its route, 403 elsewhere', async () => {
    const { accessKey } = await t.app.tokens.create({ name: 'counter', type: 'custom', permissions: ['api::article.article.featured'] });
    const bearer = { authorization: `Bearer ${accessKey}` };
    expect((await api.get('/articles/featured-list', bearer)).status).toBe(200);
    const refused = await api.get('/articles/counted', bearer);
    expect(refused.status).toBe(403);
    expect(refused.body.error.name).toBe('ForbiddenError');
  });

  it('the users-permissions role API lists custom actions in the tree and grants them from it', async () => {
    const tree = (await api.get('/users-permissions/permissions', admin)).body.permissions;
    const article = tree['api::article'].controllers.article;
    expect(Object.keys(article)).toEqual(expect.arrayContaining(['find', 'findOne', 'create', 'update', 'delete', 'count', 'featured', 'whoami', 'check']));
    expect(article.featured).toEqual({ enabled: false, policy: '' });
    article.featured.enabled = true;
    const authenticated = await roleNamed('authenticated');
    const updated = await api.put(`/users-permissions/roles/${authenticated.id}`, { permissions: tree }, admin);
    expect(updated.body).toEqual({ ok: true });
    expect((await roleNamed('authenticated')).actions).toEqual(['api::article.article.featured']);
    const one = (await api.get(`/users-permissions/roles/${authenticated.id}`, admin)).body.role;
    expect(one.permissions['api::article'].controllers.article.featured.enabled).toBe(true);
    expect(one.permissions['api::article'].controllers.article.whoami.enabled).toBe(false);
  });
});
