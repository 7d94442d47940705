/**
 * The auth version stamp (`vellum_auth_state`): one row whose `stamp` every write to users,
 * roles, permissions and API tokens replaces in its own transaction, whichever process makes it
 * (documents/change-stamp.ts). Each request reads it with one primary-key statement; a stamp
 * other than the cached one sends the caches back to the database.
 */
import { bumpChangeStamp, readChangeStamp } from '../engine/change-stamp.js';
import type { EngineContext } from '../engine/types.js';
import { AUTH_STATE_UID } from './content-types.js';

export interface AuthState {
  read(): Promise<string | null>;
  /** for a database that has no stamp yet; writes through the repositories replace it themselves */
  bump(): Promise<void>;
}

export function createAuthState(engine: EngineContext): AuthState {
  return {
    read: () => readChangeStamp(engine, AUTH_STATE_UID),
    async bump() {
      await bumpChangeStamp(engine, AUTH_STATE_UID);
    },
  };
}
