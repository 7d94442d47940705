/**
 * Admin access tokens, as Strapi 5 issues them: HS256 signed with `ADMIN_JWT_SECRET`, payload
 * `{ userId, sessionId, type: 'access' }`, short-lived (`admin.auth.sessions.accessTokenLifespan`).
 * A users-permissions JWT (`{ id }`, another secret) never verifies here, and an admin token
 * never verifies as a user JWT (auth/jwt.ts wants `id`): each realm refuses the other's tokens.
 */
import { loadPackage } from '../../util/load-package.js';

const jose = (): Promise<typeof import('jose')> => loadPackage(() => import('jose'));

export interface AdminAccessClaims {
  readonly userId: number;
  readonly sessionId: string;
}

export interface AdminJwt {
  issue(claims: AdminAccessClaims): Promise<string>;
  /** the claims of a valid, unexpired admin access token; null for anything else */
  verify(token: string): Promise<AdminAccessClaims | null>;
}

export function createAdminJwt(secret: string, lifespanSeconds: number): AdminJwt {
  const key = new TextEncoder().encode(secret);
  return {
    async issue({ userId, sessionId }) {
      const { SignJWT } = await jose();
      return new SignJWT({ userId, sessionId, type: 'access' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt().setExpirationTime(`${lifespanSeconds}s`).sign(key);
    },
    async verify(token) {
      const { jwtVerify } = await jose();
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const { userId, sessionId, type } = payload;
        if (type !== 'access' || typeof sessionId !== 'string' || typeof userId !== 'number' || !Number.isSafeInteger(userId) || userId <= 0) return null;
        return { userId, sessionId };
      } catch {
        return null;
      }
    },
  };
}
