/**
 * The admin actor's side of an operation (contracts "The admin actor and RBAC"): each operation
 * needs one content manager action on its type (reads → read, create → create, update → update,
 * delete → delete, publish / unpublish / discardDraft → publish), as Strapi's admin RBAC names
 * them (`plugin::content-manager.explorer.<action>`, subject = the type's uid). Then, for roles
 * other than Super Admin:
 * - `properties.fields`: reads answer only the allowed attributes (others are left out of the
 *   fields and population, as Strapi does); a write naming another attribute is refused with a
 *   403 naming it (Strapi drops such values silently; Vellum says so instead: nothing written).
 * - `conditions: ['admin::is-creator']`: reads see only entries whose `createdBy` is this admin;
 *   reading, changing or deleting another's entry by its documentId is a 403.
 */
import { allowedFields, contentGrants, onlyOwnEntries, type AdminGrants, type AdminPermissionGrant, type ContentManagerAction } from '../auth/admin/admin-grants.js';
import type { DocumentRepository } from '../documents/types.js';
import { PermissionDeniedError } from '../errors/index.js';
import type { ContentType } from '../model/types.js';
import type { FilterNode, Selection } from '../query/ast.js';
import type { OperationAction, OperationParams } from './types.js';

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

const topLevel = (name: string): string => name.split('.')[0] ?? name;

/** `selection` with only the attributes `allowed` names (null: unchanged) */
function restrictSelection<S extends Pick<Selection, 'fields' | 'populate'>>(type: ContentType, selection: S, allowed: ReadonlySet<string> | null): S {
  if (allowed === null) return selection;
  const scalars = Object.values(type.attributes).filter((attr) => attr.kind === 'scalar').map((attr) => attr.name);
  const fields = (selection.fields ?? scalars).filter((name) => allowed.has(name));
  return { ...selection, fields, populate: selection.populate.filter((node) => allowed.has(node.attribute)) };
}

function ownedBy(admin: AdminGrants): FilterNode {
  return { kind: 'nested', attribute: 'createdBy', filter: { kind: 'compare', field: 'id', op: '$eq', value: admin.id } };
}

function and(left: FilterNode | null, right: FilterNode): FilterNode {
  return left === null ? right : { kind: 'and', items: [left, right] };
}

/** 403 unless the document (a single type's one for null) was created by `admin`; a missing document passes (the operation answers its 404) */
async function requireOwn(repository: DocumentRepository, type: ContentType, admin: AdminGrants, documentId: string | null): Promise<void> {
  const id = documentId ?? (await repository.singleDocumentId());
  if (id === null) return;
  const status = type.draftAndPublish ? 'draft' : 'published';
  const document: FilterNode = { kind: 'compare', field: 'documentId', op: '$eq', value: id };
  if ((await repository.count(and(document, ownedBy(admin)), status)) > 0) return;
  if ((await repository.count(document, status)) > 0) throw new PermissionDeniedError();
}

/**
 * The params as this admin may run them: field restrictions and the is-creator condition
 * applied (Super Admin: unchanged). `grants`: those `checkAdminOperation` found.
 */
export async function restrictForAdmin(
  type: ContentType, repository: DocumentRepository, admin: AdminGrants, action: OperationAction,
  grants: readonly AdminPermissionGrant[], params: OperationParams[OperationAction],
): Promise<OperationParams[OperationAction]> {
  if (admin.superAdmin) return params;
  const own = onlyOwnEntries(grants);
  // what the answer may show: the read permission's fields (a write answers the entry it wrote)
  const readable = ADMIN_ACTION_OF[action] === 'read' ? allowedFields(grants) : allowedFields(contentGrants(admin, type.uid, 'read'));
  if ('data' in params) {
    const writable = allowedFields(grants);
    const outside = writable === null ? undefined : Object.keys(params.data).find((key) => !writable.has(topLevel(key)));
    if (outside !== undefined) throw new PermissionDeniedError(`Forbidden: this role may not write the field "${outside}"`, { key: outside, path: [outside] });
  }
  let next = params;
  if ('query' in next) {
    const query = restrictSelection(type, next.query, readable);
    next = { ...next, query: own ? { ...query, filters: and(query.filters, ownedBy(admin)) } : query };
  } else if ('filters' in next) {
    if (own) next = { ...next, filters: and(next.filters, ownedBy(admin)) };
  } else if ('selection' in next && next.selection) {
    next = { ...next, selection: restrictSelection(type, next.selection, readable) };
  }
  if (own && action !== 'create' && action !== 'findMany' && action !== 'count' && 'documentId' in next) {
    await requireOwn(repository, type, admin, next.documentId);
  } else if (own && action === 'findFirst') {
    await requireOwn(repository, type, admin, null);
  }
  return next;
}
