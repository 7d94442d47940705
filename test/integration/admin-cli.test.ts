/**
 * `vellum admin:create-user` and `vellum admin:reset-user-password` (Strapi's command names), as
 * real processes against a running server's database, on every dialect: the user logs in at the
 * server's next request; a reset password works at once and ends the user's sessions.
 */
import { expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { request } from '../helpers/http.js';
import { useTestApp } from '../helpers/test-app.js';
import { databaseEnv } from '../helpers/test-databases.js';
import { runVellum } from '../helpers/vellum-bin.js';

describeEachDialect('admin CLI', (dialect) => {
  const t = useTestApp({ dialect, access: 'locked' });
  const cli = (args: string[]) => runVellum([...args, '--dir', t.dir], databaseEnv(t.app.config.database));
  const login = (email: string, password: string) => request(`${t.url}/admin/login`, { method: 'POST', json: { email, password } });

  it('creates an admin user who logs in, refuses a weak password naming the rule, and resets a password', async () => {
    const weak = await cli(['admin:create-user', '--email', 'ops@example.com', '--password', 'alllowercase1', '--firstname', 'Ops']);
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('password must contain at least one uppercase character');

    const created = await cli(['admin:create-user', '--email', 'Ops@Example.com', '--password', 'Ops-pass-1', '--firstname', 'Ops', '--lastname', 'Team']);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain('Created admin user ops@example.com (Super Admin).');
    expect((await request(`${t.url}/admin/init`)).body).toEqual({ data: { hasAdmin: true } });
    const session = await login('ops@example.com', 'Ops-pass-1');
    expect(session.status).toBe(200);
    expect(session.body.data.user).toMatchObject({ firstname: 'Ops', lastname: 'Team', roles: [{ code: 'strapi-super-admin' }] });
    const again = await cli(['admin:create-user', '--email', 'ops@example.com', '--password', 'Ops-pass-1', '--firstname', 'Ops']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');

    const reset = await cli(['admin:reset-user-password', '--email', 'ops@example.com', '--password', 'New-pass-2']);
    expect(reset.code, reset.stderr).toBe(0);
    expect((await login('ops@example.com', 'Ops-pass-1')).status).toBe(400);
    expect((await login('ops@example.com', 'New-pass-2')).status).toBe(200);
    // the session opened with the old password is over
    const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect((await request(`${t.url}/admin/access-token`, { method: 'POST', json: {}, headers: { cookie } })).status).toBe(401);
    expect((await request(`${t.url}/admin/users/me`, { headers: { authorization: `Bearer ${session.body.data.token}` } })).status).toBe(401);

    const unknown = await cli(['admin:reset-user-password', '--email', 'nobody@example.com', '--password', 'New-pass-2']);
    expect(unknown.code).toBe(1);
    const missing = await cli(['admin:create-user', '--email', 'x@example.com']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Missing --password, --firstname');
  });
});
