/**
 * `vellum token …` and `vellum role …` against a running server's database, on every dialect.
 * The first tests run the real CLI process; the others call the command functions (the same
 * code, without paying a process start each). Every change applies at the running server's next
 * request (the auth version stamp, docs/auth.md): each check is one request, never a retry.
 */
import { databaseEnv } from '../helpers/test-databases.js';
import { expect, it } from 'vitest';
import type { Env } from '../../src/config/types.js';
import { openAuthProject } from '../../src/cli/auth-project.js';
import { roleCommand } from '../../src/cli/role-command.js';
import { tokenCommand, type CommandIo } from '../../src/cli/token-command.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { request } from '../helpers/http.js';
import { useTestApp } from '../helpers/test-app.js';
import { runVellum as runCli } from '../helpers/vellum-bin.js';


function capture(): CommandIo & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, out: (line) => lines.push(line), err: (line) => errors.push(line) };
}

describeEachDialect('auth CLI', (dialect) => {
  // privateAttributes: the CLI must open the project exactly as the server does
  const t = useTestApp({ dialect, access: 'locked', files: { 'config/api.js': "module.exports = { responses: { privateAttributes: ['email'] } };" } });
  const status = async (path: string, token?: string): Promise<number> =>
    (await request(`${t.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })).status;
  const env = (): Env => ({ ...process.env, NODE_ENV: 'test', ...databaseEnv(t.app.config.database) });
  const token = (args: string[]) => {
    const io = capture();
    return tokenCommand([...args.slice(0, 1), '--dir', t.dir, ...args.slice(1)], io, env()).then((code) => ({ code, ...io }));
  };
  const role = (args: string[]) => {
    const io = capture();
    return roleCommand([...args.slice(0, 1), '--dir', t.dir, ...args.slice(1)], io, env()).then((code) => ({ code, ...io }));
  };

  it('opens the project through the app runtime: the model has the config\'s private attributes, as the server\'s has', async () => {
    expect(t.app.registry.contentType('api::author.author').attributes.email?.private).toBe(true);
    const project = await openAuthProject(t.dir, env());
    try {
      expect(project.engine.registry.contentType('api::author.author').attributes.email?.private).toBe(true);
      expect(project.engine.registry.contentType('api::author.author').attributes.name?.private).toBeFalsy();
    } finally {
      await project.close();
    }
  });

  it('token create (real process) prints the token on its last line; it works on the running server\'s first request', async () => {
    const result = await runCli(['token', 'create', '--name', 'from-cli', '--type', 'read-only', '--description', 'CI reads', '--dir', t.dir], databaseEnv(t.app.config.database));
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^Created API token: from-cli {2}read-only {2}never expires/);
    const accessKey = lines[lines.length - 1] ?? '';
    expect(accessKey).toMatch(/^[0-9a-f]{256}$/);
    expect(await status('/api/authors', accessKey)).toBe(200);
    expect(await status('/api/authors', accessKey.replace(/.$/, (c) => (c === '0' ? '1' : '0')))).toBe(401);
  });

  it('token revoke (real process): the token is refused at the next request', async () => {
    const accessKey = (await token(['create', '--name', 'short-lived', '--type', 'full-access'])).lines.at(-1) ?? '';
    expect(await status('/api/tags', accessKey)).toBe(200);
    const revoked = await runCli(['token', 'revoke', 'short-lived', '--dir', t.dir], databaseEnv(t.app.config.database));
    expect([revoked.code, revoked.stdout.trim()], revoked.stderr).toEqual([0, 'Revoked API token "short-lived".']);
    expect(await status('/api/tags', accessKey)).toBe(401);
  });

  it('role revoke (real process): the permission is refused at the next request', async () => {
    expect((await role(['grant', 'public', 'api::tag.tag.find'])).code).toBe(0);
    expect(await status('/api/tags')).toBe(200);
    const revoked = await runCli(['role', 'revoke', 'public', 'api::tag.tag.find', '--dir', t.dir], databaseEnv(t.app.config.database));
    expect([revoked.code, revoked.stdout.trim()], revoked.stderr).toEqual([0, 'Revoked from public: api::tag.tag.find']);
    expect(await status('/api/tags')).toBe(401);
  });

  it('token list shows names, types, expiry and use; token revoke locks the token out at the next request', async () => {
    const created = await token(['create', '--name', 'doomed', '--type', 'full-access', '--expires-in-days', '7']);
    const accessKey = created.lines.at(-1) ?? '';
    expect(await status('/api/tags', accessKey)).toBe(200);
    const listed = await token(['list']);
    expect(listed.lines.find((l) => l.startsWith('doomed '))).toMatch(/^doomed {2}full-access {2}expires \d{4}-/);
    expect(listed.lines.find((l) => l.startsWith('from-cli '))).toMatch(/CI reads$/);
    expect((await token(['revoke', 'doomed'])).lines).toEqual(['Revoked API token "doomed".']);
    expect(await status('/api/tags', accessKey)).toBe(401);
    const again = await token(['revoke', 'doomed']);
    expect([again.code, again.errors]).toEqual([1, ['No API token named "doomed".']]);
  });

  it('a past --expires-at makes an already-expired token; custom tokens hold exactly their actions', async () => {
    const expired = await token(['create', '--name', 'old', '--type', 'full-access', '--expires-at', '2000-01-01T00:00:00Z']);
    expect(expired.code).toBe(0);
    const refused = await request(`${t.url}/api/tags`, { headers: { authorization: `Bearer ${expired.lines.at(-1)}` } });
    expect([refused.status, refused.body.error?.message]).toEqual([401, 'Token expired']);

    const custom = await token(['create', '--name', 'tags-only', '--type', 'custom', '--permissions', 'api::tag.tag.find,api::tag.tag.findOne']);
    const key = custom.lines.at(-1) ?? '';
    expect(await status('/api/tags', key)).toBe(200);
    expect(await status('/api/authors', key)).toBe(403);
  });

  it('token create refuses unknown actions, permissions on non-custom tokens, odd lifespans and taken names', async () => {
    const unknown = await token(['create', '--name', 'x', '--type', 'custom', '--permissions', 'api::nope.nope.find']);
    expect([unknown.code, unknown.errors[0]]).toEqual([1, 'Unknown permissions provided: api::nope.nope.find']);
    const nonCustom = await token(['create', '--name', 'x', '--type', 'read-only', '--permissions', 'api::tag.tag.find']);
    expect(nonCustom.errors[0]).toBe('Non-custom tokens should not reference permissions');
    expect((await token(['create', '--name', 'x', '--type', 'read-only', '--expires-in-days', '12'])).errors[0]).toBe('Token lifespans are 7, 30, 90 days or unlimited (got 12)');
    expect((await token(['create', '--name', 'from-cli', '--type', 'read-only'])).errors[0]).toBe('A token named "from-cli" already exists');
    expect((await token(['create', '--name', 'x', '--type', 'admin'])).errors[0]).toBe('Unknown token type "admin" (expected read-only, full-access, custom)');
  });

  it('role grant and revoke reach the running server at its next request; role list shows them', async () => {
    expect(await status('/api/categories')).toBe(401);
    const granted = await role(['grant', 'public', 'api::category.category.find']);
    expect(granted.lines).toEqual(['Granted to public: api::category.category.find']);
    expect(await status('/api/categories')).toBe(200);
    const listed = await role(['list']);
    expect(listed.lines).toEqual(expect.arrayContaining(['public (Public): 1 permission', '  api::category.category.find', 'authenticated (Authenticated): 0 permissions']));
    expect((await role(['revoke', 'public', 'api::category.category.find'])).lines).toEqual(['Revoked from public: api::category.category.find']);
    expect(await status('/api/categories')).toBe(401);
  });

  it('role create makes a custom role that grant accepts by name; unknown roles and actions are refused', async () => {
    expect((await role(['create', 'Editors', '--description', 'Writes articles'])).lines).toEqual(['Created role Editors (type editors).']);
    expect((await role(['grant', 'Editors', 'api::article.article.update'])).code).toBe(0);
    expect((await t.app.permissions.listRoles()).find((r) => r.name === 'Editors')?.actions).toEqual(['api::article.article.update']);
    const unknownRole = await role(['grant', 'nobody', 'api::article.article.find']);
    expect([unknownRole.code, unknownRole.errors[0]]).toEqual([1, 'Unknown role "nobody" (roles: authenticated, public, editors)']);
    // Strapi's type for a name: lowercased, accents dropped, snake case (what default_role names)
    expect((await role(['create', 'Café Reviewers'])).lines).toEqual(['Created role Café Reviewers (type cafe_reviewers).']);
    const unknownAction = await role(['grant', 'public', 'api::article.article.publish']);
    expect(unknownAction.errors[0]).toBe('Unknown permissions provided: api::article.article.publish');
  });

  it('a role created while the server runs is the default_role of the next register', async () => {
    t.app.usersPermissions.setAdvanced({ default_role: 'proof_readers' });
    const register = (username: string) => request(`${t.url}/api/auth/local/register`, { method: 'POST', json: { username, email: `${username}@example.com`, password: 'secret-pw' } });
    try {
      expect((await register('too_early')).body.error.message).toBe('Impossible to find the default role');
      expect((await role(['create', 'Proof Readers'])).lines).toEqual(['Created role Proof Readers (type proof_readers).']);
      const registered = await register('in_time');
      expect(registered.status).toBe(200);
      const [user] = await t.app.documents('plugin::users-permissions.user').findMany({ filters: { username: 'in_time' }, populate: { role: { fields: ['type'] } } });
      expect((user!.role as { type: string }).type).toBe('proof_readers');
    } finally {
      t.app.usersPermissions.setAdvanced({ default_role: 'authenticated' });
    }
  });
});
