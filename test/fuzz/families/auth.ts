/**
 * `Authorization` headers: none, the full-access token, and everything a hostile or confused client
 * sends (garbage, wrong schemes, forged, expired and odd-payload JWTs, API-token-like strings).
 * `authHeaders` is mixed into every family; the `auth` family aims them at the auth routes too.
 */
import fc from 'fast-check';
import { SignJWT } from 'jose';
import type { FuzzCase, FuzzContext } from '../case.js';
import { oddString } from '../values.js';

/** The JWTs the context carries, made before the run (signing is async). */
export async function makeJwts(secret: string, userJwt: string | undefined): Promise<string[]> {
  const key = new TextEncoder().encode(secret);
  const wrong = new TextEncoder().encode('not-the-secret');
  const sign = (payload: Record<string, unknown>, k: Uint8Array, exp: number | string = '1h') =>
    new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt().setExpirationTime(exp).sign(k);
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return [
    ...(userJwt ? [userJwt] : []),
    await sign({ id: 1 }, wrong),
    await sign({ id: 1 }, key, Math.floor(Date.now() / 1000) - 3600),
    await sign({ id: 999_999 }, key),
    await sign({ id: -1 }, key),
    await sign({ id: '1' }, key),
    await sign({ id: 1e300 }, key),
    await sign({ id: { $gt: 0 } }, key),
    await sign({}, key),
    `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ id: 1 })}.`,
    `${b64({ alg: 'HS512' })}.${b64({ id: 1 })}.AAAA`,
    'a.b.c', '..', 'e30.e30.e30',
  ];
}

export function authHeaders(ctx: FuzzContext): fc.Arbitrary<Record<string, string>> {
  const value = fc.oneof(
    fc.constantFrom(...ctx.jwts).map((t) => `Bearer ${t}`),
    fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), maxLength: 300 }).map((h) => `Bearer ${h}`),
    fc.constant(`Bearer ${ctx.token}x`),
    fc.constant(`Bearer ${ctx.token.slice(0, -1)}`),
    fc.constant(`bearer ${ctx.token}`),
    fc.constant(`Basic ${Buffer.from('admin:admin').toString('base64')}`),
    fc.constantFrom('Bearer', 'Bearer ', 'Bearer  ', 'Token abc', '', ' ', 'Bearer null', 'Bearer undefined'),
    oddString.map((s) => `Bearer ${s}`).filter((s) => /^[\t\x20-\x7e\x80-\xff]*$/.test(s)),
  );
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant({}) },
    { weight: 3, arbitrary: fc.constant({ authorization: `Bearer ${ctx.token}` }) },
    { weight: 2, arbitrary: value.map((v) => ({ authorization: v })) },
  );
}

/** The auth routes themselves, with odd credentials and bodies. */
export function authFamily(ctx: FuzzContext): fc.Arbitrary<FuzzCase> {
  const credential = fc.oneof(oddString, fc.emailAddress(), fc.constant('fuzz@example.com'), fc.constant({ $ne: null }), fc.integer(), fc.constant(null));
  const login = fc.record({ identifier: credential, password: credential }, { requiredKeys: [] });
  const register = fc.record({ username: credential, email: credential, password: credential, role: fc.constantFrom(1, 2, 'admin'), confirmed: fc.boolean(), blocked: fc.boolean() }, { requiredKeys: [] });
  return fc.oneof(
    fc.tuple(login, authHeaders(ctx)).map(([data, headers]): FuzzCase => ({ method: 'POST', path: '/api/auth/local', headers, body: { json: JSON.stringify(data) } })),
    fc.tuple(register, authHeaders(ctx)).map(([data, headers]): FuzzCase => ({ method: 'POST', path: '/api/auth/local/register', headers, body: { json: JSON.stringify(data) } })),
    fc.tuple(fc.constantFrom('/api/users/me', '/api/users', '/api/users/count', '/api/users/1', '/api/users/0', '/api/users/abc', '/api/articles?status=draft', '/api/upload/files'), authHeaders(ctx))
      .map(([path, headers]): FuzzCase => ({ method: 'GET', path, headers })),
  );
}
