/**
 * users-permissions configuration over HTTP on every dialect: the auth routes' rate limit (per
 * IP and route, 429 in the error shape, the content API untouched), the password minimum
 * length, the JWT lifetime and JWT_SECRET.
 */
import { SignJWT, decodeJwt } from 'jose';
import { beforeAll, expect, it } from 'vitest';
import { authTestFiles } from '../helpers/auth.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { client } from '../helpers/http.js';
import { useTestApp } from '../helpers/test-app.js';

const JWT_SECRET = 'a-test-secret-of-decent-length';

describeEachDialect('auth limits and settings', (dialect) => {
  const t = useTestApp({
    dialect,
    access: 'locked',
    env: { JWT_SECRET },
    files: authTestFiles({ ratelimit: { interval: 60_000, max: 3 }, password: { minLength: 10 }, jwt: { expiresIn: '2h' } }),
  });
  const api = client(() => t.url);
  let jwt = '';

  beforeAll(async () => {
    await t.app.permissions.grant('public', ['api::tag.tag.find']);
  });

  it('applies password.minLength and signs JWTs with JWT_SECRET for jwt.expiresIn', async () => {
    const short = await api.post('/api/auth/local/register', { username: 'linus', email: 'linus@example.com', password: '123456789' });
    expect([short.status, short.body.error.message]).toEqual([400, 'password must be at least 10 characters']);
    const ok = await api.post('/api/auth/local/register', { username: 'linus', email: 'linus@example.com', password: '1234567890' });
    expect(ok.status).toBe(200);
    jwt = ok.body.jwt;
    const claims = decodeJwt(jwt);
    expect(claims.exp! - claims.iat!).toBe(7_200);
    const key = new TextEncoder().encode(JWT_SECRET);
    const forged = await new SignJWT({ id: ok.body.user.id }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('1h').sign(key);
    expect((await api.get('/api/users/me', { authorization: `Bearer ${forged}` })).status).toBe(200);
    const expired = await new SignJWT({ id: ok.body.user.id }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(1_000).setExpirationTime(2_000).sign(key);
    expect((await api.get('/api/users/me', { authorization: `Bearer ${expired}` })).status).toBe(401);
  });

  it('rate limits each auth route per IP with a 429 in the error shape, and leaves the content API alone', async () => {
    // The register route has used 2 of its 3 requests above; login has its own budget.
    const logins = [];
    for (let i = 0; i < 4; i += 1) logins.push(await api.post('/api/auth/local', { identifier: 'linus', password: '1234567890' }));
    expect(logins.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(logins[3]?.body).toEqual({
      data: null,
      error: { status: 429, name: 'RateLimitError', message: 'Too many requests, please try again later.', details: {} },
    });
    expect((await api.post('/api/auth/local/register', { username: 'third', email: 'third@example.com', password: '1234567890' })).status).toBe(200);
    expect((await api.post('/api/auth/local/register', { username: 'fourth', email: 'fourth@example.com', password: '1234567890' })).status).toBe(429);
    const reads = await Promise.all(Array.from({ length: 15 }, () => api.get('/api/tags')));
    expect(reads.map((r) => r.status)).toEqual(Array.from({ length: 15 }, () => 200));
    expect((await api.get('/api/users/me', { authorization: `Bearer ${jwt}` })).status).toBe(200);
  });
});
