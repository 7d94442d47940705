/**
 * The strategy chain that turns a request's `Authorization` header into an actor
 * (decisions.md "Anonymous vs invalid credentials"): no header → the public role; `Bearer
 * <token>` → an API token (looked up by its HMAC, as Strapi tries tokens first), else a user JWT
 * whose user exists and is not blocked; anything else, a bare `Bearer` included → 401.
 */
import { UnauthorizedError } from '../errors/index.js';
import type { Actor, RoleGrants } from './actor.js';
import type { AuthCache, CachedToken } from './auth-cache.js';
import type { JwtService } from './jwt.js';
import { hashAccessKey, sameHash } from './token-hash.js';
import type { UsersStore } from './users-store.js';

export const INVALID_CREDENTIALS = 'Missing or invalid credentials';
/** lastUsedAt is written at most this often per token (Strapi: once an hour) */
const TOUCH_INTERVAL_MS = 3_600_000;

export interface StrategyDeps {
  readonly cache: AuthCache;
  readonly jwt: JwtService;
  readonly users: UsersStore;
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
  const snapshot = deps.cache.current();
  if (header === undefined) {
    return { kind: 'public', role: snapshot.rolesByType.get('public') ?? NO_ROLE('public') };
  }
  const token = typeof header === 'string' ? bearer(header) : null;
  if (token === null) throw new UnauthorizedError(INVALID_CREDENTIALS);

  const hash = hashAccessKey(deps.salt, token);
  const cached = snapshot.tokens.get(hash);
  if (cached && sameHash(cached.hash, hash)) {
    const now = deps.now?.() ?? Date.now();
    if (cached.expiresAt !== null && cached.expiresAt <= now) throw new UnauthorizedError('Token expired');
    if (cached.lastUsedAt === null || now - cached.lastUsedAt >= TOUCH_INTERVAL_MS) {
      cached.lastUsedAt = now;
      deps.touch(cached, new Date(now));
    }
    return { kind: 'token', token: cached.grants };
  }

  const userId = await deps.jwt.verify(token);
  if (userId === null) throw new UnauthorizedError(INVALID_CREDENTIALS);
  const found = await deps.users.findById(userId);
  if (!found || found.user.blocked === true) throw new UnauthorizedError(INVALID_CREDENTIALS);
  const role = (found.roleId !== null ? snapshot.roles.get(found.roleId) : undefined) ?? NO_ROLE('none');
  return { kind: 'user', user: found.user, role };
}
