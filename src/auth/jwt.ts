/**
 * User JWTs, as Strapi's users-permissions issues them: HS256, payload `{ id }` plus `iat` and
 * `exp` (`jwt.expiresIn`, default 30 days), signed with `jose`.
 */
import { loadPackage } from '../util/load-package.js';
/** jose (46 ES modules, ~55 ms of a start) loads on first use: public reads never need it. */
const jose = (): Promise<typeof import('jose')> => loadPackage(() => import('jose'));

export interface JwtService {
  issue(userId: number): Promise<string>;
  /** the user id of a valid, unexpired token; null for anything else */
  verify(token: string): Promise<number | null>;
}

/** `expiresIn` as jsonwebtoken takes it: seconds as a number, or a span such as `30d`, `12h`. */
function expiry(expiresIn: string | number): string {
  return typeof expiresIn === 'number' ? `${expiresIn}s` : expiresIn;
}

export function createJwtService(secret: string, expiresIn: string | number): JwtService {
  const key = new TextEncoder().encode(secret);
  return {
    async issue(userId) {
      const { SignJWT } = await jose();
      return new SignJWT({ id: userId }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt().setExpirationTime(expiry(expiresIn)).sign(key);
    },
    async verify(token) {
      const { jwtVerify } = await jose();
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const id = payload.id;
        return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
      } catch {
        return null;
      }
    },
  };
}

/**
 * Spans jose certainly accepts (its pattern takes any digits with these units, and six digits of
 * years stay far inside a finite expiry): the common configurations, checked without loading it.
 */
const PLAIN_SPAN = /^\d{1,6}[smhdwy]$/;

/** Throws (with jose's message) when `expiresIn` is not a span jose understands. */
export async function checkExpiresIn(expiresIn: string | number): Promise<void> {
  if (PLAIN_SPAN.test(expiry(expiresIn))) return;
  const { SignJWT } = await jose();
  await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(expiry(expiresIn)).sign(new Uint8Array(32));
}
