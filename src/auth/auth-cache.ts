/**
 * Roles, permissions and API tokens held in memory, so checking a request costs no query.
 * A timer reads the version stamp twice a second and reloads everything when it changed: a
 * grant, revoke or token change made by another process (the CLI) reaches a running server
 * within a second. Changes made through this process reload at once.
 */
import { runWithStatementCounter } from '../db/statement-counter.js';
import type { RoleGrants, TokenGrants } from './actor.js';
import type { AuthState } from './auth-state.js';
import type { RolesStore } from './roles-store.js';
import type { TokensStore } from './tokens-store.js';

export interface CachedToken {
  readonly grants: TokenGrants;
  readonly documentId: string;
  readonly hash: string;
  /** epoch ms; null: never expires */
  readonly expiresAt: number | null;
  lastUsedAt: number | null;
}

export interface AuthSnapshot {
  readonly stamp: string | null;
  readonly roles: ReadonlyMap<number, RoleGrants>;
  readonly rolesByType: ReadonlyMap<string, RoleGrants>;
  /** by HMAC of the token */
  readonly tokens: ReadonlyMap<string, CachedToken>;
}

export interface AuthCache {
  current(): AuthSnapshot;
  /** reloads when the stamp changed (always with `force`) */
  refresh(force?: boolean): Promise<void>;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

const EMPTY: AuthSnapshot = { stamp: null, roles: new Map(), rolesByType: new Map(), tokens: new Map() };

export function createAuthCache(
  stores: { roles: RolesStore; tokens: TokensStore; state: AuthState },
  log: { warn(message: string): void },
): AuthCache {
  let snapshot = EMPTY;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function load(): Promise<void> {
    // Read the stamp first: a change landing during the load shows as a new stamp next time.
    const stamp = await stores.state.read();
    const [roles, tokens] = await Promise.all([stores.roles.list(), stores.tokens.loadWithHashes()]);
    const grants = roles.map((role): RoleGrants => ({ ...role, actions: new Set(role.actions) }));
    snapshot = {
      stamp,
      roles: new Map(grants.map((role) => [role.id, role])),
      rolesByType: new Map(grants.map((role) => [role.type, role])),
      tokens: new Map(tokens.map(({ token, hash }): [string, CachedToken] => [hash, {
        grants: { id: token.id, name: token.name, type: token.type, actions: new Set(token.permissions) },
        documentId: token.documentId,
        hash,
        expiresAt: token.expiresAt === null ? null : Date.parse(token.expiresAt),
        lastUsedAt: token.lastUsedAt === null ? null : Date.parse(token.lastUsedAt),
      }])),
    };
  }

  async function refresh(force = false): Promise<void> {
    if (!force && snapshot !== EMPTY && (await stores.state.read()) === snapshot.stamp) return;
    await load();
  }

  const cache: AuthCache = {
    current: () => snapshot,
    refresh,
    start(intervalMs = 500) {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        // Not part of any request's Server-Timing statement count.
        running = runWithStatementCounter(() => refresh())
          .catch((error: unknown) => log.warn(`could not refresh permissions: ${error instanceof Error ? error.message : String(error)}`))
          .finally(() => {
            running = undefined;
          });
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
  return cache;
}
