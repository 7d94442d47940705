/**
 * Admin roles as Settings → Administration panel → Roles edits them, Strapi 5's rules: create
 * (`{ name, description }`, a code made from the name), rename, delete (refused for Super Admin
 * and for a role some user still holds, 400 saying which), and a role's permissions read and
 * replaced as a whole (`{ permissions: [{ action, subject, properties: { fields }, conditions }] }`).
 * Super Admin's permissions are everything and not editable. Each write of a role and its
 * permission rows is one transaction through the repositories, which replace the auth stamp:
 * every instance applies it at its next request (admin-cache.ts).
 */
import { randomBytes } from 'node:crypto';
import type { DocumentRepository } from '../../documents/types.js';
import type { Entry } from '../../engine/types.js';
import { ApplicationError, NotFoundError } from '../../errors/index.js';
import type { Registry } from '../../model/types.js';
import { fail, issue, record, type Issue } from '../body-checks.js';
import { PLAIN, eq, allRows, populateFields } from '../queries.js';
import type { Transaction } from '../roles-store.js';
import type { AdminCache } from './admin-cache.js';
import { CM, IS_CREATOR, SUPER_ADMIN_CODE, type AdminPermissionGrant, type AdminPermissionView, type ContentManagerAction } from './admin-grants.js';
import { FIELD_ACTIONS, PLUGIN_ACTIONS, SETTINGS_ENTRIES, contentTypesOf, permissionFields, permissionLayout } from './admin-permission-layout.js';
import { allPermissionsOf } from './admin-permission-list.js';
import type { AdminRoleRecord } from './admin-roles-store.js';

export interface AdminRoleView {
  readonly id: number;
  readonly documentId: string;
  readonly name: string;
  readonly code: string;
  readonly description: string | null;
  readonly usersCount: number;
}

/** a stored permission as Strapi answers it: the realm's view and its (empty) `actionParameters` */
export interface AdminPermissionRow extends AdminPermissionView {
  readonly actionParameters: Record<string, never>;
}

export interface AdminRolesAdmin {
  list(): Promise<AdminRoleView[]>;
  findOne(id: string): Promise<AdminRoleView>;
  create(body: unknown): Promise<AdminRoleView>;
  update(id: string, body: unknown): Promise<AdminRoleView>;
  delete(id: string): Promise<AdminRoleView>;
  permissions(id: string): Promise<AdminPermissionRow[]>;
  setPermissions(id: string, body: unknown): Promise<AdminPermissionRow[]>;
  layout(): ReturnType<typeof permissionLayout>;
}

export interface AdminRolesAdminDeps {
  readonly registry: Registry;
  readonly roles: DocumentRepository;
  readonly permissions: DocumentRepository;
  readonly cache: AdminCache;
  /** the row ids of each user's roles */
  userRoleIds(): Promise<number[][]>;
  readonly transaction: Transaction;
}

const NO_SUBJECT_ACTIONS: ReadonlySet<string> = new Set([...PLUGIN_ACTIONS, ...SETTINGS_ENTRIES].map((entry) => entry.action));
const CONDITIONS: ReadonlySet<string> = new Set([IS_CREATOR]);
const ROLE_ID = /^\d{1,15}$/;

export const rowOf = (grant: AdminPermissionGrant): AdminPermissionRow => ({
  action: grant.action,
  actionParameters: {},
  subject: grant.subject,
  properties: grant.fields === null ? {} : { fields: grant.fields },
  conditions: grant.conditions,
});

/** Strapi's code for a new role: the name in kebab case and a unique suffix */
const codeOf = (name: string): string =>
  `${name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'role'}-${randomBytes(4).toString('hex')}`;

function stringArray(value: unknown, path: string[], issues: Issue[]): string[] | undefined {
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    issues.push({ path, message: `${path.join('.')} must be an array of strings`, name: 'ValidationError' });
    return undefined;
  }
  return value as string[];
}

export function createAdminRolesAdmin(deps: AdminRolesAdminDeps): AdminRolesAdmin {
  const { registry } = deps;
  const types = new Map(contentTypesOf(registry).map((type) => [type.uid, type]));

  async function views(): Promise<{ roles: readonly AdminRoleRecord[]; counts: Map<number, number> }> {
    const [snapshot, holders] = await Promise.all([deps.cache.fresh(), deps.userRoleIds()]);
    const counts = new Map<number, number>();
    for (const ids of holders) for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
    return { roles: snapshot.roles, counts };
  }
  const viewOf = ({ permissions: _p, ...role }: AdminRoleRecord, counts: Map<number, number>): AdminRoleView => ({ ...role, usersCount: counts.get(role.id) ?? 0 });

  async function requireRole(id: string): Promise<{ role: AdminRoleRecord; counts: Map<number, number>; roles: readonly AdminRoleRecord[] }> {
    const { roles, counts } = await views();
    const role = ROLE_ID.test(id) ? roles.find((candidate) => candidate.id === Number(id)) : undefined;
    if (!role) throw new NotFoundError('role.notFound');
    return { role, counts, roles };
  }

  function roleFields(body: unknown, roles: readonly AdminRoleRecord[], self: AdminRoleRecord | null, creating: boolean): { name?: string; description?: string | null } {
    const input = record(body);
    const issues: Issue[] = [];
    const data: { name?: string; description?: string | null } = {};
    if (creating || 'name' in input) {
      const name = typeof input.name === 'string' ? input.name.trim() : '';
      if (name === '') issues.push(issue('name', 'name is a required field'));
      else if (roles.some((role) => role !== self && role.name.toLowerCase() === name.toLowerCase())) {
        issues.push(issue('name', `The name must be unique and a role with name \`${name}\` already exists.`));
      } else data.name = name;
    }
    if ('description' in input) {
      if (input.description !== null && typeof input.description !== 'string') issues.push(issue('description', 'description must be a string'));
      else data.description = input.description === null || input.description === '' ? null : String(input.description);
    }
    if (issues.length > 0) fail(issues);
    return data;
  }

  /** a role's permission rows as sent, checked against the layout; every problem named by its path */
  function checkedPermissions(body: unknown): Omit<AdminPermissionGrant, never>[] {
    const input = record(body);
    const issues: Issue[] = [];
    if (!Array.isArray(input.permissions)) fail([issue('permissions', 'permissions must be an array')]);
    const seen = new Set<string>();
    const grants: AdminPermissionGrant[] = [];
    input.permissions.forEach((value: unknown, index: number) => {
      const at = (key: string) => ['permissions', String(index), key];
      const say = (key: string, message: string) => issues.push({ path: at(key), message, name: 'ValidationError' });
      const item = record(value);
      const action = typeof item.action === 'string' ? item.action : '';
      const subject = typeof item.subject === 'string' && item.subject !== '' ? item.subject : null;
      const cmAction = action.startsWith(`${CM}.`) ? (action.slice(CM.length + 1) as ContentManagerAction) : null;
      const type = subject === null ? undefined : types.get(subject);
      if (cmAction !== null) {
        if (!type) return say('subject', `permissions[${index}].subject: ${JSON.stringify(item.subject ?? null)} is not a content type`);
        if (!['create', 'read', 'update', 'delete', 'publish'].includes(cmAction)) return say('action', `permissions[${index}].action: unknown action ${JSON.stringify(action)}`);
        if (cmAction === 'publish' && !type.draftAndPublish) return say('action', `permissions[${index}].action: ${type.displayName} has no draft and publish`);
      } else if (!NO_SUBJECT_ACTIONS.has(action)) {
        return say('action', `permissions[${index}].action: unknown action ${JSON.stringify(item.action ?? null)}`);
      } else if (subject !== null) return say('subject', `permissions[${index}].subject: ${action} takes no subject`);
      const key = `${action} ${subject ?? ''}`;
      if (seen.has(key)) return say('action', `permissions[${index}]: ${action} on ${subject ?? 'no subject'} is listed twice`);
      seen.add(key);
      const properties = record(item.properties);
      let fields: string[] | null = null;
      if (properties.fields !== undefined) {
        if (cmAction === null || !FIELD_ACTIONS.has(cmAction)) return say('properties', `permissions[${index}].properties.fields: ${action} takes no fields`);
        const named = stringArray(properties.fields, [...at('properties'), 'fields'], issues);
        if (!named) return;
        const known = new Set(permissionFields(type!));
        const unknown = named.filter((name) => !known.has(name));
        if (unknown.length > 0) return say('properties', `permissions[${index}].properties.fields: ${type!.displayName} has no attribute ${unknown.join(', ')}`);
        fields = [...new Set(named)];
      }
      const conditions = item.conditions === undefined ? [] : stringArray(item.conditions, at('conditions'), issues);
      if (!conditions) return;
      const unknownCondition = conditions.find((condition) => !CONDITIONS.has(condition));
      if (unknownCondition !== undefined) return say('conditions', `permissions[${index}].conditions: unknown condition ${JSON.stringify(unknownCondition)}`);
      grants.push({ action, subject, fields, conditions: [...new Set(conditions)] });
    });
    if (issues.length > 0) fail(issues);
    return grants;
  }

  async function permissionRowIds(roleId: number): Promise<string[]> {
    const page = await deps.roles.findPage(allRows(eq('id', roleId), [populateFields('permissions', ['action'])], ['code']));
    const rows = page.entries[0]?.permissions;
    return Array.isArray(rows) ? (rows as Entry[]).map((row) => String(row.documentId)) : [];
  }

  const refuseSuperAdmin = (role: AdminRoleRecord, what: string): void => {
    if (role.code === SUPER_ADMIN_CODE) throw new ApplicationError(`The Super Admin role cannot be ${what}: it can do everything`);
  };

  return {
    async list() {
      const { roles, counts } = await views();
      return roles.map((role) => viewOf(role, counts));
    },
    async findOne(id) {
      const { role, counts } = await requireRole(id);
      return viewOf(role, counts);
    },
    async create(body) {
      const { roles } = await views();
      const data = roleFields(body, roles, null, true);
      const created = await deps.roles.create({ name: data.name, code: codeOf(data.name ?? ''), description: data.description ?? null }, { status: 'published' }, PLAIN);
      return { id: Number(created.id), documentId: String(created.documentId), name: String(created.name), code: String(created.code), description: typeof created.description === 'string' ? created.description : null, usersCount: 0 };
    },
    async update(id, body) {
      const { role, counts, roles } = await requireRole(id);
      refuseSuperAdmin(role, 'edited');
      const data = roleFields(body, roles, role, false);
      if (Object.keys(data).length > 0) await deps.roles.update(role.documentId, data, { status: 'published' }, PLAIN);
      return { ...viewOf(role, counts), ...data };
    },
    async delete(id) {
      const { role, counts } = await requireRole(id);
      refuseSuperAdmin(role, 'deleted');
      const holders = counts.get(role.id) ?? 0;
      if (holders > 0) throw new ApplicationError(`The role ${role.name} is still assigned to ${holders} user${holders === 1 ? '' : 's'}: give them another role first`);
      await deps.transaction(async () => {
        for (const row of await permissionRowIds(role.id)) await deps.permissions.delete(row);
        await deps.roles.delete(role.documentId);
      });
      return viewOf(role, counts);
    },
    async permissions(id) {
      const { role } = await requireRole(id);
      return (role.code === SUPER_ADMIN_CODE ? allPermissionsOf(registry) : role.permissions).map(rowOf);
    },
    async setPermissions(id, body) {
      const { role } = await requireRole(id);
      refuseSuperAdmin(role, 'edited');
      const grants = checkedPermissions(body);
      await deps.transaction(async () => {
        for (const row of await permissionRowIds(role.id)) await deps.permissions.delete(row);
        for (const grant of grants) {
          await deps.permissions.create({
            action: grant.action, subject: grant.subject, properties: grant.fields === null ? {} : { fields: grant.fields },
            conditions: grant.conditions, actionParameters: {}, role: role.documentId,
          }, { status: 'published' }, PLAIN);
        }
      });
      return grants.map(rowOf);
    },
    layout: () => permissionLayout(registry),
  };
}
