/**
 * Admin roles and their permissions (`admin_roles`, `admin_permissions`), and the three roles
 * Strapi seeds: Super Admin (everything, no permission rows needed), Editor (every content
 * manager action on every `api::` type, the media library) and Author (create, read, update and
 * delete of their own entries, no publish). A role is seeded with its permissions when it is
 * missing; an existing role's permissions are the project's (Strapi leaves them alone too).
 */
import type { DocumentRepository } from '../../documents/types.js';
import type { Entry } from '../../engine/types.js';
import { UniqueError, VellumError } from '../../errors/index.js';
import type { Registry } from '../../model/types.js';
import { isRecord } from '../../util/is-record.js';
import { PLAIN, allRows, populateFields } from '../queries.js';
import { AUTHOR_CODE, CM, CM_ACTIONS, EDITOR_CODE, IS_CREATOR, SUPER_ADMIN_CODE, type AdminPermissionGrant, type AdminRoleInfo } from './admin-grants.js';

export interface AdminRoleRecord extends AdminRoleInfo {
  readonly permissions: readonly AdminPermissionGrant[];
}

export interface AdminRolesStore {
  /** every role with its permissions */
  list(): Promise<AdminRoleRecord[]>;
  /** creates the roles of DEFAULT_ADMIN_ROLES that are missing, with their permissions */
  ensureDefaults(): Promise<void>;
}

export const DEFAULT_ADMIN_ROLES = [
  { code: SUPER_ADMIN_CODE, name: 'Super Admin', description: 'Super Admins can access and manage all features and settings.' },
  { code: EDITOR_CODE, name: 'Editor', description: 'Editors can manage and publish contents including those of other users.' },
  { code: AUTHOR_CODE, name: 'Author', description: 'Authors can manage the content they have created.' },
] as const;

/** the media library's actions (Strapi's names) */
const UPLOAD_ACTIONS = ['plugin::upload.read', 'plugin::upload.configure-view-settings', 'plugin::upload.assets.create', 'plugin::upload.assets.update', 'plugin::upload.assets.download', 'plugin::upload.assets.copy-link'];
/** what an Author may do in the media library: read and change only their own files */
const AUTHOR_UPLOAD: ReadonlyArray<readonly [string, boolean]> = [
  ['plugin::upload.read', true], ['plugin::upload.assets.create', false], ['plugin::upload.assets.update', true],
  ['plugin::upload.assets.download', false], ['plugin::upload.assets.copy-link', false],
];

type Seed = { action: string; subject: string | null; conditions: string[] };

function seedPermissions(registry: Registry, code: string): Seed[] {
  const types = [...registry.contentTypes.values()].filter((type) => type.namespace === 'api').map((type) => type.uid).sort();
  if (code === EDITOR_CODE) {
    return [
      ...types.flatMap((uid) => CM_ACTIONS.map((action) => ({ action: `${CM}.${action}`, subject: uid, conditions: [] }))),
      ...UPLOAD_ACTIONS.map((action) => ({ action, subject: null, conditions: [] })),
    ];
  }
  if (code === AUTHOR_CODE) {
    return [
      ...types.flatMap((uid) => (['create', 'read', 'update', 'delete'] as const).map((action) => ({ action: `${CM}.${action}`, subject: uid, conditions: [IS_CREATOR] }))),
      ...AUTHOR_UPLOAD.map(([action, own]) => ({ action, subject: null, conditions: own ? [IS_CREATOR] : [] })),
    ];
  }
  return [];
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** one stored permission row as a grant (`properties.fields` absent: every attribute) */
export function grantOf(row: Entry): AdminPermissionGrant {
  const properties = isRecord(row.properties) ? row.properties : {};
  return {
    action: String(row.action),
    subject: typeof row.subject === 'string' && row.subject !== '' ? row.subject : null,
    fields: Array.isArray(properties.fields) ? stringList(properties.fields) : null,
    conditions: stringList(row.conditions),
  };
}

export function createAdminRolesStore(registry: Registry, repos: { roles: DocumentRepository; permissions: DocumentRepository }): AdminRolesStore {
  const list = async (): Promise<AdminRoleRecord[]> => {
    const page = await repos.roles.findPage(allRows(null, [populateFields('permissions', ['action', 'subject', 'properties', 'conditions'])]));
    return page.entries.map((role) => ({
      id: Number(role.id),
      documentId: String(role.documentId),
      name: String(role.name),
      code: String(role.code),
      description: typeof role.description === 'string' ? role.description : null,
      permissions: (Array.isArray(role.permissions) ? (role.permissions as Entry[]) : []).map(grantOf),
    }));
  };
  return {
    list,
    async ensureDefaults() {
      const existing = new Set((await repos.roles.findPage(allRows(null, [], ['code']))).entries.map((role) => String(role.code)));
      for (const role of DEFAULT_ADMIN_ROLES) {
        if (existing.has(role.code)) continue;
        let created: Entry;
        try {
          created = await repos.roles.create({ ...role }, { status: 'published' }, PLAIN);
        } catch (error) {
          // another process (a second server, the CLI) seeded it first: the code is unique
          if (error instanceof VellumError && error.code === UniqueError.code) continue;
          throw error;
        }
        for (const seed of seedPermissions(registry, role.code)) {
          await repos.permissions.create({ ...seed, properties: {}, actionParameters: {}, role: String(created.documentId) }, { status: 'published' }, PLAIN);
        }
      }
    },
  };
}

/** the role with that code in `roles` */
export function roleByCode(roles: readonly AdminRoleRecord[], code: string): AdminRoleRecord | undefined {
  return roles.find((role) => role.code === code);
}

