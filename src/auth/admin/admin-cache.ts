/**
 * Admin roles with their permissions, and the admin users requests name, held per auth stamp
 * (auth/auth-state.ts), as auth-cache.ts holds users-permissions' roles: every admin request
 * reads the stamp (one primary-key statement); a role, permission or admin user change made by
 * any process replaces it, so the change applies at the next request on every instance.
 */
import type { Entry } from '../../engine/types.js';
import type { AuthState } from '../auth-state.js';
import type { AdminRoleRecord, AdminRolesStore } from './admin-roles-store.js';
import type { AdminUsersStore } from './admin-users-store.js';

export interface AdminSnapshot {
  readonly stamp: string | null;
  readonly roles: readonly AdminRoleRecord[];
  readonly rolesById: ReadonlyMap<number, AdminRoleRecord>;
  /** the admin user with that row id (cached, else read); null when there is none */
  user(id: number): Promise<Entry | null>;
}

export interface AdminCache {
  fresh(): Promise<AdminSnapshot>;
}

const MAX_USERS = 1_000;

export function createAdminCache(stores: { roles: AdminRolesStore; users: AdminUsersStore; state: AuthState }): AdminCache {
  let snapshot: AdminSnapshot | undefined;
  let loading: { stamp: string | null; promise: Promise<AdminSnapshot> } | undefined;

  async function load(stamp: string | null): Promise<AdminSnapshot> {
    const roles = await stores.roles.list();
    const users = new Map<number, Entry | null>();
    return {
      stamp,
      roles,
      rolesById: new Map(roles.map((role) => [role.id, role])),
      async user(id) {
        if (users.has(id)) return users.get(id) ?? null;
        const found = await stores.users.findById(id);
        if (users.size >= MAX_USERS) users.clear();
        users.set(id, found);
        return found;
      },
    };
  }

  return {
    async fresh() {
      const stamp = await stores.state.read();
      if (snapshot && snapshot.stamp === stamp) return snapshot;
      if (loading && loading.stamp === stamp) return loading.promise;
      const promise = load(stamp).then((next) => {
        snapshot = next;
        return next;
      });
      const entry = { stamp, promise };
      loading = entry;
      void promise.finally(() => {
        if (loading === entry) loading = undefined;
      }).catch(() => undefined);
      return promise;
    },
  };
}
