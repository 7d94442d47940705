/**
 * The admin refresh cookie, as Strapi 5 sets it: `strapi_admin_refresh`, httpOnly,
 * `SameSite=Lax`, `Secure` in production, `Path` = the admin path; persistent ("remember me":
 * `Expires` = the session's idle expiry) or a browser-session cookie. Its value is base64url, so
 * it needs no encoding; a malformed cookie header simply yields no token.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export const REFRESH_COOKIE = 'strapi_admin_refresh';
const TOKEN = /^[A-Za-z0-9_-]{1,200}$/;

export interface CookieScope {
  readonly path: string;
  readonly secure: boolean;
}

/** the refresh token the request's cookie carries, if any */
export function readRefreshCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== REFRESH_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    return TOKEN.test(value) ? value : undefined;
  }
  return undefined;
}

function attributes(scope: CookieScope): string {
  return `Path=${scope.path}; HttpOnly; SameSite=Lax${scope.secure ? '; Secure' : ''}`;
}

export function setRefreshCookie(reply: FastifyReply, scope: CookieScope, token: string, expires: Date | null): void {
  reply.header('set-cookie', `${REFRESH_COOKIE}=${token}; ${attributes(scope)}${expires ? `; Expires=${expires.toUTCString()}` : ''}`);
}

export function clearRefreshCookie(reply: FastifyReply, scope: CookieScope): void {
  reply.header('set-cookie', `${REFRESH_COOKIE}=; ${attributes(scope)}; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0`);
}
