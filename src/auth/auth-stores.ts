/** The auth tables' stores over one database: what the server and the CLI both open. */
import type { DocumentRepository } from '../documents/types.js';
import type { EngineContext } from '../engine/types.js';
import { createCustomActions, type CustomActions } from './actions.js';
import { createAuthState, type AuthState } from './auth-state.js';
import { API_TOKEN_UID, CORE_STORE_UID, PERMISSION_UID, ROLE_UID, USER_UID } from './content-types.js';
import { createCoreStore, type CoreStore } from './core-store.js';
import { createRolesStore, type RolesStore, type Transaction } from './roles-store.js';
import { createTokensStore, type TokensStore } from './tokens-store.js';
import { createUsersStore, type UsersStore } from './users-store.js';

export interface AuthStores {
  readonly state: AuthState;
  readonly roles: RolesStore;
  readonly tokens: TokensStore;
  readonly users: UsersStore;
  /** Strapi's core store: the users-permissions advanced settings and email templates an admin stored */
  readonly coreStore: CoreStore;
  /** the project's custom route actions, known to grants once added (app/create-app.ts, cli/auth-project.ts) */
  readonly customActions: CustomActions;
}

/**
 * `transaction`: runs work in one write transaction (the operation layer's: app/runtime.ts), so a
 * role and its permission rows are written together or not at all.
 */
export function createAuthStores(
  engine: EngineContext, repository: (uid: string) => DocumentRepository, apiTokenSalt: string, transaction: Transaction,
): AuthStores {
  const state = createAuthState(engine);
  const customActions = createCustomActions();
  return {
    state,
    roles: createRolesStore(engine.registry, { roles: repository(ROLE_UID), permissions: repository(PERMISSION_UID), transaction }, state, customActions),
    tokens: createTokensStore(engine, repository(API_TOKEN_UID), apiTokenSalt, customActions),
    users: createUsersStore(engine, repository(USER_UID)),
    coreStore: createCoreStore(repository(CORE_STORE_UID)),
    customActions,
  };
}
