/**
 * The permission side of an operation: which content-API action each operation needs, the check
 * itself (401 for the public role and bad credentials, 403 for an authenticated caller), and the
 * query and body sanitising for the resolved actor (auth/sanitize-for-actor.ts).
 */
import { normalizeAction, type ContentAction } from '../auth/actions.js';
import { allows, type Actor } from '../auth/actor.js';
import { INVALID_CREDENTIALS } from '../auth/strategy.js';
import { PermissionDeniedError, UnauthorizedError } from '../errors/index.js';
import type { OperationAction } from './types.js';

/** the users-permissions names transports build their actions with (`plugin::users-permissions.user.count`) */
export { usersPermissionsAction } from '../auth/actions.js';
export { USER_UID } from '../auth/content-types.js';

/** The permission an operation needs (Strapi's content-API actions): publishing edits the document. */
export const PERMISSION_OF: Readonly<Record<OperationAction, ContentAction>> = {
  findMany: 'find',
  findFirst: 'find',
  count: 'find',
  findOne: 'findOne',
  create: 'create',
  update: 'update',
  publish: 'update',
  unpublish: 'update',
  discardDraft: 'update',
  delete: 'delete',
};

/** `<uid>.<permission>` for every operation of one type, built once. */
export function permissionNames(uid: string): Readonly<Record<OperationAction, string>> {
  return Object.freeze(Object.fromEntries(Object.entries(PERMISSION_OF).map(([action, permission]) => [action, `${uid}.${permission}`]))) as Record<OperationAction, string>;
}

/** Throws unless `actor` holds `name` (or, with a scope, one of the scope's action names). */
export function checkPermission(actor: Actor, name: string, scope: readonly string[] | undefined): void {
  if (scope ? scope.some((action) => allows(actor, action)) : allows(actor, name)) return;
  if (actor.kind === 'public') throw new UnauthorizedError(INVALID_CREDENTIALS);
  throw new PermissionDeniedError();
}

/** What a check asks, as one string: the action's own name, or a scope's names (any one of them). */
export function requirementOf(name: string, scope: readonly string[] | undefined): string {
  return scope ? scope.join('\n') : name;
}

/** Does `actor` hold every one of `names` (Strapi's names, upload's aliases read as ours)? GraphQL `resolversConfig` scopes ask all. */
export function allowsEvery(actor: Actor, names: readonly string[]): boolean {
  return names.every((name) => allows(actor, normalizeAction(name)));
}

/**
 * The documentId of the admin user writing (recorded as createdBy/updatedBy, relations to
 * `admin::user` as in Strapi 5), if an admin is calling; content-API writers set none.
 */
export function authorOf(actor: Actor | null): string | undefined {
  return actor?.kind === 'admin' ? actor.admin.documentId : undefined;
}
