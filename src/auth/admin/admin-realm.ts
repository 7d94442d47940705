/**
 * The admin realm: admin users, their sessions and roles, and the admin actor of each admin API
 * request. Users-permissions users are another realm (auth-service.ts): neither accepts the
 * other's tokens. Writes of users go through the repository the app hands in, whose writes are
 * operations (lifecycles and document-service middlewares see them); the admin API runs each
 * call inside an `operations.action` (src/admin/).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { DocumentRepository } from '../../documents/types.js';
import { verifyPassword } from '../../documents/hash-passwords.js';
import type { EngineContext, Entry } from '../../engine/types.js';
import { ApplicationError, ForbiddenError, NotFoundError, UnauthorizedError, UniqueError, ValidationError, VellumError } from '../../errors/index.js';
import type { Registry } from '../../model/types.js';
import type { Actor } from '../actor.js';
import type { AuthState } from '../auth-state.js';
import type { Transaction } from '../roles-store.js';
import { fail, issue, optionalString, record, requiredEmail, requiredName, type Issue } from '../body-checks.js';
import { DUMMY_HASH } from '../local-auth.js';
import { ADMIN_CLAIM_UID, ADMIN_PERMISSION_UID, ADMIN_ROLE_UID, ADMIN_SESSION_UID, ADMIN_USER_UID } from './admin-content-types.js';
import { createAdminCache, type AdminSnapshot } from './admin-cache.js';
import { SUPER_ADMIN_CODE, type AdminGrants, type AdminPermissionGrant, type AdminPermissionView } from './admin-grants.js';
import { createAdminJwt } from './admin-jwt.js';
import { adminPasswordIssues } from './admin-passwords.js';
import { allPermissionsOf } from './admin-permission-list.js';
import { createAdminRolesAdmin, type AdminRolesAdmin } from './admin-role-admin.js';
import { createAdminRolesStore, roleByCode, type AdminRoleRecord } from './admin-roles-store.js';
import { createAdminSessions, type IssuedRefresh, type SessionLifespans } from './admin-sessions.js';
import { createAdminUsersStore } from './admin-users-store.js';

/** what admin authentication needs of a request */
export interface AdminRequest {
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** a login's answer: the access token and user for the body, the refresh token for the cookie */
export interface AdminLogin {
  readonly token: string;
  readonly user: Entry;
  readonly refresh: IssuedRefresh;
}

export type { AdminPermissionView } from './admin-grants.js';

export interface AdminRealm {
  /** the admin actor of a request on the admin API; 401 without a valid admin access token */
  actor(request: AdminRequest): Promise<Actor>;
  hasAdmin(): Promise<boolean>;
  /** the first Super Admin; 400 once an admin exists */
  registerAdmin(body: unknown): Promise<AdminLogin>;
  login(body: unknown): Promise<AdminLogin>;
  /** exchanges the refresh cookie's token (rotation) for a new access token */
  refresh(token: string | undefined): Promise<{ token: string; refresh: IssuedRefresh }>;
  logout(token: string | undefined): Promise<void>;
  /** the permissions of the admin (a Super Admin's: every action on every type) */
  permissionsOf(grants: AdminGrants): AdminPermissionView[];
  listUsers(): Promise<Entry[]>;
  findUser(id: number): Promise<Entry>;
  /** an invitation: an inactive user and the registration token that activates it (shown once) */
  invite(body: unknown): Promise<Entry & { registrationToken: string }>;
  /** what an invitation's registration page shows (`GET /admin/registration-info`); 400 for an unknown token */
  registrationInfo(token: unknown): Promise<{ email: string; firstname: string | null; lastname: string | null }>;
  /** Settings → Roles: roles and their permissions written (admin-role-admin.ts) */
  readonly rolesAdmin: AdminRolesAdmin;
  /** an invited user sets their name and password; each token works once */
  register(body: unknown): Promise<AdminLogin>;
  updateUser(id: number, body: unknown, by: AdminGrants | null): Promise<Entry>;
  deleteUser(id: number): Promise<Entry>;
  /** the CLI's `admin:create-user`: an active user with the role `roleCode` (Super Admin by default) */
  createUser(input: { email: unknown; password: unknown; firstname: unknown; lastname: unknown; roleCode?: string }): Promise<Entry>;
  /** the CLI's `admin:reset-user-password`: also ends the user's sessions */
  resetPassword(email: unknown, password: unknown): Promise<Entry>;
  /** seeds Super Admin, Editor and Author when missing */
  init(): Promise<void>;
}

export interface AdminRealmOptions {
  readonly registry: Registry;
  readonly engine: EngineContext;
  /** users, roles and permissions: writes as operations (the app's service repositories) */
  repository(uid: string): DocumentRepository;
  readonly state: AuthState;
  readonly secret: string;
  readonly sessions: SessionLifespans & { readonly accessTokenLifespan: number };
  /** runs a role's and its permissions' writes in one transaction (the operation layer's) */
  readonly transaction: Transaction;
}

const hashOf = (token: string): string => createHash('sha256').update(token).digest('hex');
const INVALID_CREDENTIALS = 'Invalid credentials';
const CLAIM_READ = { fields: ['name'], populate: [], status: 'published' } as const;

function bearer(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  return /^Bearer\s+(\S+)\s*$/i.exec(header.trim())?.[1] ?? null;
}

function roleIds(entry: Entry): number[] {
  return Array.isArray(entry.roles) ? (entry.roles as Entry[]).map((role) => Number(role.id)) : [];
}

export function createAdminRealm(options: AdminRealmOptions): AdminRealm {
  const { registry, engine, state } = options;
  const users = createAdminUsersStore(engine, options.repository(ADMIN_USER_UID));
  const rolesStore = createAdminRolesStore(registry, { roles: options.repository(ADMIN_ROLE_UID), permissions: options.repository(ADMIN_PERMISSION_UID) });
  const sessions = createAdminSessions(engine, options.repository(ADMIN_SESSION_UID), options.sessions);
  const claims = options.repository(ADMIN_CLAIM_UID);
  const jwt = createAdminJwt(options.secret, options.sessions.accessTokenLifespan);
  const cache = createAdminCache({ roles: rolesStore, users, state });
  const actors = new WeakMap<AdminRequest, Promise<Actor>>();
  const rolesAdmin = createAdminRolesAdmin({
    registry, cache, transaction: options.transaction,
    roles: options.repository(ADMIN_ROLE_UID), permissions: options.repository(ADMIN_PERMISSION_UID),
    userRoleIds: async () => (await users.list()).map(roleIds),
  });

  function grantsOf(user: Entry, snapshot: AdminSnapshot): AdminGrants {
    const roles = roleIds(user).map((id) => snapshot.rolesById.get(id)).filter((role): role is AdminRoleRecord => role !== undefined);
    const permissions: AdminPermissionGrant[] = roles.flatMap((role) => role.permissions);
    return {
      user, id: Number(user.id), documentId: String(user.documentId),
      superAdmin: roles.some((role) => role.code === SUPER_ADMIN_CODE),
      roles: roles.map(({ permissions: _p, ...role }) => role),
      permissions,
    };
  }

  async function resolve(request: AdminRequest): Promise<Actor> {
    const token = bearer(request.headers.authorization);
    // an API token has no dots, a user JWT does not verify here: neither is an admin credential
    const claims = token !== null && token.includes('.') ? await jwt.verify(token) : null;
    if (claims === null) throw new UnauthorizedError('Missing or invalid credentials');
    const snapshot = await cache.fresh();
    const [user, active] = await Promise.all([snapshot.user(claims.userId), sessions.isActive(claims.sessionId)]);
    if (!user || !active || user.isActive !== true || user.blocked === true) throw new UnauthorizedError('Missing or invalid credentials');
    return { kind: 'admin', admin: grantsOf(user, snapshot) };
  }

  async function loginAs(user: Entry, rememberMe: boolean): Promise<AdminLogin> {
    const refresh = await sessions.start(Number(user.id), rememberMe);
    const token = await jwt.issue({ userId: Number(user.id), sessionId: refresh.family });
    return { token, user, refresh };
  }

  async function roleDocumentIds(value: unknown, key: string, issues: Issue[]): Promise<string[] | undefined> {
    if (value === undefined) return undefined;
    if (!Array.isArray(value) || value.length === 0) {
      issues.push(issue(key, `${key} must be a non-empty array of role ids`));
      return undefined;
    }
    const roles = (await cache.fresh()).roles;
    const found: string[] = [];
    for (const ref of value) {
      const role = roles.find((candidate) => candidate.id === Number(ref) || candidate.documentId === ref);
      if (!role) issues.push(issue(key, `${key}: no role ${JSON.stringify(ref)}`));
      else found.push(role.documentId);
    }
    return found;
  }

  async function superAdminsOtherThan(id: number): Promise<number> {
    const snapshot = await cache.fresh();
    const superRole = roleByCode(snapshot.roles, SUPER_ADMIN_CODE);
    if (!superRole) return 0;
    return (await users.list()).filter((user) => Number(user.id) !== id && user.isActive === true && roleIds(user).includes(superRole.id)).length;
  }

  async function requireUser(id: number): Promise<Entry> {
    const user = Number.isSafeInteger(id) && id > 0 ? await users.findById(id) : null;
    if (!user) throw new NotFoundError('User does not exist');
    return user;
  }

  async function superAdminRole(): Promise<AdminRoleRecord> {
    const role = roleByCode((await cache.fresh()).roles, SUPER_ADMIN_CODE);
    if (!role) throw new ApplicationError('The Super Admin role is missing');
    return role;
  }

  return {
    actor(request) {
      let resolved = actors.get(request);
      if (!resolved) {
        resolved = resolve(request);
        actors.set(request, resolved);
      }
      return resolved;
    },
    async hasAdmin() {
      return (await users.count()) > 0;
    },
    async registerAdmin(body) {
      const input = record(body);
      const issues: Issue[] = [];
      const email = requiredEmail(input, 'email', issues).toLowerCase();
      const firstname = requiredName(input, 'firstname', issues);
      const lastname = optionalString(input, 'lastname', issues);
      const password = adminPasswordIssues(input.password, ['password'], issues);
      if (issues.length > 0) fail(issues);
      const refused = () => new ApplicationError('You cannot register a new super admin');
      if ((await users.count()) > 0) throw refused();
      const role = await superAdminRole();
      // two first registrations racing both pass the count: the unique claim lets one through
      let claim: Entry;
      try {
        claim = await claims.create({ name: 'first-admin' }, { status: 'published' }, CLAIM_READ);
      } catch (error) {
        if (error instanceof VellumError && error.code === UniqueError.code) throw refused();
        throw error;
      }
      try {
        return await loginAs(await users.create({ email, firstname, lastname: lastname ?? null, password, isActive: true, blocked: false, roles: [role.documentId] }), false);
      } catch (error) {
        await claims.delete(String(claim.documentId));
        throw error;
      }
    },
    async login(body) {
      const input = record(body);
      const issues: Issue[] = [];
      const email = requiredEmail(input, 'email', issues).toLowerCase();
      if (typeof input.password !== 'string' || input.password === '') issues.push(issue('password', 'password is a required field'));
      if (issues.length > 0) fail(issues);
      const user = await users.findByEmail(email);
      const hash = user ? await users.passwordHash(Number(user.id)) : null;
      // unknown accounts cost the same bcrypt comparison
      const valid = await verifyPassword(String(input.password), hash ?? DUMMY_HASH);
      if (!user || hash === null || !valid) throw new ApplicationError(INVALID_CREDENTIALS);
      if (user.isActive !== true) throw new ApplicationError('User not active');
      if (user.blocked === true) throw new ApplicationError('Your account has been blocked');
      return loginAs(user, input.rememberMe === true);
    },
    async refresh(token) {
      if (token === undefined || token === '') throw new UnauthorizedError('Missing refresh token');
      const refresh = await sessions.rotate(token);
      const user = await users.findById(refresh.userId);
      if (!user || user.isActive !== true || user.blocked === true) {
        await sessions.revokeFamily(refresh.family);
        throw new UnauthorizedError('Invalid refresh token');
      }
      return { token: await jwt.issue({ userId: refresh.userId, sessionId: refresh.family }), refresh };
    },
    async logout(token) {
      if (token !== undefined && token !== '') await sessions.revokeByToken(token);
    },
    permissionsOf(grants) {
      const list = grants.superAdmin ? allPermissionsOf(registry) : grants.permissions;
      return list.map((grant) => ({
        action: grant.action,
        subject: grant.subject,
        properties: grant.fields === null ? {} : { fields: grant.fields },
        conditions: grant.conditions,
      }));
    },
    listUsers: () => users.list(),
    findUser: (id) => requireUser(id),
    async invite(body) {
      const input = record(body);
      const issues: Issue[] = [];
      const email = requiredEmail(input, 'email', issues).toLowerCase();
      const firstname = requiredName(input, 'firstname', issues);
      const lastname = optionalString(input, 'lastname', issues);
      const roles = input.roles === undefined ? (issues.push(issue('roles', 'roles is a required field')), undefined) : await roleDocumentIds(input.roles, 'roles', issues);
      if (issues.length > 0) fail(issues);
      const registrationToken = randomBytes(20).toString('hex');
      const created = await users.create({ email, firstname, lastname: lastname ?? null, isActive: false, blocked: false, roles, registrationToken: hashOf(registrationToken) });
      return { ...created, registrationToken };
    },
    rolesAdmin,
    async registrationInfo(token) {
      const user = typeof token === 'string' && token !== '' ? await users.findByRegistrationToken(hashOf(token)) : null;
      if (!user) throw new ValidationError('Invalid registrationToken', { errors: [issue('registrationToken', 'Invalid registrationToken')] });
      const text = (value: unknown) => (typeof value === 'string' ? value : null);
      return { email: String(user.email), firstname: text(user.firstname), lastname: text(user.lastname) };
    },
    async register(body) {
      const input = record(body);
      const info = record(input.userInfo);
      const issues: Issue[] = [];
      if (typeof input.registrationToken !== 'string' || input.registrationToken === '') issues.push(issue('registrationToken', 'registrationToken is a required field'));
      const firstname = requiredName(info, 'firstname', issues, ['userInfo', 'firstname']);
      const lastname = optionalString(info, 'lastname', issues);
      const password = adminPasswordIssues(info.password, ['userInfo', 'password'], issues);
      if (issues.length > 0) fail(issues);
      const user = await users.findByRegistrationToken(hashOf(String(input.registrationToken)));
      if (!user) throw new ValidationError('Invalid registration info', { errors: [issue('registrationToken', 'Invalid registration info')] });
      const updated = await users.update(String(user.documentId), { firstname, lastname: lastname ?? null, password, isActive: true, registrationToken: null });
      if (!updated) throw new ValidationError('Invalid registration info');
      return loginAs(updated, false);
    },
    async updateUser(id, body, by) {
      const user = await requireUser(id);
      const input = record(body);
      const issues: Issue[] = [];
      const data: Record<string, unknown> = {};
      for (const key of ['firstname', 'lastname', 'username', 'preferedLanguage'] as const) {
        if (key in input) data[key] = input[key] === null ? null : optionalString(input, key, issues);
      }
      if ('email' in input) data.email = requiredEmail(input, 'email', issues).toLowerCase();
      if ('password' in input) data.password = adminPasswordIssues(input.password, ['password'], issues);
      for (const key of ['isActive', 'blocked'] as const) {
        if (key in input) {
          if (typeof input[key] !== 'boolean') issues.push(issue(key, `${key} must be a boolean`));
          else data[key] = input[key];
        }
      }
      if ('roles' in input) data.roles = await roleDocumentIds(input.roles, 'roles', issues);
      for (const forbidden of ['registrationToken', 'resetPasswordToken']) if (forbidden in input) issues.push(issue(forbidden, `${forbidden} cannot be set`));
      if (issues.length > 0) fail(issues);
      const superRole = await superAdminRole();
      const losesSuper = roleIds(user).includes(superRole.id) && (data.isActive === false || data.blocked === true || (Array.isArray(data.roles) && !data.roles.includes(superRole.documentId)));
      if (losesSuper && (await superAdminsOtherThan(id)) === 0) throw new ApplicationError('You must have at least one user with super admin role.');
      if (by && !by.superAdmin && Array.isArray(data.roles)) throw new ForbiddenError('Only a Super Admin changes roles');
      const updated = await users.update(String(user.documentId), data);
      if (!updated) throw new NotFoundError('User does not exist');
      if ('password' in data || data.isActive === false || data.blocked === true) await sessions.revokeUser(id);
      return updated;
    },
    async deleteUser(id) {
      const user = await requireUser(id);
      const superRole = await superAdminRole();
      if (roleIds(user).includes(superRole.id) && (await superAdminsOtherThan(id)) === 0) throw new ApplicationError('You must have at least one user with super admin role.');
      await users.delete(String(user.documentId));
      await sessions.revokeUser(id);
      return user;
    },
    async createUser(input) {
      const issues: Issue[] = [];
      const body = { email: input.email, firstname: input.firstname, lastname: input.lastname };
      const email = requiredEmail(body, 'email', issues).toLowerCase();
      const firstname = requiredName(body, 'firstname', issues);
      const lastname = optionalString(body, 'lastname', issues);
      const password = adminPasswordIssues(input.password, ['password'], issues);
      if (issues.length > 0) fail(issues);
      const role = roleByCode((await cache.fresh()).roles, input.roleCode ?? SUPER_ADMIN_CODE);
      if (!role) throw new ValidationError(`No admin role with code "${input.roleCode ?? SUPER_ADMIN_CODE}"`);
      if (await users.findByEmail(email)) throw new ValidationError(`An admin user with the email ${email} already exists`, { errors: [issue('email', 'email is already taken')] });
      return users.create({ email, firstname, lastname: lastname ?? null, password, isActive: true, blocked: false, roles: [role.documentId] });
    },
    async resetPassword(emailValue, passwordValue) {
      const issues: Issue[] = [];
      const email = requiredEmail({ email: emailValue }, 'email', issues).toLowerCase();
      const password = adminPasswordIssues(passwordValue, ['password'], issues);
      if (issues.length > 0) fail(issues);
      const user = await users.findByEmail(email);
      if (!user) throw new NotFoundError(`No admin user with the email ${email}`);
      const updated = await users.update(String(user.documentId), { password });
      await sessions.revokeUser(Number(user.id));
      return updated ?? user;
    },
    async init() {
      await rolesStore.ensureDefaults();
    },
  };
}
