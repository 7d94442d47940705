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
import type { Query, Selection } from '../query/ast.js';
import type { ContentAction } from './actions.js';
import { can, type Actor } from './actor.js';
import type { AuthConfig } from './auth-config.js';
import { createAuthCache, type AuthCache } from './auth-cache.js';
import type { AuthStores } from './auth-stores.js';
import { createJwtService } from './jwt.js';
import { createLocalAuth, type AuthResult } from './local-auth.js';
import { createRateLimiter } from './rate-limit.js';
import type { CreateRoleInput, RoleRecord } from './roles-store.js';
import { sanitizeQuery } from './sanitize-query.js';
import { checkWriteTargets } from './sanitize-write.js';
import type { Secrets } from './secrets.js';
import { INVALID_CREDENTIALS, resolveActor } from './strategy.js';
import type { CreateTokenInput, TokenRecord } from './tokens-store.js';

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

export interface TokensApi {
  /** `accessKey` is the token to send as `Authorization: Bearer <accessKey>`; it is not stored */
  create(input: CreateTokenInput): Promise<{ token: TokenRecord; accessKey: string }>;
  list(): Promise<TokenRecord[]>;
  revoke(name: string): Promise<boolean>;
}

/** What the transports (REST, GraphQL) use. */
export interface TransportAuth {
  actor(request: AuthRequest): Promise<Actor>;
  /** throws 401 (anonymous or bad credentials) or 403 (authenticated, not permitted) */
  authorize(request: AuthRequest, action: ContentAction, uid: string): Promise<void>;
  canFind(request: AuthRequest, uid: string): Promise<boolean>;
  /** forbidden population dropped; 400 for filters/sorts through unreadable relations; 401 for anonymous draft reads */
  sanitizeQuery<Q extends Selection & Partial<Pick<Query, 'filters' | 'sort'>>>(request: AuthRequest, uid: string, query: Q, action: ContentAction): Promise<Q>;
  /** 400 when `data` names a relation target the actor may not read */
  checkWrite(request: AuthRequest, uid: string, data: unknown): Promise<void>;
  /** 429 once the request's IP has used up `route`'s budget */
  rateLimit(request: AuthRequest, route: string): void;
  register(body: unknown): Promise<AuthResult>;
  login(body: unknown): Promise<AuthResult>;
  /** the authenticated user; 401 for anyone else */
  me(request: AuthRequest): Promise<Entry>;
}

export interface AuthService extends TransportAuth {
  readonly permissions: PermissionsApi;
  readonly tokens: TokensApi;
  /** creates the default roles, loads the cache */
  init(): Promise<void>;
  /** starts following changes made by other processes */
  start(): void;
  stop(): Promise<void>;
}

export interface AuthServiceOptions {
  readonly registry: Registry;
  readonly stores: AuthStores;
  readonly secrets: Secrets;
  readonly config: AuthConfig;
  readonly log: { warn(message: string): void };
}

export function createAuthService(options: AuthServiceOptions): AuthService {
  const { registry, stores, secrets, config, log } = options;
  const cache: AuthCache = createAuthCache(stores, log);
  const jwt = createJwtService(secrets.jwtSecret, config.jwtExpiresIn);
  const limiter = createRateLimiter(config.ratelimit);
  const actors = new WeakMap<AuthRequest, Promise<Actor>>();
  const local = createLocalAuth({
    users: stores.users,
    jwt,
    passwordMinLength: config.passwordMinLength,
    defaultRole: () => cache.current().rolesByType.get('authenticated')?.documentId,
  });

  const actor = (request: AuthRequest): Promise<Actor> => {
    let resolved = actors.get(request);
    if (!resolved) {
      resolved = resolveActor(request.headers.authorization, {
        cache,
        jwt,
        users: stores.users,
        salt: secrets.apiTokenSalt,
        touch(token, when) {
          // Bookkeeping outside the request: not in its Server-Timing count, never its failure.
          void runWithStatementCounter(() => stores.tokens.touch(token.documentId, when)).catch((error: unknown) => {
            log.warn(`could not record the use of API token "${token.grants.name}": ${error instanceof Error ? error.message : String(error)}`);
          });
        },
      });
      actors.set(request, resolved);
    }
    return resolved;
  };
  const changed = <T>(work: Promise<T>): Promise<T> => work.then(async (result) => {
    await cache.refresh(true);
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
    async canFind(request, uid) {
      return can(await actor(request), 'find', uid);
    },
    async sanitizeQuery(request, uid, query, action) {
      const who = await actor(request);
      const schema = registry.get(uid);
      const reads = action === 'find' || action === 'findOne';
      if (reads && who.kind === 'public' && query.status === 'draft' && schema.modelType === 'contentType' && schema.draftAndPublish) {
        throw new UnauthorizedError('Reading drafts needs credentials');
      }
      return sanitizeQuery(registry, uid, query, (target) => can(who, 'find', target));
    },
    async checkWrite(request, uid, data) {
      const who = await actor(request);
      checkWriteTargets(registry, uid, data, (target) => can(who, 'find', target));
    },
    rateLimit(request, route) {
      if (!config.ratelimit.enabled) return;
      if (!limiter.hit(`${request.ip}:${route.toLowerCase()}`)) throw new RateLimitError();
    },
    register: (body) => local.register(body),
    login: (body) => local.login(body),
    async me(request) {
      const who = await actor(request);
      if (who.kind !== 'user') throw new UnauthorizedError('Unauthorized');
      return who.user;
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
    },
    async init() {
      await stores.roles.ensureDefaults();
      await cache.refresh(true);
    },
    start: () => cache.start(),
    stop: () => cache.stop(),
  };
}
