/**
 * Strapi's users-permissions `role` and `permissions` controllers: `GET /roles` (`{ roles }`
 * sorted by name, each with `nb_users`), `GET /roles/:id` (`{ role }` with the permissions tree),
 * `POST /roles`, `PUT /roles/:role`, `DELETE /roles/:role` (each `{ ok: true }`) and
 * `GET /permissions` (`{ permissions }`: the tree with nothing enabled).
 *
 * The tree, as Strapi shapes it: `{ "<type>": { controllers: { "<controller>": { "<action>":
 * { enabled, policy: "" } } } } }`, an action named `<type>.<controller>.<action>`
 * (`api::article.article.find`, `plugin::upload.content-api.upload`,
 * `plugin::users-permissions.user.me`).
 */
import { NotFoundError, ApplicationError, ValidationError } from '../errors/index.js';
import type { Registry } from '../model/types.js';
import { USERS_PERMISSIONS_CONTROLLERS, normalizeAction, usersPermissionsAction, type CustomActions } from './actions.js';
import type { RoleRecord, RolesStore } from './roles-store.js';
import type { UsersStore } from './users-store.js';
import { isRecord } from '../util/is-record.js';

export interface ActionState {
  enabled: boolean;
  policy: string;
}
export type PermissionsTree = Record<string, { controllers: Record<string, Record<string, ActionState>> }>;

export interface RoleAdmin {
  permissions(): { permissions: PermissionsTree };
  list(): Promise<{ roles: Record<string, unknown>[] }>;
  findOne(id: string): Promise<{ role: Record<string, unknown> }>;
  create(body: unknown): Promise<{ ok: true }>;
  update(id: string, body: unknown): Promise<{ ok: true }>;
  delete(id: string): Promise<{ ok: true }>;
}

const UPLOAD_ACTIONS = ['find', 'findOne', 'destroy', 'upload'];

/** Every action the tree shows, Strapi's name → grouping. */
function treeActions(registry: Registry, custom: CustomActions | undefined): string[] {
  const names: string[] = [];
  for (const type of registry.contentTypes.values()) {
    if (type.namespace !== 'api') continue;
    const actions = type.kind === 'singleType' ? ['find', 'update', 'delete'] : ['find', 'findOne', 'create', 'update', 'delete'];
    for (const action of actions) names.push(`${type.uid}.${action}`);
  }
  // custom route actions sit beside the core ones of their controller (`api::article.article.popular`)
  for (const name of [...(custom?.names ?? [])].sort()) if (!names.includes(name)) names.push(name);
  for (const action of UPLOAD_ACTIONS) names.push(`plugin::upload.content-api.${action}`);
  for (const [controller, actions] of Object.entries(USERS_PERMISSIONS_CONTROLLERS)) {
    for (const action of actions) names.push(usersPermissionsAction(controller, action));
  }
  return names;
}

function buildTree(registry: Registry, enabled: ReadonlySet<string>, custom: CustomActions | undefined): PermissionsTree {
  const tree: PermissionsTree = {};
  for (const name of treeActions(registry, custom)) {
    const [type, controller, action] = name.split('.') as [string, string, string];
    const controllers = (tree[type] ??= { controllers: {} }).controllers;
    (controllers[controller] ??= {})[action] = { enabled: enabled.has(normalizeAction(name)), policy: '' };
  }
  return tree;
}

/** Enabled actions of a tree from a request body, as Vellum names them. */
function enabledActions(tree: unknown): string[] {
  if (tree === undefined) return [];
  if (!isRecord(tree)) throw new ValidationError('permissions must be an object');
  const names: string[] = [];
  for (const [type, entry] of Object.entries(tree)) {
    const controllers = isRecord(entry) ? entry.controllers : undefined;
    if (!isRecord(controllers)) continue;
    for (const [controller, actions] of Object.entries(controllers)) {
      if (!isRecord(actions)) continue;
      for (const [action, state] of Object.entries(actions)) {
        if (isRecord(state) && state.enabled === true) names.push(normalizeAction(`${type}.${controller}.${action}`));
      }
    }
  }
  return [...new Set(names)];
}

function roleBody(body: unknown): Record<string, unknown> {
  if (!isRecord(body) || Object.keys(body).length === 0) throw new ValidationError('Request body cannot be empty');
  return body;
}

function optionalString(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new ValidationError(`${key} must be a \`string\` type`);
  return value;
}

export function createRoleAdmin(registry: Registry, roles: RolesStore, users: UsersStore, custom?: CustomActions): RoleAdmin {
  async function mustFind(id: string): Promise<RoleRecord> {
    // REST names roles by row id; GraphQL by documentId
    const role = (await roles.list()).find((r) => (/^\d+$/.test(id) ? r.id === Number(id) : r.documentId === id));
    if (!role) throw new NotFoundError('Role not found');
    return role;
  }

  /** grants and revokes so the role holds exactly `wanted` */
  async function setActions(role: RoleRecord, wanted: readonly string[]): Promise<void> {
    const add = wanted.filter((action) => !role.actions.includes(action));
    const remove = role.actions.filter((action) => !wanted.includes(action));
    if (add.length > 0) await roles.grant(role.type, add);
    if (remove.length > 0) await roles.revoke(role.type, remove);
  }

  return {
    permissions: () => ({ permissions: buildTree(registry, new Set(), custom) }),

    async list() {
      const records = await roles.list();
      const details = await roles.rows();
      const out: Record<string, unknown>[] = await Promise.all(records.map(async (role) => ({ ...details.get(role.id), nb_users: await users.countWithRole(role.id) })));
      return { roles: out.sort((a, b) => String(a.name).localeCompare(String(b.name))) };
    },

    async findOne(id) {
      const role = await mustFind(id);
      const row = (await roles.rows()).get(role.id);
      return { role: { ...row, permissions: buildTree(registry, new Set(role.actions), custom) } };
    },

    // The role and its permission rows in one transaction: a refused permission (an unknown
    // action, a lifecycle hook that throws) leaves no role behind.
    async create(body) {
      const input = roleBody(body);
      const name = optionalString(input, 'name');
      if (name === undefined) throw new ValidationError('name is a required field');
      const actions = enabledActions(input.permissions);
      const description = optionalString(input, 'description');
      const type = optionalString(input, 'type');
      await roles.transaction(async () => {
        // without a type, the store derives Strapi's from the name (roles-store.ts roleTypeOf)
        const created = await roles.create({ name, ...(type === undefined ? {} : { type }), ...(description === undefined ? {} : { description }) });
        if (actions.length > 0) await roles.grant(created.type, actions);
      });
      return { ok: true };
    },

    // One transaction too: a refused permission leaves the old name and the old permissions.
    async update(id, body) {
      const input = roleBody(body);
      const name = optionalString(input, 'name');
      const description = optionalString(input, 'description');
      await roles.transaction(async () => {
        const role = await mustFind(id);
        if (name !== undefined || description !== undefined) await roles.rename(role.documentId, { name, description });
        // A body without `permissions` keeps them (Strapi would remove every one).
        if (input.permissions !== undefined) await setActions(role, enabledActions(input.permissions));
      });
      return { ok: true };
    },

    delete: (id) => roles.transaction(async () => {
      const role = await mustFind(id);
      const publicRole = await roles.find('public');
      if (!publicRole) throw new ApplicationError('Impossible to find the public role');
      if (role.id === publicRole.id) throw new ApplicationError('Cannot delete public role');
      // Users first, as Strapi: they move to the public role, then the role's permissions go.
      for (const user of await users.withRole(role.id)) await users.update(user, { role: publicRole.documentId });
      if (role.actions.length > 0) await roles.revoke(role.type, role.actions);
      await roles.remove(role.documentId);
      return { ok: true as const };
    }),
  };
}
