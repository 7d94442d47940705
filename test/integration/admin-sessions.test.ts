/**
 * Admin session lifetimes (auth/admin/admin-sessions.ts) on every dialect, with the clock handed
 * in (no waiting): the idle lifetime runs from the last refresh, the absolute one from the login;
 * a refresh never extends a session past its absolute end; expired rows go at the next login.
 * Races: first registrations leave one admin, a refresh token exchanged twice at once rotates once.
 */
import { expect, it } from 'vitest';
import { createRuntime } from '../../src/app/runtime.js';
import { ADMIN_SESSION_UID } from '../../src/auth/admin/admin-content-types.js';
import { createAdminSessions } from '../../src/auth/admin/admin-sessions.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { useTestApp } from '../helpers/test-app.js';
import { databaseEnv } from '../helpers/test-databases.js';
import { request } from '../helpers/http.js';

const LIFESPANS = { idleSessionLifespan: 60, maxSessionLifespan: 150, idleRefreshTokenLifespan: 600, maxRefreshTokenLifespan: 1000 };
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describeEachDialect('admin session lifetimes', (dialect) => {
  const t = useTestApp({ dialect, access: 'locked' });

  it('leaves exactly one first admin when registrations race, and rotates a refresh token once when refreshes race', async () => {
    const register = (n: number) => request(`${t.url}/admin/register-admin`, { method: 'POST', json: { email: `first${n}@example.com`, password: 'First-pass-1', firstname: `First ${n}` } });
    const answers = await Promise.all([1, 2, 3].map(register));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400]);
    const winner = answers.find((answer) => answer.status === 200)!;
    const users = await request(`${t.url}/admin/users`, { headers: { authorization: `Bearer ${winner.body.data.token}` } });
    expect(users.body.data.results).toHaveLength(1);

    const cookie = (winner.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const refreshes = await Promise.all([1, 2].map(() => request(`${t.url}/admin/access-token`, { method: 'POST', json: {}, headers: { cookie } })));
    expect(refreshes.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(1);
    expect(refreshes.filter((answer) => answer.status === 401).length).toBeGreaterThanOrEqual(1);
  });

  it('expires idle sessions, ends sessions at their absolute lifetime, and sweeps expired rows', async () => {
    const runtime = await createRuntime({ dir: t.dir, env: { NODE_ENV: 'test', ...databaseEnv(t.app.config.database) }, logger: quiet });
    try {
      let clock = Date.parse('2030-01-01T00:00:00Z');
      const sessions = createAdminSessions(runtime.engine, runtime.repository(ADMIN_SESSION_UID), LIFESPANS, () => clock);
      const rows = () => runtime.repository(ADMIN_SESSION_UID).count(null, 'published');

      // idle: 60 s without a refresh ends the session
      const idle = await sessions.start(1, false);
      expect(idle.cookieExpires).toBeNull();
      clock += 59_000;
      const refreshed = await sessions.rotate(idle.token);
      expect(await sessions.isActive(refreshed.family)).toBe(true);
      clock += 61_000;
      expect(await sessions.isActive(refreshed.family)).toBe(false);
      await expect(sessions.rotate(refreshed.token)).rejects.toMatchObject({ status: 401, message: 'Session expired' });

      // absolute: refreshed every 50 s, the session still ends 150 s after its login
      let current = await sessions.start(1, false);
      const loggedInAt = clock;
      for (;;) {
        clock += 50_000;
        if (clock - loggedInAt >= 150_000) break;
        current = await sessions.rotate(current.token);
      }
      await expect(sessions.rotate(current.token)).rejects.toMatchObject({ status: 401 });

      // "remember me": a persistent cookie, longer lifetimes
      const remembered = await sessions.start(2, true);
      expect(remembered.cookieExpires?.getTime()).toBe(clock + 600_000);
      clock += 1_000_001;
      expect(await rows()).toBeGreaterThan(0);
      await sessions.start(3, false);
      // only the new login's row is left: every other session is past its absolute lifetime
      expect(await rows()).toBe(1);
    } finally {
      await runtime.close();
    }
  });
});
