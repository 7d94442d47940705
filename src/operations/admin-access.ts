/**
 * The admin actor's side of an operation's permission check: each operation needs one content
 * manager action on its type (contracts: reads → read, create → create, update → update,
 * delete → delete, publish / unpublish / discardDraft → publish), as Strapi's admin RBAC names
 * them (`plugin::content-manager.explorer.<action>`, subject = the type's uid).
 */
import { contentGrants, type AdminGrants, type AdminPermissionGrant, type ContentManagerAction } from '../auth/admin/admin-grants.js';
import { PermissionDeniedError } from '../errors/index.js';
import type { OperationAction } from './types.js';

export const ADMIN_ACTION_OF: Readonly<Record<OperationAction, ContentManagerAction>> = {
  findMany: 'read',
  findFirst: 'read',
  findOne: 'read',
  count: 'read',
  create: 'create',
  update: 'update',
  delete: 'delete',
  publish: 'publish',
  unpublish: 'publish',
  discardDraft: 'publish',
};

/** the grants that let the admin run `action` on `uid`; 403 when there are none */
export function checkAdminOperation(admin: AdminGrants, uid: string, action: OperationAction): readonly AdminPermissionGrant[] {
  const found = contentGrants(admin, uid, ADMIN_ACTION_OF[action]);
  if (found.length === 0) throw new PermissionDeniedError();
  return found;
}
