/**
 * Admin sessions (`vellum_admin_sessions`): one row per refresh token, stored as its SHA-256 (the
 * token itself is 32 random bytes, only in the browser's httpOnly cookie). A login starts a
 * family (Strapi's `sessionId`); each refresh claims its row (single use, one statement, so two
 * racing refreshes rotate once) and adds the family's next row. Presenting a token already
 * exchanged is a replay: the whole family is revoked. Idle lifetime: from the last refresh;
 * absolute: from the login. Logout revokes the family; access tokens name it and die with it.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { DocumentRepository } from '../../documents/types.js';
import { claimRow, deleteRowsBefore, deleteRowsWhere } from '../../engine/single-use-rows.js';
import type { EngineContext, Entry } from '../../engine/types.js';
import { UnauthorizedError } from '../../errors/index.js';
import { PLAIN, allRows, allOf, eq } from '../queries.js';
import { ADMIN_SESSION_UID } from './admin-content-types.js';

/** seconds, as `admin.auth.sessions` gives them */
export interface SessionLifespans {
  readonly maxRefreshTokenLifespan: number;
  readonly idleRefreshTokenLifespan: number;
  readonly maxSessionLifespan: number;
  readonly idleSessionLifespan: number;
}

export interface IssuedRefresh {
  /** the refresh token, for the cookie */
  readonly token: string;
  readonly family: string;
  readonly userId: number;
  readonly rememberMe: boolean;
  /** when the cookie should expire ("remember me": a persistent cookie), else null: a browser-session cookie */
  readonly cookieExpires: Date | null;
}

export interface AdminSessions {
  start(userId: number, rememberMe: boolean): Promise<IssuedRefresh>;
  /** exchanges a refresh token for the family's next one; 401 for an unknown, expired or replayed one (a replay revokes the family) */
  rotate(token: string): Promise<IssuedRefresh>;
  /** does the family still hold a live, unused token (an access token's session is not logged out)? */
  isActive(family: string): Promise<boolean>;
  /** ends the session `token` belongs to (logout); unknown tokens are ignored */
  revokeByToken(token: string): Promise<void>;
  revokeFamily(family: string): Promise<void>;
  /** every session of the user (password reset, deletion, block) */
  revokeUser(userId: number): Promise<void>;
}

const hashOf = (token: string): string => createHash('sha256').update(token).digest('hex');
const INVALID = 'Invalid refresh token';

export function createAdminSessions(engine: EngineContext, repo: DocumentRepository, lifespans: SessionLifespans, now: () => number = Date.now): AdminSessions {
  const findByToken = async (token: string): Promise<Entry | null> =>
    (await repo.findPage({ ...allRows(eq('tokenHash', hashOf(token))), pagination: { kind: 'offset', start: 0, limit: 1, withCount: false } })).entries[0] ?? null;

  async function issue(userId: number, family: string, rememberMe: boolean, absolute: number): Promise<IssuedRefresh> {
    const at = now();
    const idle = (rememberMe ? lifespans.idleRefreshTokenLifespan : lifespans.idleSessionLifespan) * 1000;
    const token = randomBytes(32).toString('base64url');
    const idleExpires = Math.min(at + idle, absolute);
    await repo.create({
      tokenHash: hashOf(token), family, userId, rememberMe,
      idleExpiresAt: new Date(idleExpires).toISOString(), absoluteExpiresAt: new Date(absolute).toISOString(),
    }, { status: 'published' }, PLAIN);
    return { token, family, userId, rememberMe, cookieExpires: rememberMe ? new Date(idleExpires) : null };
  }

  const revokeFamily = (family: string): Promise<void> => deleteRowsWhere(engine, ADMIN_SESSION_UID, 'family', family);

  return {
    async start(userId, rememberMe) {
      const max = (rememberMe ? lifespans.maxRefreshTokenLifespan : lifespans.maxSessionLifespan) * 1000;
      // every login sweeps the rows of sessions past their absolute lifetime (one statement)
      await deleteRowsBefore(engine, ADMIN_SESSION_UID, 'absoluteExpiresAt', new Date(now()));
      return issue(userId, randomUUID(), rememberMe, now() + max);
    },
    async rotate(token) {
      const row = typeof token === 'string' && token !== '' ? await findByToken(token) : null;
      if (!row) throw new UnauthorizedError(INVALID);
      const family = String(row.family);
      const at = now();
      const expired = Date.parse(String(row.idleExpiresAt)) <= at || Date.parse(String(row.absoluteExpiresAt)) <= at;
      // a token exchanged before (or losing a race to its own exchange) is a replay: the family ends
      if (row.usedAt !== null && row.usedAt !== undefined) {
        await revokeFamily(family);
        throw new UnauthorizedError(INVALID);
      }
      if (expired) {
        await revokeFamily(family);
        throw new UnauthorizedError('Session expired');
      }
      if (!(await claimRow(engine, ADMIN_SESSION_UID, Number(row.id), 'usedAt', new Date(at)))) {
        await revokeFamily(family);
        throw new UnauthorizedError(INVALID);
      }
      return issue(Number(row.userId), family, row.rememberMe === true, Date.parse(String(row.absoluteExpiresAt)));
    },
    async isActive(family) {
      const at = new Date(now()).toISOString();
      const live = await repo.count(allOf(
        eq('family', family),
        { kind: 'compare', field: 'usedAt', op: '$null', value: true },
        { kind: 'compare', field: 'idleExpiresAt', op: '$gt', value: at },
        { kind: 'compare', field: 'absoluteExpiresAt', op: '$gt', value: at },
      ), 'published');
      return live > 0;
    },
    async revokeByToken(token) {
      const row = token === '' ? null : await findByToken(token);
      if (row) await revokeFamily(String(row.family));
    },
    revokeFamily,
    revokeUser: (userId) => deleteRowsWhere(engine, ADMIN_SESSION_UID, 'userId', userId),
  };
}
