/**
 * The strategy chain that turns a request's `Authorization` header into an actor
 * (decisions.md "Anonymous vs invalid credentials"): no header → the public role; `Bearer
 * <token>` → an API token (looked up by its HMAC, as Strapi tries tokens first), else a user JWT
 * whose user exists and is not blocked; anything else, a bare `Bearer` included → 401.
 * Everything is read from the snapshot of the current auth stamp (auth-cache.ts), so a change
 * made by any process applies from the next request on. A token the snapshot lacks is looked up
 * in the database when the credential is no valid JWT: users' requests never pay for it.
 */
import { UnauthorizedError } from '../errors/index.js';
import type { Actor, RoleGrants } from './actor.js';
import type { AuthCache, CachedToken } from './auth-cache.js';
import type { JwtService } from './jwt.js';
import { hashAccessKey, sameHash } from './token-hash.js';

export const INVALID_CREDENTIALS = 'Missing or invalid credentials';
/** lastUsedAt is written at most this often per token (Strapi: once an hour) */
const TOUCH_INTERVAL_MS = 3_600_000;

export interface StrategyDeps {
  readonly cache: AuthCache;
  readonly jwt: JwtService;
  readonly salt: string;
  /** records a token's use (in the background) */
  touch(token: CachedToken, when: Date): void;
  now?(): number;
}

function bearer(header: string): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header.trim());
  return match?.[1] ?? null;
}

const NO_ROLE = (type: string): RoleGrants => ({ id: 0, documentId: '', name: type, type, actions: new Set() });

export async function resolveActor(header: string | string[] | undefined, deps: StrategyDeps): Promise<Actor> {
  const snapshot = await deps.cache.fresh();
  if (header === undefined) {
    return { kind: 'public', role: snapshot.rolesByType.get('public') ?? NO_ROLE('public') };
  }
  const token = typeof header === 'string' ? bearer(header) : null;
  if (token === null) throw new UnauthorizedError(INVALID_CREDENTIALS);

  // A JWT has dots, an access key (hex) has none: tokens never load or run the JWT check.
  const userId = token.includes('.') ? await deps.jwt.verify(token) : null;
  if (userId === null) {
    const hash = hashAccessKey(deps.salt, token);
    const found = await snapshot.token(hash);
    if (!found || !sameHash(found.hash, hash)) throw new UnauthorizedError(INVALID_CREDENTIALS);
    return tokenActor(found, deps);
  }
  const found = await snapshot.user(userId);
  if (!found || found.user.blocked === true) throw new UnauthorizedError(INVALID_CREDENTIALS);
  const role = (found.roleId !== null ? snapshot.roles.get(found.roleId) : undefined) ?? NO_ROLE('none');
  return { kind: 'user', user: found.user, role };
}

function tokenActor(token: CachedToken, deps: StrategyDeps): Actor {
  const now = deps.now?.() ?? Date.now();
  if (token.expiresAt !== null && token.expiresAt <= now) throw new UnauthorizedError('Token expired');
  if (token.lastUsedAt === null || now - token.lastUsedAt >= TOUCH_INTERVAL_MS) {
    token.lastUsedAt = now;
    deps.touch(token, new Date(now));
  }
  return { kind: 'token', token: token.grants };
}
