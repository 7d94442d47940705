/**
 * Roles and their permissions in the database (`up_roles`, `up_permissions`), shared by the
 * server (`app.permissions`) and the CLI (`vellum role …`). Every write goes through the
 * repositories, which replace the auth version stamp in the same transaction, so every running
 * server applies it at its next request.
 */
import type { DocumentRepository } from '../documents/types.js';
import type { Entry } from '../engine/types.js';
import { UniqueError, UnknownPermissionsError, ValidationError, VellumError } from '../errors/index.js';
import type { Registry } from '../model/types.js';
import { normalizeAction, unknownActions, type CustomActions } from './actions.js';
import type { AuthState } from './auth-state.js';
import { PLAIN, allRows, anyOf, eq, populateFields } from './queries.js';

export interface RoleRecord {
  readonly id: number;
  readonly documentId: string;
  readonly name: string;
  readonly description: string | null;
  readonly type: string;
  /** sorted action names */
  readonly actions: readonly string[];
}

export interface CreateRoleInput {
  readonly name: string;
  readonly description?: string;
  /** defaults to `roleTypeOf(name)`, as Strapi derives it */
  readonly type?: string;
}

export interface RolesStore {
  /** creates the `public` and `authenticated` roles when missing */
  ensureDefaults(): Promise<void>;
  list(): Promise<RoleRecord[]>;
  /** by type (`public`, `authenticated`), else by name */
  find(ref: string): Promise<RoleRecord | undefined>;
  create(input: CreateRoleInput): Promise<RoleRecord>;
  /** returns the actions that were newly granted */
  grant(ref: string, actions: readonly string[]): Promise<string[]>;
  /** returns the actions that were removed */
  revoke(ref: string, actions: readonly string[]): Promise<string[]>;
  /** the roles as stored (id, documentId, name, description, type, timestamps), by row id */
  rows(): Promise<Map<number, Entry>>;
  rename(documentId: string, changes: { name?: string | undefined; description?: string | undefined }): Promise<void>;
  /** deletes the role row (its users and permissions are the caller's business) */
  remove(documentId: string): Promise<void>;
  /** runs `work` (several of these writes) in one transaction: all of it is written, or none */
  transaction: Transaction;
}

/** runs work in one write transaction: committed when it resolves, rolled back when it throws */
export type Transaction = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * Strapi's type for a role created without one (users-permissions' role service: the name
 * lowercased, accents dropped, in snake case): `Content Reviewer` → `content_reviewer`. The CLI,
 * `app.permissions.createRole` and `POST /api/users-permissions/roles` all use it, so
 * `default_role` names the same type whichever made the role.
 */
export function roleTypeOf(name: string): string {
  return name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');
}

export const DEFAULT_ROLES = [
  { name: 'Authenticated', description: 'Default role given to authenticated user.', type: 'authenticated' },
  { name: 'Public', description: 'Default role given to unauthenticated user.', type: 'public' },
] as const;

interface Repos {
  readonly roles: DocumentRepository;
  readonly permissions: DocumentRepository;
  readonly transaction: Transaction;
}

export function createRolesStore(registry: Registry, repos: Repos, state: AuthState, custom?: CustomActions): RolesStore {
  async function list(): Promise<RoleRecord[]> {
    const [roles, permissions] = await Promise.all([
      repos.roles.findPage(allRows(null)),
      repos.permissions.findPage(allRows(null, [populateFields('role', [])], ['action'])),
    ]);
    const actions = new Map<number, Set<string>>();
    for (const permission of permissions.entries) {
      const role = permission.role as { id?: number } | null | undefined;
      if (typeof role?.id !== 'number') continue;
      const set = actions.get(role.id) ?? new Set<string>();
      set.add(normalizeAction(String(permission.action)));
      actions.set(role.id, set);
    }
    return roles.entries.map((role) => ({
      id: role.id,
      documentId: String(role.documentId),
      name: String(role.name),
      description: typeof role.description === 'string' ? role.description : null,
      type: String(role.type),
      actions: [...(actions.get(role.id) ?? [])].sort(),
    }));
  }

  async function find(ref: string): Promise<RoleRecord | undefined> {
    const roles = await list();
    return roles.find((role) => role.type === ref) ?? roles.find((role) => role.name === ref);
  }

  async function mustFind(ref: string): Promise<RoleRecord> {
    const role = await find(ref);
    if (!role) {
      const names = (await list()).map((r) => r.type).join(', ');
      throw new ValidationError(`Unknown role "${ref}" (roles: ${names})`);
    }
    return role;
  }

  function checkActions(actions: readonly string[]): string[] {
    if (actions.length === 0) throw new ValidationError('Name at least one action, e.g. api::article.article.find');
    const unknown = unknownActions(registry, actions, custom);
    if (unknown.length > 0) throw new UnknownPermissionsError(`Unknown permissions provided: ${unknown.join(', ')}`);
    return [...new Set(actions.map(normalizeAction))];
  }

  return {
    async ensureDefaults() {
      const existing = await repos.roles.findPage(allRows(anyOf(...DEFAULT_ROLES.map((r) => eq('type', r.type)))));
      const types = new Set(existing.entries.map((r) => String(r.type)));
      const missing = DEFAULT_ROLES.filter((r) => !types.has(r.type));
      for (const role of missing) {
        try {
          await repos.roles.create({ ...role }, { status: 'published' }, PLAIN);
        } catch (error) {
          // Another process (a second server, the CLI) created it first: the type is unique.
          if (!(error instanceof VellumError && error.code === UniqueError.code)) throw error;
        }
      }
      // A database whose roles predate the stamp: give it one, so caches have something to key on.
      if ((await state.read()) === null) await state.bump();
    },
    list,
    find,
    transaction: repos.transaction,
    async rows() {
      const page = await repos.roles.findPage(allRows(null));
      return new Map(page.entries.map((role) => [role.id, role]));
    },
    async rename(documentId, changes) {
      const data: Record<string, unknown> = {};
      if (changes.name !== undefined) {
        const name = changes.name.trim();
        if (name.length < 3) throw new ValidationError('A role name needs at least 3 characters');
        data.name = name;
      }
      if (changes.description !== undefined) data.description = changes.description;
      await repos.roles.update(documentId, data, { status: 'published' }, PLAIN);
    },
    async remove(documentId) {
      await repos.roles.delete(documentId);
    },
    async create(input) {
      const name = input.name.trim();
      if (name.length < 3) throw new ValidationError('A role name needs at least 3 characters');
      const type = input.type?.trim() || roleTypeOf(name);
      const roles = await list();
      if (roles.some((r) => r.type === type || r.name === name)) throw new UniqueError(`A role named "${name}" already exists`);
      const created = await repos.roles.create({ name, description: input.description ?? '', type }, { status: 'published' }, PLAIN);
      return { id: created.id, documentId: String(created.documentId), name, description: input.description ?? '', type, actions: [] };
    },
    // one permission row per action, all of them or none
    grant: (ref, actions) => repos.transaction(async () => {
      const wanted = checkActions(actions);
      const role = await mustFind(ref);
      const added = wanted.filter((action) => !role.actions.includes(action));
      for (const action of added) {
        await repos.permissions.create({ action, role: role.documentId }, { status: 'published' }, PLAIN);
      }
      return added;
    }),
    revoke: (ref, actions) => repos.transaction(async () => {
      const wanted = checkActions(actions);
      const role = await mustFind(ref);
      const rows = await repos.permissions.findPage(allRows(
        { kind: 'nested', attribute: 'role', filter: eq('id', role.id) },
        [],
        ['action'],
      ));
      const removed: string[] = [];
      for (const row of rows.entries) {
        const action = normalizeAction(String(row.action));
        if (!wanted.includes(action)) continue;
        await repos.permissions.delete(String(row.documentId));
        removed.push(action);
      }
      return [...new Set(removed)];
    }),
  };
}
