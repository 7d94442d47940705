/** Admin users (`admin_users`, roles through `admin_users_roles_lnk`) as the admin realm reads and writes them. */
import type { DocumentRepository } from '../../documents/types.js';
import type { EngineContext, Entry } from '../../engine/types.js';
import { readHiddenValues } from '../../engine/read-hidden.js';
import { allRows, eq, populateFields } from '../queries.js';
import { ADMIN_USER_UID } from './admin-content-types.js';

/** what an admin user answers with: never the password, reset or registration token */
export const USER_FIELDS = ['firstname', 'lastname', 'username', 'email', 'isActive', 'blocked', 'preferedLanguage', 'createdAt', 'updatedAt'] as const;
const WITH_ROLES = [populateFields('roles', ['name', 'code', 'description'])];
const READ_BACK = { fields: [...USER_FIELDS], populate: WITH_ROLES, status: 'published' } as const;

export interface AdminUsersStore {
  count(): Promise<number>;
  /** the user with that row id, roles populated */
  findById(id: number): Promise<Entry | null>;
  findByDocumentId(documentId: string): Promise<Entry | null>;
  /** by email, case-insensitively (emails are stored lower case) */
  findByEmail(email: string): Promise<Entry | null>;
  /** the user whose (hashed) registration token is `hash` */
  findByRegistrationToken(hash: string): Promise<Entry | null>;
  passwordHash(id: number): Promise<string | null>;
  list(): Promise<Entry[]>;
  create(data: Record<string, unknown>): Promise<Entry>;
  update(documentId: string, data: Record<string, unknown>): Promise<Entry | null>;
  delete(documentId: string): Promise<boolean>;
}

export function createAdminUsersStore(engine: EngineContext, repo: DocumentRepository): AdminUsersStore {
  const first = async (filter: ReturnType<typeof eq>): Promise<Entry | null> =>
    (await repo.findPage({ ...allRows(filter, WITH_ROLES, [...USER_FIELDS]), pagination: { kind: 'offset', start: 0, limit: 1, withCount: false } })).entries[0] ?? null;
  return {
    count: () => repo.count(null, 'published'),
    findById: (id) => first(eq('id', id)),
    findByDocumentId: (documentId) => first(eq('documentId', documentId)),
    findByEmail: (email) => first(eq('email', email.toLowerCase())),
    findByRegistrationToken: (hash) => first(eq('registrationToken', hash)),
    async passwordHash(id) {
      const value = (await readHiddenValues(engine, ADMIN_USER_UID, [id], ['password'])).get(id)?.password;
      return typeof value === 'string' && value !== '' ? value : null;
    },
    async list() {
      return (await repo.findPage(allRows(null, WITH_ROLES, [...USER_FIELDS]))).entries;
    },
    create: (data) => repo.create(data, { status: 'published' }, READ_BACK),
    update: (documentId, data) => repo.update(documentId, data, { status: 'published' }, READ_BACK),
    delete: (documentId) => repo.delete(documentId),
  };
}

