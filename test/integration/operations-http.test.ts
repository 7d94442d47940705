/**
 * Production operation over HTTP on every dialect: liveness and readiness (configurable paths,
 * no auth, no rate limit, 503 when the schema has lost what the instance reads and while
 * draining), auth rate limits keyed on the socket address unless `server.proxy` trusts
 * X-Forwarded-For, Retry-After on 429, and limits shared through Redis by two instances.
 */
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authTestFiles } from '../helpers/auth.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { useTestApp } from '../helpers/test-app.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const login = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${url}/api/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ identifier: 'nobody', password: 'wrong-password' }),
  });
const randomIp = (): string => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

describeEachDialect('operations', (dialect) => {
  describe('health and a spoofed X-Forwarded-For with no trusted proxy', () => {
    const t = useTestApp({
      dialect,
      access: 'locked',
      files: {
        ...authTestFiles({ ratelimit: { interval: 60_000, max: 2 } }),
        'config/server.json': JSON.stringify({ health: { livenessPath: '/healthz', readinessPath: '/readyz' } }),
      },
    });

    it('answers liveness and readiness on the configured paths without credentials, and never rate limits them', async () => {
      const probes = await Promise.all(Array.from({ length: 12 }, (_, i) => fetch(`${t.url}${i % 2 ? '/healthz' : '/readyz'}`)));
      expect(probes.map((r) => r.status)).toEqual(Array.from({ length: 12 }, () => 200));
      expect(await probes[0]!.json()).toEqual({ status: 'ok' });
      expect(probes[0]!.headers.get('cache-control')).toBe('no-store');
      expect((await fetch(`${t.url}/_health`)).status).toBe(404);
    });

    it('counts logins by socket address: changing X-Forwarded-For does not reset the budget; 429 carries Retry-After', async () => {
      const statuses = [];
      let last: Response | undefined;
      for (let i = 0; i < 4; i += 1) {
        last = await login(t.url, { 'x-forwarded-for': randomIp() });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([400, 400, 429, 429]);
      const retryAfter = Number(last!.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(59);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(((await last!.json()) as { error: { name: string } }).error.name).toBe('RateLimitError');
    });

    it('answers 503 on readiness when the schema lost a column this instance reads, and 200 again once restored', async () => {
      const knex = t.app.db.knex;
      const [row] = await knex('vellum_schema').where({ table_name: 'tags' }).select('columns');
      const columns = JSON.parse(String(row.columns)) as Record<string, string>;
      const { name, ...rest } = columns;
      expect(name).toBeDefined();
      await knex('vellum_schema').where({ table_name: 'tags' }).update({ columns: JSON.stringify(rest) });
      const refused = await fetch(`${t.url}/readyz`);
      expect([refused.status, await refused.json()]).toEqual([503, { status: 'unavailable' }]);
      expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
      await knex('vellum_schema').where({ table_name: 'tags' }).update({ columns: JSON.stringify(columns) });
      expect((await fetch(`${t.url}/readyz`)).status).toBe(200);
      expect(t.logs).toContain('warn: not ready: schema out of sync: tags.name');
    });
  });

  describe('a trusted proxy, and two instances sharing Redis', () => {
    const files = {
      ...authTestFiles({ ratelimit: { interval: 60_000, max: 3 } }),
      'config/server.json': JSON.stringify({ proxy: true }),
    };
    const one = useTestApp({ dialect, access: 'locked', files, env: { REDIS_URL } });
    const two = useTestApp({ dialect, access: 'locked', files, env: { REDIS_URL } });

    it('keys the limit on X-Forwarded-For from a trusted proxy and counts it across both instances', async () => {
      const client = randomIp();
      const statuses = [];
      for (const url of [one.url, two.url, one.url, two.url, one.url]) statuses.push((await login(url, { 'x-forwarded-for': client })).status);
      expect(statuses).toEqual([400, 400, 400, 429, 429]);
      // another client behind the proxy has its own budget, on either instance
      expect((await login(two.url, { 'x-forwarded-for': randomIp() })).status).toBe(400);
    });

    it('answers 503 on readiness once stop() has begun draining', async () => {
      const stopped = one.app.stop();
      expect(one.app.draining).toBe(true);
      const probe = await one.app.server.inject({ method: 'GET', url: '/_ready' });
      expect(probe.statusCode).toBe(503);
      await stopped;
    });
  });
});
