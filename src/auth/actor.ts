/**
 * Who makes a request, and the one permission check every transport and the query sanitiser
 * ask. An actor carries the action set it was resolved with, so one request sees one
 * consistent set of permissions even if a grant lands while it runs.
 */
import type { Entry } from '../engine/types.js';
import { actionName, isReadAction, type ContentAction } from './actions.js';
import { adminAllows, type AdminGrants } from './admin/admin-grants.js';

export interface RoleGrants {
  readonly id: number;
  readonly documentId: string;
  readonly name: string;
  readonly type: string;
  readonly actions: ReadonlySet<string>;
}

export type TokenType = 'read-only' | 'full-access' | 'custom';

export interface TokenGrants {
  readonly id: number;
  readonly name: string;
  readonly type: TokenType;
  /** custom tokens only */
  readonly actions: ReadonlySet<string>;
}

export type Actor =
  /** no Authorization header */
  | { readonly kind: 'public'; readonly role: RoleGrants }
  /** a valid user JWT */
  | { readonly kind: 'user'; readonly user: Entry; readonly role: RoleGrants }
  /** a valid API token */
  | { readonly kind: 'token'; readonly token: TokenGrants }
  /** a valid admin access token, on the admin API only (auth/admin/) */
  | { readonly kind: 'admin'; readonly admin: AdminGrants };

/** May the actor perform the action named `name` (`api::article.article.find`)? */
export function allows(actor: Actor, name: string): boolean {
  switch (actor.kind) {
    case 'public':
    case 'user':
      return actor.role.actions.has(name);
    case 'token':
      switch (actor.token.type) {
        case 'full-access':
          return true;
        case 'read-only':
          return isReadAction(name);
        case 'custom':
          return actor.token.actions.has(name);
      }
    case 'admin':
      return adminAllows(actor.admin, name);
  }
}

export function can(actor: Actor, action: ContentAction, uid: string): boolean {
  return allows(actor, actionName(uid, action));
}

/** The public role never reads drafts (decisions.md "Drafts and anonymous readers"). */
export function isAnonymous(actor: Actor): boolean {
  return actor.kind === 'public';
}
