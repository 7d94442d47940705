/**
 * The operation layer: where an operation meets its caller's actor, the permission check,
 * policies, query and body sanitising, operation middlewares, lifecycles and the repository.
 * REST controllers, GraphQL resolvers and the document service all call it (docs/architecture.md
 * "An operation, step by step").
 */
import { can, type Actor } from '../auth/actor.js';
import type { AuthRequest } from '../auth/auth-service.js';
import { checkWriteForActor, sanitizeForActor } from '../auth/sanitize-for-actor.js';
import { sanitizeQuery } from '../auth/sanitize-query.js';
import type { DocumentRepository, Page } from '../documents/types.js';
import type { Entry } from '../engine/types.js';
import type { ContentType, Registry } from '../model/types.js';
import { UnauthorizedError } from '../errors/index.js';
import { ALL_LOCALES, type PublicationStatus, type Query, type Selection } from '../query/ast.js';
import { checkAdminOperation, restrictForAdmin } from './admin-access.js';
import { checkPermission, permissionNames, PERMISSION_OF, requirementOf } from './access.js';
import { actionEntry, type ActionEntryConfig, type ActionHandler, type PreparedAction } from './actions.js';
import type { ExecutionScope, Reads } from './executors/executor.js';
import { execute } from './executors/table.js';
import { createLifecycleRegistry, LIFECYCLE_OF, type LifecycleRegistry } from './lifecycles.js';
import { resolveLocale, type KnownLocales } from './locale-params.js';
import { isLocalizedType } from '../model/i18n.js';
import { runMiddlewares } from './middlewares.js';
import { createNamedMiddlewareRegistry, type NamedMiddlewareRegistry } from './named.js';
import { createPolicyRegistry, runPolicies, type PolicyRegistry } from './policies.js';
import type { ResponseCache } from './response-cache.js';
import type {
  ActionConfig,
  Caller,
  OperationAction,
  OperationContext,
  OperationMiddleware,
  OperationParams,
  OperationResults,
  TypeOperationsConfig,
} from './types.js';

export interface OperationsDeps {
  readonly registry: Registry;
  repository(uid: string): DocumentRepository;
  /** the request's actor, resolved from its credentials once per request (auth-service `actor`) */
  actor(request: AuthRequest): Promise<Actor>;
  /** the admin actor of an admin API request (`caller.realm: 'admin'`); without it every admin caller is a 401 */
  adminActor?(request: AuthRequest): Promise<Actor>;
  /** the project's locales (documents/locales.ts); without it only `en` exists */
  readonly locales?: KnownLocales;
  /** the response cache (`api.rest.cache` on): transports' reads of `api::` types go through it */
  readonly cache?: ResponseCache;
  /** runs work in one write transaction of the database (engine/context.ts `inOneTransaction`); absent: `transaction()` refuses */
  transaction?<T>(work: () => Promise<T>): Promise<T>;
}

const ONLY_EN: KnownLocales = { has: (code) => code === 'en', defaultCode: () => 'en' };

export interface Operations {
  /** named policies, for route and resolver config */
  readonly policies: PolicyRegistry;
  /** named route and resolver middlewares (`src/middlewares`, `src/api/<api>/middlewares`), for route and resolver config */
  readonly routeMiddlewares: NamedMiddlewareRegistry;
  /** content-type lifecycles (`strapi.db.lifecycles`) */
  readonly lifecycles: LifecycleRegistry;
  /** adds an operation middleware for every type and action (`strapi.documents.use`), after those added before */
  use(middleware: OperationMiddleware): void;
  /**
   * The operations of content type `uid`. Without `config`, one shared object per type; with it
   * (a route's or resolver's `auth` / `policies` / `middlewares` per action), a new one: build
   * it once, when the route or resolver is built.
   */
  forType(uid: string, config?: TypeOperationsConfig): TypeOperations;
  /**
   * An action that is no document operation (a users-permissions controller, the upload, a
   * custom route), named by its permission (`plugin::users-permissions.user.create`): the
   * permission check (or `config.auth`), the config's policies, then `handler` (actions.ts).
   * Build it once, when the route or resolver is built.
   */
  action<I, R>(name: string, handler: ActionHandler<I, R>, config?: ActionEntryConfig): PreparedAction<I, R>;
  /** the caller's actor (resolved once per request), for what a transport shows of it (`ctx.state.user`) */
  actor(caller: Caller): Promise<Actor>;
  /**
   * May the caller's actor `find` entries of `uid`? A transport tells a relation left out of the
   * answer for lack of that permission (sanitising drops its population) from an empty one.
   */
  mayFind(caller: Caller, uid: string): Promise<boolean>;
  /**
   * Runs `work` with every operation it makes (and the reads between them) in one write
   * transaction: all of it committed, or nothing (a role and its permissions). Hooks and
   * middlewares of those operations run inside it; inside another one, it joins that one.
   */
  transaction<T>(work: () => Promise<T>): Promise<T>;
}

type Run = <A extends OperationAction>(action: A, caller: Caller | null, params: OperationParams[A]) => Promise<OperationResults[A]>;

/** Turns a transport's input (a request, resolver arguments) into an operation's params; may throw a 400. */
export type ParseParams<I, A extends OperationAction> = (input: I) => OperationParams[A] | Promise<OperationParams[A]>;
/** An operation bound to its parser, built once per route or resolver. */
export type PreparedOperation<I, A extends OperationAction> = (caller: Caller | null, input: I) => Promise<OperationResults[A]>;

export interface TypeOperations {
  readonly uid: string;
  readonly contentType: ContentType;
  /** one operation through the whole pipeline */
  readonly run: Run;
  /**
   * The operation with its input parsed by `parse` after the permission check (so a caller
   * without the permission gets its 401/403, never a 400 about its input): what routes and
   * resolvers build once and call per request.
   */
  prepare<I, A extends OperationAction>(action: A, parse: ParseParams<I, A>): PreparedOperation<I, A>;
  /** the permission check of `action` alone (as configured): the caller's actor, or null without one; throws 401/403 */
  check(caller: Caller | null, action: OperationAction): Promise<Actor | null>;
  findMany(caller: Caller | null, params: OperationParams['findMany']): Promise<Page>;
  findFirst(caller: Caller | null, params: OperationParams['findFirst']): Promise<Entry | null>;
  findOne(caller: Caller | null, params: OperationParams['findOne']): Promise<Entry | null>;
  count(caller: Caller | null, params: OperationParams['count']): Promise<number>;
  create(caller: Caller | null, params: OperationParams['create']): Promise<Entry>;
  update(caller: Caller | null, params: OperationParams['update']): Promise<Entry | null>;
  delete(caller: Caller | null, params: OperationParams['delete']): Promise<{ value: Entry | null } | null>;
  publish(caller: Caller | null, params: OperationParams['publish']): Promise<Entry | null>;
  unpublish(caller: Caller | null, params: OperationParams['unpublish']): Promise<Entry | null>;
  discardDraft(caller: Caller | null, params: OperationParams['discardDraft']): Promise<Entry | null>;
  /**
   * `published` when the document (a single type's one document for null) has a published
   * version, else `draft`. No permission check: the answer only shapes the caller's next
   * operation, which is checked.
   */
  liveStatus(documentId: string | null, locale?: string): Promise<PublicationStatus>;
  /**
   * The locales a document has a version in (empty when there is no such document). No
   * permission check, as `liveStatus`: GraphQL's `createXLocalization` asks it to refuse a
   * locale already used before its update, which is checked.
   */
  versionLocales(documentId: string): Promise<string[]>;
  /**
   * Documents the caller reached through a relation of an operation it was allowed (GraphQL's
   * alias variants loaded apart): sanitised for its actor, no permission check, policies,
   * middlewares or lifecycles of its own.
   */
  loadRelated(caller: Caller, query: Query): Promise<Page>;
  /**
   * The permission-aware sanitising of `query` for the caller, as `action` would apply it,
   * without running anything: for selections loaded apart from the operation (GraphQL checks its
   * alias variants this way before a write).
   */
  sanitize<Q extends Selection & Partial<Pick<Query, 'filters' | 'sort'>>>(caller: Caller, query: Q, action: OperationAction): Promise<Q>;
}

const NO_CONFIG: ActionConfig = Object.freeze({});
const NONE: readonly never[] = Object.freeze([]);
const ALLOW_ALL = (): boolean => true;

export function createOperations(deps: OperationsDeps): Operations {
  /** the caller's actor, from the credentials of its realm */
  const actorOf = (caller: Caller): Promise<Actor> => {
    if (caller.realm !== 'admin') return deps.actor(caller.request);
    return deps.adminActor ? deps.adminActor(caller.request) : Promise.reject(new UnauthorizedError('Missing or invalid credentials'));
  };
  const policies = createPolicyRegistry();
  const lifecycles = createLifecycleRegistry();
  let middlewares: readonly OperationMiddleware[] = NONE;
  const shared = new Map<string, TypeOperations>();
  const operations: Operations = {
    policies,
    routeMiddlewares: createNamedMiddlewareRegistry(),
    lifecycles,
    use(middleware) {
      middlewares = [...middlewares, middleware];
    },
    action: actionEntry(actorOf),
    actor: actorOf,
    mayFind: async (caller, uid) => can(await actorOf(caller), 'find', uid),
    transaction: (work) => (deps.transaction ? deps.transaction(work) : Promise.reject(new Error('operations.transaction: no database to run it on'))),
    forType(uid, config) {
      if (config) return typeOperations(uid, config);
      let ops = shared.get(uid);
      if (!ops) {
        ops = typeOperations(uid, {});
        shared.set(uid, ops);
      }
      return ops;
    },
  };

  function typeOperations(uid: string, config: TypeOperationsConfig): TypeOperations {
    const { registry } = deps;
    const contentType = registry.contentType(uid);
    const repository = deps.repository(uid);
    const names = permissionNames(uid);
    // the content API's types; users, files and the rest are read by their own routes, uncached
    const cache = contentType.namespace === 'api' ? deps.cache : undefined;

    /**
     * The repository's reads, for a transport's caller through the response cache: only the
     * repository call is cached, everything before it (permission, policies, sanitising,
     * middlewares) and the lifecycles around it run on every request. User code (no caller) may
     * read inside its own transaction, so it always reads the database.
     */
    function readsFor(caller: Caller | null): Reads {
      if (cache === undefined || caller === null) return repository;
      const { request } = caller;
      return {
        findPage: (query) => cache.read(request, uid, 'findPage', [query], () => repository.findPage(query)),
        findOne: (documentId, selection) => cache.read(request, uid, 'findOne', [documentId, selection], () => repository.findOne(documentId, selection)),
        findSingle: (selection) => cache.read(request, uid, 'findSingle', [selection], () => repository.findSingle(selection)),
        count: (filters, status, locale) => cache.read(request, uid, 'count', [filters, status, locale ?? null], () => repository.count(filters, status, locale)),
      };
    }

    /** query sanitising for an actor; `auth: false` (no actor) still refuses private attributes */
    function sanitize<Q extends Selection & Partial<Pick<Query, 'filters' | 'sort'>>>(actor: Actor | null, caller: Caller, query: Q, action: OperationAction): Q {
      return actor ? sanitizeForActor(registry, actor, uid, query, PERMISSION_OF[action]) : sanitizeQuery(registry, uid, query, ALLOW_ALL);
    }

    /** what the executors (executors/) need of this type, built once */
    const scope: ExecutionScope = { contentType, repository, readsFor, sanitize };

    /** The params as the caller may have them: queries sanitised, write bodies checked. */
    function sanitizeParams(action: OperationAction, actor: Actor | null, caller: Caller, params: OperationParams[OperationAction]): OperationParams[OperationAction] {
      if ('query' in params) return { ...params, query: sanitize(actor, caller, params.query, action) };
      if ('filters' in params) {
        sanitize(actor, caller, { fields: [], populate: [], status: params.status, filters: params.filters }, action);
        return params;
      }
      const sanitized = 'selection' in params && params.selection ? { ...params, selection: sanitize(actor, caller, params.selection, action) } : params;
      if ('data' in params && actor) checkWriteForActor(registry, actor, uid, params.data);
      return sanitized;
    }

    async function check(caller: Caller | null, action: OperationAction, actionConfig: ActionConfig): Promise<Actor | null> {
      const auth = caller?.auth ?? actionConfig.auth;
      if (caller === null || auth === false) return null;
      const actor = await actorOf(caller);
      if (actor.kind === 'admin') {
        checkAdminOperation(actor.admin, uid, action);
        return actor;
      }
      // a custom route that checked this very permission already: the actor alone (sanitising)
      if (caller.checked === undefined || caller.checked !== requirementOf(names[action], auth?.scope)) checkPermission(actor, names[action], auth?.scope);
      return actor;
    }

    async function run<I>(action: OperationAction, caller: Caller | null, input: I, parse?: ParseParams<I, OperationAction>): Promise<unknown> {
      const actionConfig = config[action] ?? NO_CONFIG;
      const actor = await check(caller, action, actionConfig);
      const parsed = parse ? await parse(input) : (input as OperationParams[OperationAction]);
      const params = resolveLocale(contentType, action, parsed, deps.locales ?? ONLY_EN);
      const context: OperationContext = { uid, contentType, action, params, caller, actor, state: {} };
      if (actionConfig.policies) await runPolicies(actionConfig.policies, context);
      if (caller !== null) context.params = sanitizeParams(action, actor, caller, context.params);
      // an admin's role: field restrictions and the is-creator condition (admin-access.ts)
      if (actor?.kind === 'admin' && !actor.admin.superAdmin) {
        context.params = await restrictForAdmin(contentType, repository, actor.admin, action, checkAdminOperation(actor.admin, uid, action), context.params);
      }
      const subscribers = lifecycles.subscribers(uid, LIFECYCLE_OF[action]);
      const chain = actionConfig.middlewares ? [...middlewares, ...actionConfig.middlewares] : middlewares;
      if (chain.length === 0) return execute(scope, context, subscribers);
      return runMiddlewares(chain, context, (ctx) => execute(scope, ctx, subscribers));
    }

    const typed = run as Run;
    return {
      uid,
      contentType,
      run: typed,
      check: (caller, action) => check(caller, action, config[action] ?? NO_CONFIG),
      prepare<I, A extends OperationAction>(action: A, parse: ParseParams<I, A>): PreparedOperation<I, A> {
        return (caller, input) => run(action, caller, input, parse as ParseParams<I, OperationAction>) as Promise<OperationResults[A]>;
      },
      findMany: (caller, params) => typed('findMany', caller, params),
      findFirst: (caller, params) => typed('findFirst', caller, params),
      findOne: (caller, params) => typed('findOne', caller, params),
      count: (caller, params) => typed('count', caller, params),
      create: (caller, params) => typed('create', caller, params),
      update: (caller, params) => typed('update', caller, params),
      delete: (caller, params) => typed('delete', caller, params),
      publish: (caller, params) => typed('publish', caller, params),
      unpublish: (caller, params) => typed('unpublish', caller, params),
      discardDraft: (caller, params) => typed('discardDraft', caller, params),
      async liveStatus(documentId, locale) {
        // localized types: the version in `locale` (the default locale when absent)
        const known = deps.locales ?? ONLY_EN;
        const versionLocale = isLocalizedType(contentType) ? locale ?? known.defaultCode() : undefined;
        const none: Selection = { fields: [], populate: [], status: 'published', ...(versionLocale === undefined ? {} : { locale: versionLocale }) };
        const live = documentId === null ? await repository.findSingle(none) : await repository.findOne(documentId, none);
        return live ? 'published' : 'draft';
      },
      async versionLocales(documentId) {
        const versions = await repository.findPage({
          filters: { kind: 'compare', field: 'documentId', op: '$eq', value: documentId },
          sort: [],
          pagination: { kind: 'offset', start: 0, limit: 1000, withCount: false },
          fields: ['locale'],
          populate: [],
          // every version of a draft & publish document has a draft
          status: contentType.draftAndPublish ? 'draft' : 'published',
          locale: ALL_LOCALES,
        });
        return versions.entries.map((entry) => String(entry['locale']));
      },
      async sanitize(caller, query, action) {
        return sanitize(await actorOf(caller), caller, query, action);
      },
      async loadRelated(caller, query) {
        const actor = await actorOf(caller);
        // the parents' locale, settled as the operation that read them settled it (default when absent)
        const { query: located } = resolveLocale(contentType, 'findMany', { query }, deps.locales ?? ONLY_EN) as OperationParams['findMany'];
        return repository.findPage(sanitize(actor, caller, located, 'findMany'));
      },
    };
  }

  return operations;
}
