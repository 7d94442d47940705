/**
 * Authentication and permissions for one running app: the actor of each request (resolved once
 * and cached on the request), the permission check, query and write sanitising, local
 * register/login, rate limiting, and the role and token management `app.permissions` /
 * `app.tokens` expose to user code.
 */
import { runWithStatementCounter } from '../db/statement-counter.js';
import type { Entry } from '../engine/types.js';
import { ForbiddenError, RateLimitError, UnauthorizedError } from '../errors/index.js';
import type { Registry } from '../model/types.js';
import type { ContentAction } from './actions.js';
import { can, type Actor } from './actor.js';
import type { AuthConfig } from './auth-config.js';
import { createAuthCache, type AuthCache } from './auth-cache.js';
import type { AuthStores } from './auth-stores.js';
import { createJwtService } from './jwt.js';
import { createLocalAuth, type AuthResult } from './local-auth.js';
import { createRateLimiter } from './rate-limit.js';
import type { CreateRoleInput, RoleRecord } from './roles-store.js';
import type { AdvancedSettings } from '../config/types.js';
import type { EmailService } from '../email/email-service.js';
import { createAccountFlows, type AccountFlows } from './account-flows.js';
import { createRoleAdmin, type RoleAdmin } from './role-admin.js';
import { createUserAdmin, type UserAdmin } from './user-admin.js';
import { ValidationError } from '../errors/index.js';
import { isRecord } from '../util/is-record.js';
import type { Secrets } from './secrets.js';
import { pluginKey } from './core-store.js';
import { checkEmailTemplates, DEFAULT_EMAIL_TEMPLATES, storedTemplates, type EmailTemplates } from './email-templates.js';
import { INVALID_CREDENTIALS, resolveActor } from './strategy.js';
import type { CreateTokenInput, TokenChanges, TokenRecord } from './tokens-store.js';

/** What auth needs of a request (Fastify's request has both). */
export interface AuthRequest {
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly ip: string;
}

export interface PermissionsApi {
  /** grants actions to a role (`public`, `authenticated` or a custom role's name); returns those newly granted */
  grant(role: string, actions: readonly string[]): Promise<string[]>;
  /** returns the actions that were removed */
  revoke(role: string, actions: readonly string[]): Promise<string[]>;
  createRole(input: CreateRoleInput): Promise<RoleRecord>;
  listRoles(): Promise<RoleRecord[]>;
}

/** users-permissions' advanced settings, for `bootstrap` (`app.usersPermissions`) */
export interface UsersPermissionsApi {
  /** the settings in effect: config/plugins' `advanced`, then what an admin stored, then what `setAdvanced` changed */
  advanced(): AdvancedSettings;
  /** changes some settings in this process (not stored: set them from bootstrap on every start) */
  setAdvanced(changes: Partial<AdvancedSettings>): AdvancedSettings;
}

export interface TokensApi {
  /** `accessKey` is the token to send as `Authorization: Bearer <accessKey>`; it is not stored */
  create(input: CreateTokenInput): Promise<{ token: TokenRecord; accessKey: string }>;
  list(): Promise<TokenRecord[]>;
  revoke(name: string): Promise<boolean>;
  /** name, description, type, permissions (not the expiry) of the token with that row id; null: none */
  update(id: number, changes: TokenChanges): Promise<TokenRecord | null>;
  /** a new access key for the token with that row id, the old one refused from the next request on; null: none */
  regenerate(id: number): Promise<{ token: TokenRecord; accessKey: string } | null>;
}

/**
 * The users-permissions settings an admin edits (`/users-permissions/advanced`,
 * `/users-permissions/email-templates`), stored in Strapi's core store: each read waits for the
 * auth stamp (another instance's change is seen), each write replaces it (every instance sees
 * it at its next request).
 */
export interface UsersPermissionsSettings {
  /** the advanced settings in effect: config/plugins' `advanced`, then the stored ones, then bootstrap's `setAdvanced` */
  advanced(): Promise<AdvancedSettings>;
  /** stores the given settings (Strapi's keys, checked), over the stored ones */
  setAdvanced(body: unknown): Promise<AdvancedSettings>;
  emailTemplates(): Promise<EmailTemplates>;
  /** `{ "email-templates": { reset_password?, email_confirmation? } }`, placeholders checked as Strapi checks them */
  setEmailTemplates(body: unknown): Promise<EmailTemplates>;
}

/**
 * What the transports (REST, GraphQL) hand the users-permissions actions they run through the
 * operation layer: services and the per-IP rate limit, no permission check of their own.
 */
export interface TransportAuth {
  /** 429 (with `retryAfter`) once the request's IP has used up `route`'s budget */
  rateLimit(request: AuthRequest, route: string): Promise<void>;
  register(body: unknown): Promise<AuthResult>;
  login(body: unknown): Promise<AuthResult>;
  /** the authenticated user; 401 for anyone else */
  me(request: AuthRequest): Promise<Entry>;
  /** `/api/users` writes, by numeric id */
  readonly users: UserAdmin;
  /** `/api/users-permissions/roles` and `/permissions` */
  readonly roles: RoleAdmin;
  /** the stored advanced settings and email templates (the admin API) */
  readonly settings: UsersPermissionsSettings;
  /** forgot / reset / change password, email confirmation */
  readonly account: Omit<AccountFlows, 'changePassword' | 'sendConfirmation'> & {
    changePassword(request: AuthRequest, body: unknown): Promise<AuthResult>;
  };
}

export interface AuthService extends TransportAuth {
  /** the request's actor, resolved from its credentials once per request (the operation layer's `actor`) */
  actor(request: AuthRequest): Promise<Actor>;
  /** throws 401 (anonymous or bad credentials) or 403 (authenticated, not permitted): `app.authorize` for user code */
  authorize(request: AuthRequest, action: ContentAction, uid: string): Promise<void>;
  readonly permissions: PermissionsApi;
  readonly tokens: TokensApi;
  readonly usersPermissions: UsersPermissionsApi;
  /** creates the default roles, loads the cache */
  init(): Promise<void>;
  stop(): Promise<void>;
}

export interface AuthServiceOptions {
  readonly registry: Registry;
  readonly stores: AuthStores;
  readonly secrets: Secrets;
  readonly config: AuthConfig;
  readonly log: { warn(message: string): void };
  readonly email: EmailService;
  /** absolute URL of `GET /api/auth/email-confirmation`, for the confirmation emails */
  readonly confirmationUrl: string;
  /** Redis URL for the rate-limit counters shared by every instance; '' or absent: in memory */
  readonly redisUrl?: string;
  /** per-process state announced by the auth stamp too (auth-cache.ts `alsoReload`) */
  readonly alsoReload?: () => Promise<void>;
}

const ADVANCED_KEYS: Readonly<Record<keyof AdvancedSettings, 'boolean' | 'string'>> = {
  unique_email: 'boolean',
  allow_register: 'boolean',
  email_confirmation: 'boolean',
  email_confirmation_redirection: 'string',
  email_reset_password: 'string',
  default_role: 'string',
};

function checkAdvanced(changes: unknown): Partial<AdvancedSettings> {
  if (!isRecord(changes)) throw new ValidationError('setAdvanced takes an object of settings');
  for (const [key, value] of Object.entries(changes)) {
    const kind = ADVANCED_KEYS[key as keyof AdvancedSettings];
    if (kind === undefined) throw new ValidationError(`Unknown users-permissions setting "${key}" (settings: ${Object.keys(ADVANCED_KEYS).join(', ')})`);
    if (typeof value !== kind) throw new ValidationError(`users-permissions setting "${key}" must be a ${kind}`);
  }
  return changes as Partial<AdvancedSettings>;
}

const ADVANCED_KEY = pluginKey('users-permissions', 'advanced');
const EMAIL_KEY = pluginKey('users-permissions', 'email');

/** the stored advanced settings as far as they are valid (a hand-edited row must not stop the server) */
function storedAdvanced(value: unknown): Partial<AdvancedSettings> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(Object.entries(value).filter(([key, setting]) => typeof setting === ADVANCED_KEYS[key as keyof AdvancedSettings])) as Partial<AdvancedSettings>;
}

export function createAuthService(options: AuthServiceOptions): AuthService {
  const { registry, stores, secrets, config, log } = options;
  /** what the core store held at the last load of the auth data (auth-cache.ts reloads it with the stamp) */
  let stored: { advanced: Partial<AdvancedSettings>; templates: EmailTemplates | undefined } = { advanced: {}, templates: undefined };
  /** bootstrap's `setAdvanced`: this process only */
  let processChanges: Partial<AdvancedSettings> = {};
  let advanced: AdvancedSettings = { ...config.advanced };
  const settle = (): void => {
    advanced = { ...config.advanced, ...stored.advanced, ...processChanges };
  };
  async function loadStored(): Promise<void> {
    const values = await stores.coreStore.read([ADVANCED_KEY, EMAIL_KEY]);
    stored = { advanced: storedAdvanced(values.get(ADVANCED_KEY)), templates: values.has(EMAIL_KEY) ? storedTemplates(values.get(EMAIL_KEY)) : undefined };
    settle();
  }
  // From the stamp-checked snapshot, not the last loaded one: a role the CLI or another instance
  // created a moment ago (the `default_role` of a register) is known at once.
  const roleOfType = async (type: string): Promise<string | undefined> => (await cache.fresh()).rolesByType.get(type)?.documentId;
  const flows = createAccountFlows({
    users: stores.users,
    jwt: { issue: (id) => jwt.issue(id), verify: (token) => jwt.verify(token) },
    email: options.email,
    passwordMinLength: config.passwordMinLength,
    resetPasswordLifetime: config.resetPasswordLifetime,
    emailConfirmationLifetime: config.emailConfirmationLifetime,
    confirmationUrl: options.confirmationUrl,
    advanced: () => advanced,
    templates: () => stored.templates,
    log,
  });
  const cache: AuthCache = createAuthCache(stores, async () => {
    await Promise.all([options.alsoReload?.(), loadStored()]);
  });
  const jwt = createJwtService(secrets.jwtSecret, config.jwtExpiresIn);
  const limiter = createRateLimiter({ interval: config.ratelimit.interval, max: config.ratelimit.max, redisUrl: options.redisUrl });
  const actors = new WeakMap<AuthRequest, Promise<Actor>>();
  const local = createLocalAuth({
    users: stores.users,
    jwt,
    passwordMinLength: config.passwordMinLength,
    roleOfType,
    advanced: () => advanced,
    sendConfirmation: (user) => flows.sendConfirmation(user),
  });
  const userAdmin = createUserAdmin({
    users: stores.users,
    passwordMinLength: config.passwordMinLength,
    advanced: () => advanced,
    async roleRef(ref) {
      if (isRecord(ref) && typeof ref.type === 'string') return roleOfType(ref.type);
      const roles = await stores.roles.list();
      if (typeof ref === 'number') return roles.find((role) => role.id === ref)?.documentId;
      if (typeof ref === 'string') return roles.find((role) => role.documentId === ref || String(role.id) === ref)?.documentId;
      return undefined;
    },
  });
  const roleAdmin = createRoleAdmin(registry, stores.roles, stores.users, stores.customActions);

  const actor = (request: AuthRequest): Promise<Actor> => {
    let resolved = actors.get(request);
    if (!resolved) {
      resolved = resolveActor(request.headers.authorization, {
        cache,
        jwt,
        salt: secrets.apiTokenSalt,
        touch(token, when) {
          // Bookkeeping outside the request: not in its Server-Timing count, never its failure.
          void runWithStatementCounter(() => stores.tokens.touch({ id: token.grants.id, documentId: token.documentId }, when)).catch((error: unknown) => {
            log.warn(`could not record the use of API token "${token.grants.name}": ${error instanceof Error ? error.message : String(error)}`);
          });
        },
      });
      actors.set(request, resolved);
    }
    return resolved;
  };
  // Every process sees the change at its next request through the stamp; reloading here too
  // spares this process's next request the reload.
  const changed = <T>(work: Promise<T>): Promise<T> => work.then(async (result) => {
    await cache.refresh();
    return result;
  });

  return {
    actor,
    async authorize(request, action, uid) {
      const who = await actor(request);
      if (can(who, action, uid)) return;
      if (who.kind === 'public') throw new UnauthorizedError(INVALID_CREDENTIALS);
      throw new ForbiddenError('Forbidden');
    },
    async rateLimit(request, route) {
      if (!config.ratelimit.enabled) return;
      // request.ip is the socket's address unless server.proxy trusts X-Forwarded-For
      const wait = await limiter.hit(`${request.ip}:${route.toLowerCase()}`);
      if (wait === undefined) return;
      const refusal = new RateLimitError();
      refusal.retryAfter = wait;
      throw refusal;
    },
    // the stamp first: an admin's change of the advanced settings on another instance counts now
    register: async (body) => {
      await cache.fresh();
      return local.register(body);
    },
    login: (body) => local.login(body),
    async me(request) {
      const who = await actor(request);
      if (who.kind !== 'user') throw new UnauthorizedError('Unauthorized');
      return who.user;
    },
    users: userAdmin,
    // Role writes change what requests may do: reload now, as app.permissions does.
    roles: {
      permissions: () => roleAdmin.permissions(),
      list: () => roleAdmin.list(),
      findOne: (id) => roleAdmin.findOne(id),
      create: (body) => changed(roleAdmin.create(body)),
      update: (id, body) => changed(roleAdmin.update(id, body)),
      delete: (id) => changed(roleAdmin.delete(id)),
    },
    settings: {
      async advanced() {
        await cache.fresh();
        return advanced;
      },
      async setAdvanced(body) {
        const changes = checkAdvanced(body);
        if (changes.default_role !== undefined && !(await stores.roles.list()).some((role) => role.type === changes.default_role)) {
          throw new ValidationError(`default_role "${changes.default_role}" is no role's type`, { errors: [{ path: ['default_role'], message: 'no role has this type', name: 'ValidationError' }] });
        }
        await cache.fresh();
        await changed(stores.coreStore.write(ADVANCED_KEY, { ...config.advanced, ...stored.advanced, ...changes }));
        // what an admin sets wins over this process's bootstrap changes of the same keys
        processChanges = Object.fromEntries(Object.entries(processChanges).filter(([key]) => !(key in changes)));
        settle();
        return advanced;
      },
      async emailTemplates() {
        await cache.fresh();
        return stored.templates ?? DEFAULT_EMAIL_TEMPLATES;
      },
      async setEmailTemplates(body) {
        await cache.fresh();
        const templates = checkEmailTemplates(body, stored.templates ?? DEFAULT_EMAIL_TEMPLATES);
        await changed(stores.coreStore.write(EMAIL_KEY, templates));
        return templates;
      },
    },
    account: {
      forgotPassword: async (body) => {
        await cache.fresh();
        return flows.forgotPassword(body);
      },
      resetPassword: (body) => flows.resetPassword(body),
      async changePassword(request, body) {
        const who = await actor(request);
        return flows.changePassword(who.kind === 'user' ? who.user : null, body);
      },
      emailConfirmation: (query) => flows.emailConfirmation(query),
      sendEmailConfirmation: (body) => flows.sendEmailConfirmation(body),
    },
    usersPermissions: {
      advanced: () => advanced,
      setAdvanced(changes) {
        processChanges = { ...processChanges, ...checkAdvanced(changes) };
        settle();
        return advanced;
      },
    },
    permissions: {
      grant: (role, actions) => changed(stores.roles.grant(role, actions)),
      revoke: (role, actions) => changed(stores.roles.revoke(role, actions)),
      createRole: (input) => changed(stores.roles.create(input)),
      listRoles: () => stores.roles.list(),
    },
    tokens: {
      create: (input) => changed(stores.tokens.create(input)),
      list: () => stores.tokens.list(),
      revoke: (name) => changed(stores.tokens.revoke(name)),
      update: (id, changes) => changed(stores.tokens.update(id, changes)),
      regenerate: (id) => changed(stores.tokens.regenerate(id)),
    },
    async init() {
      await stores.roles.ensureDefaults();
      await cache.refresh();
    },
    async stop() {
      await cache.stop();
      await limiter.close();
      await options.email.close();
    },
  };
}
