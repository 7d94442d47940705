/**
 * What a project is at run time, short of HTTP: config, model, an open and synced database,
 * document repositories and services, and auth (stores and service, default roles made, cache
 * loaded). `createApp` builds its server on it and the CLI's token and role commands use it,
 * so both start the project the same way.
 */
import { resolve } from 'node:path';
import { createAuthService, type AuthService } from '../auth/auth-service.js';
import { createAuthStores, type AuthStores } from '../auth/auth-stores.js';
import { createEmailService } from '../email/email-service.js';
import { AUTH_CONTENT_TYPES, PERMISSION_UID, ROLE_UID, USER_UID } from '../auth/content-types.js';
import { TRANSFER_TOKEN_TYPE, TRANSFER_TOKEN_UID, createTransferTokensStore, type TransferTokensStore } from '../auth/transfer-tokens.js';
import { ADMIN_CONTENT_TYPES, ADMIN_PERMISSION_UID, ADMIN_ROLE_UID, ADMIN_USER_UID } from '../auth/admin/admin-content-types.js';
import { createAdminRealm, type AdminRealm } from '../auth/admin/admin-realm.js';
import { checkExpiresIn } from '../auth/jwt.js';
import { resolveSecrets } from '../auth/secrets.js';
import { loadConfig } from '../config/load-config.js';
import type { Env, ProjectConfig } from '../config/types.js';
import { openDatabase, type Database } from '../db/connection.js';
import { syncSchema } from '../db/sync-schema.js';
import { createRepository } from '../documents/repository.js';
import { createLocaleService, type LocaleService } from '../documents/locales.js';
import type { DocumentRepository } from '../documents/types.js';
import { createEngineContext, inOneTransaction } from '../engine/context.js';
import { CONTENT_STATE_TYPE, CONTENT_STATE_UID, ensureContentStamp } from '../engine/content-stamp.js';
import type { EngineContext } from '../engine/types.js';
import { StartupError } from '../errors/index.js';
import { loadRegistry, type LoadRegistryOptions } from '../model/load-models.js';
import { createDocumentService, type DocumentService } from '../strapi/document-service.js';
import { createOperations, type Operations } from '../operations/operations.js';
import { withServiceWrites } from '../operations/service-writes.js';
import type { Registry } from '../model/types.js';
import { UPLOAD_FILE_UID, UPLOAD_FOLDER_UID } from '../model/built-in-types.js';
import { toDatabaseOptions } from './database-options.js';
import type { Logger } from './logger.js';
import type { ResponseCache } from '../operations/response-cache.js';
import { setUpResponseCache } from './response-cache-setup.js';
import { createWebhookRecorder } from '../webhooks/recorder.js';
import { createWebhookService, type WebhookService } from '../webhooks/webhook-service.js';
import { startWebhookWorker, type WebhookWorker } from '../webhooks/delivery/worker.js';

export interface RuntimeOptions {
  readonly dir: string;
  /** environment variables to use instead of `process.env` (tests) */
  readonly env?: Env;
  readonly logger: Logger;
  /** never drop columns or tables, whatever the config allows (the CLI's commands) */
  readonly neverDestructive?: boolean;
}

export interface Runtime {
  readonly dir: string;
  readonly config: ProjectConfig;
  readonly registry: Registry;
  readonly db: Database;
  readonly engine: EngineContext;
  readonly stores: AuthStores;
  /** transfer tokens (`strapi transfer --to`); undefined without a transfer token salt (transfer is off) */
  readonly transferTokens: TransferTokensStore | undefined;
  readonly auth: AuthService;
  /** the admin realm: admin users, sessions, roles, the admin actor (auth/admin/) */
  readonly admin: AdminRealm;
  /** the operation layer every transport and the document service call (policies, middlewares, lifecycles) */
  readonly operations: Operations;
  repository(uid: string): DocumentRepository;
  /** the repositories plugin services write with: users' and files' writes run as operations (lifecycles, document-service middlewares) */
  serviceRepository(uid: string): DocumentRepository;
  documents(uid: string): DocumentService;
  /** the project's locales (`strapi.plugin('i18n').service('locales')`) */
  readonly i18n: LocaleService;
  /** the response cache, when `api.rest.cache.enabled` */
  readonly cache: ResponseCache | undefined;
  /** webhooks as data (admin API, CLI) */
  readonly webhooks: WebhookService;
  /** starts delivering the outbox (a server does; the CLI's commands do not); stopped by `close()` */
  startWebhookWorker(): void;
  /** stops following auth changes and closes the database */
  close(): Promise<void>;
  /** how start-up loaded the registry and synced: the content-type builder checks a proposed schema the same way */
  readonly startup: { readonly registryOptions: LoadRegistryOptions; readonly allowDestructiveSync: boolean };
}

/** the types plugin services write (users-permissions' users, the media library's files and folders, the admin realm's users) */
const SERVICE_WRITTEN: ReadonlySet<string> = new Set([USER_UID, ROLE_UID, PERMISSION_UID, UPLOAD_FILE_UID, UPLOAD_FOLDER_UID, ADMIN_USER_UID, ADMIN_ROLE_UID, ADMIN_PERMISSION_UID]);

export async function createRuntime(options: RuntimeOptions): Promise<Runtime> {
  const dir = resolve(options.dir);
  const log = options.logger;
  const config = await loadConfig(dir, options.env);
  const authConfig = config.auth;
  await checkExpiresIn(authConfig.jwtExpiresIn).catch((error: unknown) => {
    throw new StartupError(`config/plugins: 'users-permissions'.config.jwt.expiresIn is not a time span (${error instanceof Error ? error.message : String(error)})`);
  });
  const secrets = await resolveSecrets(config, log);
  const registryOptions: LoadRegistryOptions = { extraContentTypes: [...AUTH_CONTENT_TYPES, ...ADMIN_CONTENT_TYPES, TRANSFER_TOKEN_TYPE, CONTENT_STATE_TYPE], privateAttributes: config.api.responses.privateAttributes };
  const registry = await loadRegistry(dir, registryOptions);
  const db = await openDatabase(toDatabaseOptions(config.database));
  const allowDestructiveSync = options.neverDestructive !== true && config.databaseSettings.allowDestructiveSync;
  try {
    await syncSchema(db, registry, { allowDestructive: allowDestructiveSync });
    // with the response cache on, every write transaction replaces the content stamp (on every
    // instance and in the CLI too: they all read the same config)
    const engine = createEngineContext(db, registry, config.api.rest.cache.enabled ? { contentStamp: CONTENT_STATE_UID } : {});
    const repositories = new Map<string, DocumentRepository>();
    const repository = (uid: string): DocumentRepository => {
      let repo = repositories.get(uid);
      if (!repo) {
        repo = createRepository(engine, registry.contentType(uid));
        repositories.set(uid, repo);
      }
      return repo;
    };
    // users, roles, permissions and files are written by plugin services: their writes run as operations (no caller),
    // so document-service middlewares and lifecycles see them (operations/service-writes.ts)
    const serviceRepository = (uid: string): DocumentRepository =>
      SERVICE_WRITTEN.has(uid) ? withServiceWrites(repository(uid), () => operations.forType(uid)) : repository(uid);
    // a role and its permissions are written in one transaction of the operation layer's
    const stores = createAuthStores(engine, serviceRepository, secrets.apiTokenSalt, (work) => operations.transaction(work));
    // locale changes replace the auth stamp, so every instance (and a server after a CLI change)
    // reloads its locales at its next request, with the auth data (auth-cache.ts)
    const i18n = await createLocaleService(engine, {
      defaultLocale: config.i18n.defaultLocale,
      locales: config.i18n.locales.map((code) => ({ code })),
      announce: () => stores.state.bump(),
    });
    const serverUrl = config.server.url || `http://${config.server.host}:${config.server.port}`;
    const auth = createAuthService({
      registry, config: authConfig, secrets, log, stores,
      email: createEmailService(config.email),
      redisUrl: config.server.redisUrl,
      alsoReload: () => i18n.reload(),
      confirmationUrl: `${serverUrl}${config.api.rest.prefix === '/' ? '' : config.api.rest.prefix}/auth/email-confirmation`,
    });
    if (config.api.rest.cache.enabled) await ensureContentStamp(engine);
    const cache = setUpResponseCache(engine, registry, config, log);
    // admin users, roles and permissions are written as operations too; sessions are bookkeeping
    const admin = createAdminRealm({
      registry, engine, state: stores.state, secret: secrets.adminJwtSecret, sessions: config.admin.sessions,
      repository: (uid) => (SERVICE_WRITTEN.has(uid) ? serviceRepository(uid) : repository(uid)),
      transaction: (work) => operations.transaction(work),
    });
    let worker: WebhookWorker | undefined;
    // a write that committed deliveries wakes this process's worker (other instances poll)
    const webhooks = createWebhookRecorder({ registry, wake: () => worker?.wake() });
    const operations = createOperations({
      registry, repository, locales: i18n, webhooks, ...(cache ? { cache } : {}),
      actor: (request) => auth.actor(request),
      adminActor: (request) => admin.actor(request),
      transaction: (work) => inOneTransaction(engine, work),
    });
    const services = new Map<string, DocumentService>();
    const documents = (uid: string): DocumentService => {
      let service = services.get(uid);
      if (!service) {
        service = createDocumentService(registry, operations.forType(uid));
        services.set(uid, service);
      }
      return service;
    };
    await auth.init();
    await admin.init();
    if (secrets.transferTokenSalt === undefined) log.warn('Missing TRANSFER_TOKEN_SALT (admin.transfer.token.salt): data transfer (strapi transfer --to) is disabled.');
    const transferTokens = secrets.transferTokenSalt === undefined ? undefined : createTransferTokensStore(engine, repository(TRANSFER_TOKEN_UID), secrets.transferTokenSalt);
    return {
      dir, config, registry, db, engine, stores, transferTokens, auth, admin, operations, repository, serviceRepository, documents, i18n, cache,
      startup: { registryOptions, allowDestructiveSync },
      webhooks: createWebhookService(engine, config.server.webhooks),
      startWebhookWorker() {
        worker ??= startWebhookWorker(createEngineContext(db, registry), config.server.webhooks, log);
      },
      async close() {
        await worker?.stop();
        await auth.stop();
        await cache?.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}

