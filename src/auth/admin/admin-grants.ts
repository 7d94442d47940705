/**
 * What an admin actor may do: its roles' permissions as Strapi's admin stores them (action,
 * subject, `properties.fields`, `conditions`), and the one check every content operation of an
 * admin asks. Super Admin (`strapi-super-admin`) may do everything. Content-API style names
 * (`api::article.article.find`, what the query sanitiser asks of a populated relation) read as
 * the content manager's actions on that subject.
 */
import type { Entry } from '../../engine/types.js';

export const SUPER_ADMIN_CODE = 'strapi-super-admin';
export const EDITOR_CODE = 'strapi-editor';
export const AUTHOR_CODE = 'strapi-author';
/** the condition that limits a permission to entries created by the admin user acting */
export const IS_CREATOR = 'admin::is-creator';

export const CM = 'plugin::content-manager.explorer';
export type ContentManagerAction = 'create' | 'read' | 'update' | 'delete' | 'publish';
export const CM_ACTIONS: readonly ContentManagerAction[] = ['create', 'read', 'update', 'delete', 'publish'];

export interface AdminPermissionGrant {
  readonly action: string;
  /** a content-type uid, or null for actions on no subject (`admin::users.read`) */
  readonly subject: string | null;
  /** `properties.fields`: the attributes the permission covers; null = all */
  readonly fields: readonly string[] | null;
  readonly conditions: readonly string[];
}

/** a permission as the admin API answers it (Strapi's `properties.fields`; none: every attribute) */
export interface AdminPermissionView {
  readonly action: string;
  readonly subject: string | null;
  readonly properties: { readonly fields?: readonly string[] };
  readonly conditions: readonly string[];
}

export interface AdminRoleInfo {
  readonly id: number;
  readonly documentId: string;
  readonly name: string;
  readonly code: string;
  readonly description: string | null;
}

export interface AdminGrants {
  /** the admin user as answered (no password, tokens or hashes) */
  readonly user: Entry;
  readonly id: number;
  readonly documentId: string;
  readonly superAdmin: boolean;
  readonly roles: readonly AdminRoleInfo[];
  readonly permissions: readonly AdminPermissionGrant[];
}

/** Strapi's content-API action names, read as the content manager's */
const CONTENT_API: Readonly<Record<string, ContentManagerAction>> = { find: 'read', findOne: 'read', create: 'create', update: 'update', delete: 'delete' };

/** The grants for `action` on `subject` (empty: not allowed); Super Admin gets one unrestricted grant. */
export function grantsFor(grants: AdminGrants, action: string, subject: string | null): readonly AdminPermissionGrant[] {
  if (grants.superAdmin) return [{ action, subject, fields: null, conditions: [] }];
  return grants.permissions.filter((grant) => grant.action === action && (subject === null || grant.subject === subject));
}

/** `plugin::content-manager.explorer.<action>` on `uid` */
export function contentGrants(grants: AdminGrants, uid: string, action: ContentManagerAction): readonly AdminPermissionGrant[] {
  return grantsFor(grants, `${CM}.${action}`, uid);
}

/**
 * what every admin may do: read their own user and permissions and the server's information, and
 * list the project's locales (Strapi's `GET /i18n/locales` asks only `isAuthenticatedAdmin`;
 * admin/i18n-routes.ts)
 */
export const SELF_ACTIONS: ReadonlySet<string> = new Set(['admin::users.me', 'admin::users.me.permissions', 'admin::information', 'plugin::i18n.locales.list']);

/** May the admin perform the action named `name` (an admin action, or `<uid>.<content-API action>`)? */
export function adminAllows(grants: AdminGrants, name: string): boolean {
  if (grants.superAdmin || SELF_ACTIONS.has(name)) return true;
  const dot = name.lastIndexOf('.');
  const mapped = dot > 0 && name.includes('::') ? CONTENT_API[name.slice(dot + 1)] : undefined;
  if (mapped !== undefined && !name.startsWith(`${CM}.`)) {
    const uid = name.slice(0, dot);
    if (contentGrants(grants, uid, mapped).length > 0) return true;
  }
  return grantsFor(grants, name, null).length > 0;
}

/**
 * The attributes a set of grants lets through: null when one grant covers every attribute,
 * else the union of their `fields`.
 */
export function allowedFields(found: readonly AdminPermissionGrant[]): ReadonlySet<string> | null {
  if (found.some((grant) => grant.fields === null)) return null;
  return new Set(found.flatMap((grant) => grant.fields ?? []));
}

/** True when every grant is limited to the admin's own entries (no grant without the condition). */
export function onlyOwnEntries(found: readonly AdminPermissionGrant[]): boolean {
  return found.length > 0 && found.every((grant) => grant.conditions.includes(IS_CREATOR));
}
