/**
 * Roles, permissions, API tokens and the users requests name, held in memory and keyed by the
 * auth version stamp (auth-state.ts). Every request reads the stamp (one primary-key statement):
 * the same stamp means nothing that authentication depends on changed, in this process or any
 * other on the database, so the cached values hold; a new stamp reloads roles and tokens and
 * starts an empty user cache. A token or user missing from the cache is read from the database,
 * so a token created a moment ago works on its first request.
 */
import { runWithStatementCounter } from '../db/statement-counter.js';
import type { RoleGrants, TokenGrants } from './actor.js';
import type { AuthState } from './auth-state.js';
import type { RolesStore } from './roles-store.js';
import type { TokenRecord, TokensStore } from './tokens-store.js';
import type { UsersStore, UserWithRole } from './users-store.js';

export interface CachedToken {
  readonly grants: TokenGrants;
  readonly documentId: string;
  readonly hash: string;
  /** epoch ms; null: never expires */
  readonly expiresAt: number | null;
  lastUsedAt: number | null;
}

/** What authentication knew at one stamp; a token or user it lacks is read and kept under it. */
export interface AuthSnapshot {
  readonly stamp: string | null;
  readonly roles: ReadonlyMap<number, RoleGrants>;
  readonly rolesByType: ReadonlyMap<string, RoleGrants>;
  /** the token with that HMAC: cached, else from the database; null when there is none */
  token(hash: string): Promise<CachedToken | null>;
  /** the user with that id and its role: cached, else from the database; null when there is none */
  user(id: number): Promise<UserWithRole | null>;
}

export interface AuthCache {
  /** the last loaded snapshot, without asking the database */
  current(): AuthSnapshot;
  /** what a request starts with: reads the stamp, reloads when it is not the cached one */
  fresh(): Promise<AuthSnapshot>;
  /** reloads now (after a change made through this process) */
  refresh(): Promise<void>;
  /** waits for a load under way */
  stop(): Promise<void>;
}

/** Users kept per stamp; past it the oldest entries go (a cache, not a copy of the table). */
const MAX_USERS = 10_000;

function cachedToken(token: TokenRecord, hash: string): CachedToken {
  return {
    grants: { id: token.id, name: token.name, type: token.type, actions: new Set(token.permissions) },
    documentId: token.documentId,
    hash,
    expiresAt: token.expiresAt === null ? null : Date.parse(token.expiresAt),
    lastUsedAt: token.lastUsedAt === null ? null : Date.parse(token.lastUsedAt),
  };
}

type Stores = { roles: RolesStore; tokens: TokensStore; users: UsersStore; state: AuthState };

function snapshotOf(stores: Stores, stamp: string | null, roles: readonly RoleGrants[], tokens: Map<string, CachedToken>): AuthSnapshot {
  /** null: no such user (the JWT of a deleted user) */
  const users = new Map<number, UserWithRole | null>();
  return {
    stamp,
    roles: new Map(roles.map((role) => [role.id, role])),
    rolesByType: new Map(roles.map((role) => [role.type, role])),
    async token(hash) {
      const known = tokens.get(hash);
      if (known) return known;
      const found = await stores.tokens.findByHash(hash);
      if (!found) return null;
      const token = cachedToken(found, hash);
      tokens.set(hash, token);
      return token;
    },
    async user(id) {
      if (users.has(id)) return users.get(id) ?? null;
      const found = await stores.users.findById(id);
      if (users.size >= MAX_USERS) {
        const oldest = users.keys().next();
        if (!oldest.done) users.delete(oldest.value);
      }
      users.set(id, found);
      return found;
    },
  };
}

/**
 * `alsoReload`: other state kept per process that the same stamp announces (the locales, which
 * the CLI or another instance may change): reloaded with the auth data whenever the stamp moves.
 */
export function createAuthCache(stores: Stores, alsoReload?: () => Promise<void>): AuthCache {
  let snapshot: AuthSnapshot | undefined;
  /** loads are numbered so a slow, older load never replaces a newer snapshot */
  let started = 0;
  let applied = 0;
  let loading: { stamp: string | null; promise: Promise<AuthSnapshot> } | undefined;
  const pending = new Set<Promise<unknown>>();

  async function load(stamp: string | null): Promise<AuthSnapshot> {
    const [roles, tokens] = await Promise.all([stores.roles.list(), stores.tokens.loadWithHashes(), alsoReload?.()]);
    const grants = roles.map((role): RoleGrants => ({ ...role, actions: new Set(role.actions) }));
    return snapshotOf(stores, stamp, grants, new Map(tokens.map(({ token, hash }) => [hash, cachedToken(token, hash)])));
  }

  /** Loads the data for `stamp`, read before it: a change landing meanwhile shows as a new stamp next time. */
  function reload(stamp: string | null): Promise<AuthSnapshot> {
    if (loading && loading.stamp === stamp) return loading.promise;
    const seq = ++started;
    // Shared cache upkeep, not the work of the request that happened to notice the new stamp:
    // it stays out of that request's Server-Timing statement count.
    const promise = runWithStatementCounter(() => load(stamp)).then((next) => {
      if (seq > applied) {
        applied = seq;
        snapshot = next;
      }
      return next;
    });
    const entry = { stamp, promise };
    loading = entry;
    const settled = promise.finally(() => {
      if (loading === entry) loading = undefined;
      pending.delete(settled);
    });
    pending.add(settled);
    settled.catch(() => undefined);
    return promise;
  }

  return {
    current() {
      if (!snapshot) throw new Error('auth cache: not loaded yet (init() loads it)');
      return snapshot;
    },
    async fresh() {
      const stamp = await stores.state.read();
      if (snapshot && stamp === snapshot.stamp) return snapshot;
      return reload(stamp);
    },
    async refresh() {
      await reload(await stores.state.read());
    },
    async stop() {
      await Promise.allSettled([...pending]);
    },
  };
}
