/**
 * The application instance and its lifecycle: load config and models → open and sync the
 * database → register (user code) → HTTP server with REST and GraphQL → bootstrap (user code)
 * → listen; `stop()` closes in reverse order.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readAuthConfig } from '../auth/auth-config.js';
import { createAuthService, type PermissionsApi, type TokensApi } from '../auth/auth-service.js';
import { createAuthStores } from '../auth/auth-stores.js';
import { AUTH_CONTENT_TYPES } from '../auth/content-types.js';
import { checkExpiresIn } from '../auth/jwt.js';
import { resolveSecrets } from '../auth/secrets.js';
import { loadConfig } from '../config/load-config.js';
import type { Env, ProjectConfig } from '../config/types.js';
import { openDatabase, type Database } from '../db/connection.js';
import { syncSchema } from '../db/sync-schema.js';
import { createDocumentService, type DocumentService } from '../documents/document-service.js';
import { createRepository } from '../documents/repository.js';
import type { DocumentRepository } from '../documents/types.js';
import type { EngineContext } from '../engine/types.js';
import { loadRegistry } from '../model/load-models.js';
import type { Registry } from '../model/types.js';
import { registerGraphql } from '../graphql/plugin.js';
import { StartupError } from '../errors/index.js';
import { registerRest } from '../rest/plugin.js';
import { localProvider } from '../upload/local-provider.js';
import { createUploadService, FILE_UID, type UploadService } from '../upload/upload-service.js';
import { createServer } from './create-server.js';
import { applyMiddlewares } from './middlewares/apply-middlewares.js';
import { toDatabaseOptions } from './database-options.js';
import type { ContentAction, TransportContext } from './plugin-context.js';
import { loadLifecycles } from './user-code.js';
import { consoleLogger, type Logger } from './logger.js';

export interface CreateAppOptions {
  readonly dir: string;
  /** environment variables to use instead of `process.env` (tests) */
  readonly env?: Env;
  readonly logger?: Logger;
}

export interface VellumApp {
  readonly dir: string;
  readonly config: ProjectConfig;
  readonly registry: Registry;
  readonly db: Database;
  readonly server: FastifyInstance;
  readonly uploads: UploadService;
  readonly log: Logger;
  documents(uid: string): DocumentService;
  repository(uid: string): DocumentRepository;
  /** the permission seam: every transport asks it before touching data (401 / 403 when refused) */
  authorize(request: FastifyRequest, action: ContentAction, uid: string): Promise<void>;
  /** roles and their permissions (`grant('public', ['api::article.article.find'])`), for `bootstrap` */
  readonly permissions: PermissionsApi;
  /** API tokens (`create({ name, type })` returns the token once), for `bootstrap` */
  readonly tokens: TokensApi;
  listen(options?: { host?: string; port?: number }): Promise<string>;
  stop(): Promise<void>;
}

export async function createApp(options: CreateAppOptions): Promise<VellumApp> {
  const dir = resolve(options.dir);
  const log = options.logger ?? consoleLogger;
  const config = await loadConfig(dir, options.env);
  const authConfig = readAuthConfig(config);
  await checkExpiresIn(authConfig.jwtExpiresIn).catch((error: unknown) => {
    throw new StartupError(`config/plugins: 'users-permissions'.config.jwt.expiresIn is not a time span (${error instanceof Error ? error.message : String(error)})`);
  });
  const secrets = await resolveSecrets(config, authConfig, log);
  const registry = await loadRegistry(dir, { extraContentTypes: AUTH_CONTENT_TYPES, privateAttributes: config.api.responses.privateAttributes });
  const db = await openDatabase(toDatabaseOptions(config.database));
  try {
    await syncSchema(db, registry, { allowDestructive: allowDestructive(config) });
    const engine: EngineContext = { knex: db.knex, registry, dialect: db.dialect };
    const repositories = new Map<string, DocumentRepository>();
    const repository = (uid: string): DocumentRepository => {
      let repo = repositories.get(uid);
      if (!repo) {
        repo = createRepository(engine, registry.contentType(uid));
        repositories.set(uid, repo);
      }
      return repo;
    };
    const services = new Map<string, DocumentService>();
    const documents = (uid: string): DocumentService => {
      let service = services.get(uid);
      if (!service) {
        service = createDocumentService(registry, repository(uid));
        services.set(uid, service);
      }
      return service;
    };
    const publicDir = join(dir, 'public');
    mkdirSync(join(publicDir, 'uploads'), { recursive: true });
    const uploads = createUploadService(engine, repository(FILE_UID), localProvider(publicDir));
    const auth = createAuthService({
      registry, config: authConfig, secrets, log,
      stores: createAuthStores(engine, repository, secrets.apiTokenSalt),
    });
    await auth.init();
    const server = await createServer({
      projectDir: dir,
      bodyLimit: config.server.bodyLimit,
      uploadSizeLimit: config.plugins.upload.config.sizeLimit,
      serverTiming: config.environment !== 'production' || config.server.serverTiming,
      log,
    });

    const lifecycles = await loadLifecycles(dir);
    const app: VellumApp = {
      dir, config, registry, db, server, uploads, log, documents, repository,
      authorize: (request, action, uid) => auth.authorize(request, action, uid),
      permissions: auth.permissions,
      tokens: auth.tokens,
      async listen(listenOptions = {}) {
        const host = listenOptions.host ?? config.server.host;
        const port = listenOptions.port ?? config.server.port;
        await server.listen({ host, port });
        const address = server.server.address();
        const bound = typeof address === 'object' && address !== null ? address.port : port;
        return `http://${host.includes(':') ? `[${host}]` : host}:${bound}`;
      },
      async stop() {
        await lifecycles.destroy?.({ strapi: app, app });
        await server.close();
        await auth.stop();
        await db.close();
      },
    };
    await lifecycles.register?.({ strapi: app, app });
    await applyMiddlewares(server, config.middlewares, { dir, app, log });

    const transport: TransportContext = {
      server, registry, repository, app, log,
      authorize: (request, action, uid) => app.authorize(request, action, uid),
      auth,
      rest: config.api.rest,
      rawConfig: config.raw,
      environment: config.environment,
    };
    await registerRest(transport, uploads);
    await registerGraphql(transport);
    await lifecycles.bootstrap?.({ strapi: app, app });
    await server.ready();
    auth.start();
    return app;
  } catch (error) {
    await db.close();
    throw error;
  }
}

function allowDestructive(config: ProjectConfig): boolean {
  const settings = (config.raw.database as { settings?: { allowDestructiveSync?: unknown } } | undefined)?.settings;
  return settings?.allowDestructiveSync === true || config.env.DATABASE_ALLOW_DESTRUCTIVE_SYNC === 'true';
}
