/**
 * The Strapi 5 members of the object user code receives as `strapi` (and `app`): the callable
 * `strapi.documents(uid)` with `.use(middleware)`, `strapi.db.lifecycles.subscribe`,
 * `strapi.config.get`, `strapi.log`, `strapi.contentType(uid)` / `strapi.contentTypes`.
 * create-app spreads them over the app, so there stays one object, as in Strapi.
 */
import type { ProjectConfig } from '../config/types.js';
import type { Database } from '../db/connection.js';
import type { DocumentService } from './document-service.js';
import type { Operations } from '../operations/operations.js';
import type { OperationMiddleware } from '../operations/types.js';
import type { ContentType, Registry } from '../model/types.js';
import { adaptSubscriber, everyEvent, type StrapiLifecycleHook, type StrapiLifecycleSubscriber } from './lifecycle-events.js';

/** `strapi.documents(uid)`, and `strapi.documents.use(middleware)` (Strapi 5 document-service middlewares). */
export interface Documents {
  (uid: string): DocumentService;
  use(middleware: OperationMiddleware): Documents;
}

/**
 * `strapi.db.lifecycles.subscribe`: `{ models?, beforeCreate(event), … }` or one function for
 * every event, on Strapi-shaped events (lifecycle-events.ts translates them to and from the core's).
 */
export interface DbLifecycles {
  subscribe(subscriber: StrapiLifecycleSubscriber | StrapiLifecycleHook): () => void;
}

export interface StrapiConfig {
  /** a dotted path into the project's config files (`server.port`, `plugin::graphql.defaultLimit`), else the default */
  get<T = unknown>(path: string, defaultValue?: T): T;
  has(path: string): boolean;
}

/** the app's log as the facade uses it (app/logger.ts `Logger` is one: this folder sits below the app) */
export interface FacadeLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
  debug?(message: string): void;
}

export interface StrapiLog extends FacadeLog {
  debug(message: string): void;
}

export interface StrapiFacade {
  documents: Documents;
  readonly db: Database & { readonly lifecycles: DbLifecycles };
  readonly config: ProjectConfig & StrapiConfig;
  readonly log: StrapiLog;
  contentType(uid: string): ContentType | undefined;
  readonly contentTypes: Readonly<Record<string, ContentType>>;
}

export interface FacadeParts {
  readonly config: ProjectConfig;
  readonly registry: Registry;
  readonly db: Database;
  readonly log: FacadeLog;
  readonly operations: Operations;
  documents(uid: string): DocumentService;
}

export function createStrapiFacade(parts: FacadeParts): StrapiFacade {
  const { operations, registry } = parts;
  const documents = Object.assign((uid: string) => parts.documents(uid), {
    use(middleware: OperationMiddleware): Documents {
      if (typeof middleware !== 'function') throw new TypeError('strapi.documents.use expects a function (context, next) => …');
      operations.use(middleware);
      return documents;
    },
  }) as Documents;
  const lifecycles: DbLifecycles = {
    subscribe: (subscriber) => operations.lifecycles.subscribe(adaptSubscriber(registry, typeof subscriber === 'function' ? everyEvent(subscriber) : subscriber)),
  };
  const contentTypes = Object.freeze(Object.fromEntries(registry.contentTypes));
  return {
    documents,
    // the database handle keeps its own members (knex, dialect, close); lifecycles sit beside them
    db: Object.assign(Object.create(parts.db) as Database, { lifecycles }),
    config: { ...parts.config, ...configGetters(parts.config) },
    log: { info: (m) => parts.log.info(m), warn: (m) => parts.log.warn(m), error: (m, e) => parts.log.error(m, e), debug: (m) => parts.log.debug?.(m) },
    contentType: (uid) => registry.contentTypes.get(uid),
    contentTypes,
  };
}

const MISSING = Symbol('missing');

function configGetters(config: ProjectConfig): StrapiConfig {
  const lookup = (path: string): unknown => {
    // Strapi spells plugin config `plugin::name.key` (or `plugin.name.key`): the file's `<name>.config`
    const plugin = /^plugins?(?:::|\.)([^.]+)(?:\.(.*))?$/.exec(path);
    const segments = plugin ? ['plugins', plugin[1]!, 'config', ...(plugin[2] ? plugin[2].split('.') : [])] : path.split('.');
    const raw = walk(config.raw, segments);
    // what the files say first; else Vellum's checked value with its defaults (`server.port` → 1337)
    return raw !== MISSING ? raw : walk(config, segments);
  };
  return {
    get<T>(path: string, defaultValue?: T): T {
      const value = lookup(path);
      return (value === MISSING || value === undefined ? defaultValue : value) as T;
    },
    has: (path) => lookup(path) !== MISSING,
  };
}

function walk(root: unknown, segments: readonly string[]): unknown {
  let node: unknown = root;
  for (const segment of segments) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, segment)) return MISSING;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}
