/**
 * Strapi 5's users-permissions `user` controller over numeric ids: create (201), update and
 * destroy of `/api/users[/:id]`, with Strapi's checks and messages (`Username already taken`,
 * `Email already taken`, `User not found`, `password.notNull`). Every write goes through the
 * users repository, so it replaces the auth stamp: blocking a user applies at its next request.
 */
import type { AdvancedSettings } from '../config/types.js';
import type { Entry } from '../engine/types.js';
import { ApplicationError, NotFoundError, ValidationError } from '../errors/index.js';
import { accountFields, checkPassword, fail, record, requiredEmail, requiredString, type Issue } from './body-checks.js';
import type { UsersStore } from './users-store.js';

export interface UserAdmin {
  create(body: unknown): Promise<Entry>;
  update(id: string, body: unknown): Promise<Entry>;
  destroy(id: string): Promise<Entry>;
  /** by row id; null when there is none */
  find(id: string): Promise<Entry | null>;
}

export interface UserAdminOptions {
  readonly users: UsersStore;
  readonly passwordMinLength: number;
  advanced(): AdvancedSettings;
  /** a role's documentId from its row id (as Strapi's bodies name roles) or documentId */
  roleRef(ref: unknown): Promise<string | undefined>;
}

/** Never set through the API: the flows' own secrets. */
const REFUSED_KEYS = ['resetPasswordToken', 'confirmationToken', 'id', 'documentId'];

export function createUserAdmin(options: UserAdminOptions): UserAdmin {
  const { users } = options;

  /** REST names users by row id; GraphQL by documentId */
  async function find(id: string): Promise<Entry | null> {
    if (/^\d+$/.test(id)) return users.findByRowId(Number(id));
    return id === '' ? null : users.findBy('documentId', id);
  }

  async function mustFind(id: string): Promise<Entry> {
    const user = await find(id);
    if (!user) throw new NotFoundError('User not found');
    return user;
  }

  function refuseKeys(input: Record<string, unknown>): void {
    const refused = Object.keys(input).filter((key) => REFUSED_KEYS.includes(key));
    if (refused.length > 0) throw new ValidationError(`Invalid parameters: ${refused.join(', ')}`);
  }

  async function role(input: Record<string, unknown>): Promise<Record<string, unknown>> {
    if (!('role' in input) || input.role === null) return input;
    const documentId = await options.roleRef(input.role);
    if (documentId === undefined) throw new ValidationError(`Undefined role ${JSON.stringify(input.role)}`);
    return { ...input, role: documentId };
  }

  async function taken(field: 'username' | 'email', value: string, self: number | null): Promise<boolean> {
    const other = await users.findBy(field, value);
    return other !== null && other.id !== self;
  }

  return {
    find,

    async create(body) {
      const input = record(body);
      refuseKeys(input);
      const { username, email } = accountFields(input, options.passwordMinLength);
      if (await taken('username', username, null)) throw new ApplicationError('Username already taken');
      if (await taken('email', email.toLowerCase(), null)) throw new ApplicationError('Email already taken');
      const data = await role({ ...input, email: email.toLowerCase(), provider: 'local' });
      if (data.role === undefined) {
        const fallback = await options.roleRef({ type: options.advanced().default_role });
        if (fallback === undefined) throw new ApplicationError('Impossible to find the default role');
        data.role = fallback;
      }
      return users.create(data);
    },

    async update(id, body) {
      const user = await mustFind(id);
      const input = record(body);
      refuseKeys(input);
      const issues: Issue[] = [];
      if ('email' in input) requiredEmail(input, 'email', issues);
      if ('username' in input) requiredString(input, 'username', issues);
      if (typeof input.password === 'string') checkPassword('password', input.password, options.passwordMinLength, issues);
      if (issues.length > 0) fail(issues);
      if (user.provider === 'local' && 'password' in input && !input.password) throw new ValidationError('password.notNull');
      if (typeof input.username === 'string' && await taken('username', input.username, user.id)) throw new ApplicationError('Username already taken');
      const data: Record<string, unknown> = await role({ ...input });
      if (typeof input.email === 'string') {
        data.email = input.email.toLowerCase();
        if (await taken('email', data.email as string, user.id)) throw new ApplicationError('Email already taken');
      }
      const updated = await users.update(String(user.documentId), data);
      if (!updated) throw new NotFoundError('User not found');
      return updated;
    },

    async destroy(id) {
      const user = await mustFind(id);
      await users.delete(String(user.documentId));
      return user;
    },
  };
}
