/** Users (`up_users`) as authentication reads and writes them. */
import type { DocumentRepository } from '../documents/types.js';
import type { EngineContext, Entry } from '../engine/types.js';
import { readHiddenValues } from '../engine/read-hidden.js';
import { USER_UID } from './content-types.js';
import { PLAIN, allOf, allRows, anyOf, eq, populateFields } from './queries.js';

export interface UserWithRole {
  readonly user: Entry;
  /** the user's role row id; null when the user has none */
  readonly roleId: number | null;
}

export interface UsersStore {
  /** the user a JWT names, with its role */
  findById(id: number): Promise<UserWithRole | null>;
  /** a local account whose email (case-insensitively) or username is `identifier` */
  findByIdentifier(identifier: string): Promise<Entry | null>;
  /** is the email or the username taken (by either field, as Strapi checks)? */
  isTaken(email: string, username: string): Promise<boolean>;
  passwordHash(userId: number): Promise<string | null>;
  create(data: Record<string, unknown>): Promise<Entry>;
  /** the first user whose `field` (email, username, resetPasswordToken, confirmationToken) is `value` */
  findBy(field: string, value: string): Promise<Entry | null>;
  /** by row id, as Strapi's `/api/users/:id` addresses users */
  findByRowId(id: number): Promise<Entry | null>;
  /** null when the user no longer exists */
  update(documentId: string, data: Record<string, unknown>): Promise<Entry | null>;
  /** the deleted user, or null */
  delete(documentId: string): Promise<boolean>;
  /** users holding the role (row id) */
  countWithRole(roleId: number): Promise<number>;
  /** document ids of the users holding the role */
  withRole(roleId: number): Promise<string[]>;
}

export function createUsersStore(engine: EngineContext, repo: DocumentRepository): UsersStore {
  const first = async (query: ReturnType<typeof allRows>): Promise<Entry | null> =>
    (await repo.findPage({ ...query, pagination: { kind: 'offset', start: 0, limit: 1, withCount: false } })).entries[0] ?? null;

  return {
    async findById(id) {
      const user = await first(allRows(eq('id', id), [populateFields('role', ['type'])]));
      if (!user) return null;
      const { role, ...plain } = user;
      const roleId = typeof (role as { id?: unknown } | null)?.id === 'number' ? (role as { id: number }).id : null;
      return { user: plain as Entry, roleId };
    },
    findByIdentifier(identifier) {
      return first(allRows(allOf(
        eq('provider', 'local'),
        anyOf(eq('email', identifier.toLowerCase()), eq('username', identifier)),
      )));
    },
    async isTaken(email, username) {
      const lower = email.toLowerCase();
      const found = await first(allRows(anyOf(eq('email', lower), eq('username', lower), eq('username', username), eq('email', username))));
      return found !== null;
    },
    async passwordHash(userId) {
      const value = (await readHiddenValues(engine, USER_UID, [userId], ['password'])).get(userId)?.password;
      return typeof value === 'string' && value !== '' ? value : null;
    },
    create(data) {
      return repo.create(data, { status: 'published' }, PLAIN);
    },
    findBy(field, value) {
      return first(allRows(eq(field, value)));
    },
    findByRowId(id) {
      return first(allRows(eq('id', id)));
    },
    update(documentId, data) {
      return repo.update(documentId, data, { status: 'published' }, PLAIN);
    },
    delete(documentId) {
      return repo.delete(documentId);
    },
    countWithRole(roleId) {
      return repo.count({ kind: 'nested', attribute: 'role', filter: eq('id', roleId) }, 'published');
    },
    async withRole(roleId) {
      const page = await repo.findPage(allRows({ kind: 'nested', attribute: 'role', filter: eq('id', roleId) }, [], []));
      return page.entries.map((user) => String(user.documentId));
    },
  };
}
