import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { checkExpiresIn, createJwtService } from './jwt.js';

describe('createJwtService', () => {
  it('issues HS256 tokens with payload { id, iat, exp } and verifies them', async () => {
    const jwt = createJwtService('secret-1', '30d');
    const token = await jwt.issue(42);
    expect(decodeProtectedHeader(token).alg).toBe('HS256');
    const claims = decodeJwt(token);
    expect(Object.keys(claims).sort()).toEqual(['exp', 'iat', 'id']);
    expect(claims.exp! - claims.iat!).toBe(30 * 86_400);
    expect(await jwt.verify(token)).toBe(42);
  });

  it('rejects another secret, an expired token, another algorithm and garbage', async () => {
    const jwt = createJwtService('secret-1', 60);
    expect(await createJwtService('secret-2', '1h').verify(await jwt.issue(1))).toBeNull();
    const key = new TextEncoder().encode('secret-1');
    const expired = await new SignJWT({ id: 1 }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(1_000).setExpirationTime(2_000).sign(key);
    expect(await jwt.verify(expired)).toBeNull();
    const hs512 = await new SignJWT({ id: 1 }).setProtectedHeader({ alg: 'HS512' }).sign(key);
    expect(await jwt.verify(hs512)).toBeNull();
    expect(await jwt.verify('not.a.jwt')).toBeNull();
  });

  it('checks expiresIn spans', async () => {
    await expect(checkExpiresIn('12h')).resolves.toBeUndefined();
    await expect(checkExpiresIn('soon')).rejects.toThrow();
  });

  it('accepts every span jose accepts, the plain ones without loading it, and refuses the rest', async () => {
    for (const span of ['30d', '1y', '900s', 3600, 0, '2 hours', '1.5h', '7 days', '+3 weeks', 1.5, -1]) {
      await expect(checkExpiresIn(span)).resolves.toBeUndefined();
    }
    for (const span of ['30 dayz', '', '-5m ago', '1234567d ']) {
      await expect(checkExpiresIn(span)).rejects.toThrow('Invalid time period format');
    }
  });
});
