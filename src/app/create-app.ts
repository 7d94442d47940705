/**
 * The application instance and its lifecycle: load config and models → open and sync the
 * database → register (user code) → HTTP server with REST and GraphQL → bootstrap (user code)
 * → listen; `stop()` closes in reverse order.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ContentAction } from '../auth/actions.js';
import type { PermissionsApi, TokensApi, UsersPermissionsApi } from '../auth/auth-service.js';
import type { Env, ProjectConfig } from '../config/types.js';
import type { Operations } from '../operations/operations.js';
import type { OperationContext } from '../operations/types.js';
import type { DocumentRepository } from '../documents/types.js';
import type { LocaleService } from '../documents/locales.js';
import type { Registry } from '../model/types.js';
import type { QueryBudget } from '../query/query-cost.js';
import { registerGraphql } from '../graphql/plugin.js';
import { createGraphqlExtensions, type GraphqlExtensionService } from '../strapi/graphql/extension-service.js';
import { createHandlerRegistry } from '../strapi/graphql/named-handlers.js';
import { graphqlCustomization } from '../strapi/graphql/graphql-customization.js';
import { registerRest } from '../rest/plugin.js';
import { registerAdminApi } from '../admin/plugin.js';
import { registerPushRoute } from '../transfer-push/push-route.js';
import type { TransportContext } from '../transport/transport-context.js';
import { chooseUploadProvider } from '../upload/choose-provider.js';
import { StartupError } from '../errors/index.js';
import { UPLOAD_FILE_UID, UPLOAD_FOLDER_UID } from '../model/built-in-types.js';
import { createFolderService } from '../upload/folder-service.js';
import { readInlineTypes } from '../upload/served-headers.js';
import { signOperationResult } from '../upload/sign-media.js';
import { createUploadService, type UploadService } from '../upload/upload-service.js';
import { createServer } from './create-server.js';
import { applyMiddlewares } from './middlewares/apply-middlewares.js';
import { registerHttpCaching } from './http-caching.js';
import { createRuntime } from './runtime.js';
import { loadLifecycles } from '../strapi/user-code.js';
import { createProcessLogger, type Logger } from './logger.js';
import { closeServer } from './close-server.js';
import { registerHealthRoutes } from './health-routes.js';
import { createReadinessCheck } from '../db/schema-readiness.js';
import { loadContentTypeLifecycles } from '../strapi/content-type-lifecycles.js';
import { clearGlobalStrapi, setGlobalStrapi, withStrapiMembers, type StrapiMembers } from '../strapi/strapi-object.js';
import { loadProjectCode, NO_PROJECT_CODE } from '../strapi/project-code.js';
import { loadPluginExtensions } from '../strapi/plugin-extensions.js';
import { projectModules, type ProjectModules } from '../strapi/strapi-modules.js';
import { registerNamedHandlers } from '../strapi/strapi-facade-rest.js';
import { createRestParts } from '../strapi/rest/rest-parts.js';
import { customRouteActions } from '../strapi/rest/route-plans.js';
import { registerProjectRoutes } from '../strapi/rest/project-routes.js';
import { createContentTypeBuilder } from '../content-type-builder/builder.js';
import { loadRegistry } from '../model/load-models.js';
import { syncRefusal } from '../db/sync-schema.js';

export interface CreateAppOptions {
  readonly dir: string;
  /** environment variables to use instead of `process.env` (tests) */
  readonly env?: Env;
  readonly logger?: Logger;
  /** `vellum develop` (Strapi's autoReload): the content-type builder writes schemas, then calls `restart` */
  readonly develop?: { readonly restart: () => void };
}

/** The app's own members, Vellum's names; the Strapi adapter adds Strapi's (`VellumApp`). */
export interface AppCore {
  readonly dir: string;
  readonly registry: Registry;
  readonly server: FastifyInstance;
  readonly uploads: UploadService;
  /** true once `stop()` began: `/_ready` answers 503 while requests drain */
  readonly draining: boolean;
  repository(uid: string): DocumentRepository;
  /** the operation layer: `policies.register`, `use(middleware)`, `lifecycles.subscribe` (see src/operations/README.md) */
  readonly operations: Operations;
  /** the permission seam: every transport asks it before touching data (401 / 403 when refused) */
  authorize(request: FastifyRequest, action: ContentAction, uid: string): Promise<void>;
  /** roles and their permissions (`grant('public', ['api::article.article.find'])`), for `bootstrap` */
  readonly permissions: PermissionsApi;
  /** API tokens (`create({ name, type })` returns the token once), for `bootstrap` */
  readonly tokens: TokensApi;
  /** users-permissions' advanced settings (`setAdvanced({ email_confirmation: true })`), for `bootstrap` */
  readonly usersPermissions: UsersPermissionsApi;
  /** the project's locales: `find`, `create({ code })`, `delete(code)`, `setDefaultLocale({ code })` (docs/i18n.md) */
  readonly i18n: LocaleService;
  /**
   * Strapi's `strapi.plugin('graphql').service('extension')` and `strapi.plugin('i18n').service('locales')`
   * (= `app.i18n`); other plugins and services are undefined
   */
  plugin(name: string): PluginHandle | undefined;
  /** registered policies (`global::name`, `api::<api>.name`, `plugin::…`), usable in GraphQL `resolversConfig` */
  registerPolicy(name: string, handler: unknown): void;
  /** registered resolver middlewares (or, used with `{ name, options }`, factories of them) */
  registerMiddleware(name: string, handler: unknown): void;
  policy(name: string): unknown;
  middleware(name: string): unknown;
  listen(options?: { host?: string; port?: number }): Promise<string>;
  /**
   * Graceful: stop accepting connections, let in-flight requests finish (at most
   * `server.shutdownTimeout` ms), run the user's `destroy`, close the database pool.
   */
  stop(): Promise<void>;
}

/** The running app: its own members, and Strapi's, which make it the `strapi` object project code gets (src/strapi/strapi-object.ts). */
export interface VellumApp extends AppCore, StrapiMembers {}

export interface PluginHandle {
  service(name: 'extension'): GraphqlExtensionService;
  service(name: 'locales'): LocaleService;
  service(name: string): unknown;
}

/**
 * The modules project code imports by name (`@strapi/strapi`, `@strapi/utils`, `vellum`), with
 * this very `createApp` in `vellum`: handed to the loaders, which sit below the app.
 */
export const PROJECT_MODULES: ProjectModules = projectModules({ createApp });

export async function createApp(options: CreateAppOptions): Promise<VellumApp> {
  // without a logger given, JSON lines on stdout (pino), configured once the config is read
  const processLogger = options.logger ? undefined : createProcessLogger();
  const log = options.logger ?? processLogger!.logger;
  const runtime = await createRuntime({ dir: options.dir, env: options.env, logger: log });
  const { dir, config, registry, db, engine, auth, operations, repository, documents, i18n } = runtime;
  processLogger?.configure({ level: config.server.logLevel, environment: config.environment });
  let draining = false;
  let stopping: Promise<void> | undefined;
  try {
    const publicDir = join(dir, 'public');
    mkdirSync(join(publicDir, 'uploads'), { recursive: true });
    const provider = await chooseUploadProvider(config.plugins.upload.config, { publicDir, warn: (message) => log.warn(message) });
    const uploads = createUploadService(engine, runtime.serviceRepository(UPLOAD_FILE_UID), provider, config.plugins.upload.config, repository);
    // the media library's folders (the admin API's): their writes are operations too
    const folders = createFolderService(engine, runtime.serviceRepository(UPLOAD_FOLDER_UID), uploads);
    const signFile = uploads.signer;
    if (signFile !== undefined) {
      // a private bucket: every answered file carries a fresh pre-signed URL, as Strapi's
      // document-service middleware does; first registered, so it wraps the project's middlewares. The
      // media library's own writes (operations/service-writes.ts) are answered by its routes,
      // which sign what they answer (`withAnsweredUrls`): left as stored here.
      operations.use(async (context, next) => (isLibraryWrite(context) ? next() : signOperationResult(registry, context.contentType, await next(), signFile)));
    }
    const server = await createServer({
      projectDir: dir,
      bodyLimit: config.server.bodyLimit,
      uploadSizeLimit: config.plugins.upload.config.sizeLimit,
      uploadInlineTypes: readInlineTypes(config.plugins.upload.config),
      serverTiming: config.environment !== 'production' || config.server.serverTiming,
      requestTimeout: config.server.requestTimeout,
      headersTimeout: config.server.headersTimeout,
      keepAliveTimeout: config.server.keepAliveTimeout,
      maxResponseEntries: config.api.rest.maxResponseEntries,
      log,
      pino: log.pino,
      trustProxy: config.server.trustProxy,
    });
    if (config.server.health.enabled) {
      registerHealthRoutes(server, {
        livenessPath: config.server.health.livenessPath,
        readinessPath: config.server.health.readinessPath,
        draining: () => draining,
        checkReadiness: createReadinessCheck(db, registry),
        log,
      });
    }

    const lifecycles = await loadLifecycles(dir, PROJECT_MODULES);
    for (const { subscriber } of await loadContentTypeLifecycles(dir, registry, PROJECT_MODULES)) operations.lifecycles.subscribe(subscriber);
    const project = await loadProjectCode(dir, PROJECT_MODULES);
    // custom route actions (api::article.article.popular) are grantable from register/bootstrap on
    runtime.stores.customActions.add(customRouteActions(project.routes));
    registerNamedHandlers(operations, project);
    const rest = { ...config.api.rest, budget: queryBudget(config.api.rest) };
    // built before the app object: factories receive the app itself as `strapi` (read on first use, once it exists)
    const restParts = createRestParts({ operations, query: { registry, rest }, registry, strapi: () => app }, project);
    // filled by register(): the GraphQL extension service and named policies and middlewares
    const graphqlExtensions = createGraphqlExtensions();
    const handlers = createHandlerRegistry(operations);
    const graphqlPlugin: PluginHandle = {
      service: ((name: string) => (name === 'extension' ? graphqlExtensions.service : undefined)) as PluginHandle['service'],
    };
    const i18nPlugin: PluginHandle = { service: ((name: string) => (name === 'locales' ? i18n : undefined)) as PluginHandle['service'] };
    const core: AppCore = {
      dir, registry, server, uploads, repository, operations,
      get draining() {
        return draining;
      },
      authorize: (request, action, uid) => auth.authorize(request, action, uid),
      permissions: auth.permissions,
      tokens: auth.tokens,
      usersPermissions: auth.usersPermissions,
      plugin: (name) => (name === 'graphql' ? graphqlPlugin : name === 'i18n' ? i18nPlugin : undefined),
      i18n,
      registerPolicy: (name, handler) => handlers.registerPolicy(name, handler),
      registerMiddleware: (name, handler) => handlers.registerMiddleware(name, handler),
      policy: (name) => handlers.policy(name),
      middleware: (name) => handlers.middleware(name),
      async listen(listenOptions = {}) {
        const host = listenOptions.host ?? config.server.host;
        const port = listenOptions.port ?? config.server.port;
        try {
          await server.listen({ host, port });
        } catch (error) {
          throw listenError(error, host, port);
        }
        const address = server.server.address();
        const bound = typeof address === 'object' && address !== null ? address.port : port;
        return `http://${host.includes(':') ? `[${host}]` : host}:${bound}`;
      },
      stop() {
        stopping ??= (async () => {
          draining = true;
          await closeServer(server, config.server.shutdownTimeout, log);
          try {
            await lifecycles.destroy?.({ strapi: app, app });
          } finally {
            clearGlobalStrapi(app);
            provider.close?.();
            await runtime.close();
          }
        })();
        return stopping;
      },
    };
    const app: VellumApp = withStrapiMembers(core, { config, registry, db, log, operations, documents, rest: restParts });
    setGlobalStrapi(app);
    await lifecycles.register?.({ strapi: app, app });
    await applyMiddlewares(server, config.middlewares, { dir, app, log, modules: PROJECT_MODULES });
    registerHttpCaching(server, runtime.cache);

    const transport: TransportContext = {
      server, registry, operations, app, log, locales: i18n,
      auth,
      rest,
      graphql: config.graphql,
      environment: config.environment,
      builtInRoutes: loadPluginExtensions({ dir, modules: PROJECT_MODULES, operations, registry, strapi: app, warn: (message) => log.warn(message) }),
    };
    const projectRoutes = project === NO_PROJECT_CODE ? undefined : (scoped: TransportContext) => registerProjectRoutes(scoped, { parts: restParts, strapi: app });
    await registerRest(transport, uploads, projectRoutes);
    await registerGraphql(transport, graphqlCustomization(graphqlExtensions, handlers), uploads);
    await registerAdminApi(server, {
      ...transport,
      admin: { realm: runtime.admin, tokens: auth.tokens, transferTokens: runtime.transferTokens, webhooks: runtime.webhooks, path: config.admin.path, serveAdminPanel: config.admin.serveAdminPanel, secureCookies: config.environment === 'production' },
      media: { uploads, folders },
      contentTypeBuilder: createContentTypeBuilder({
        dir,
        autoReload: options.develop !== undefined,
        pluginContentTypes: runtime.startup.registryOptions.extraContentTypes ?? [],
        loadRegistry: (proposed) => loadRegistry(dir, { ...runtime.startup.registryOptions, proposed }),
        syncRefusal: (next) => syncRefusal(db, next, { allowDestructive: runtime.startup.allowDestructiveSync }),
        restart: () => options.develop?.restart(),
      }),
    });
    // `strapi transfer --to <this>/admin`: Strapi's push protocol, authenticated by transfer tokens
    const transcript = config.transferTranscript;
    await registerPushRoute(server, {
      adminPath: config.admin.path, tokens: runtime.transferTokens, log,
      target: { engine, provider, defaultLocale: () => i18n.defaultCode(), changed: () => runtime.stores.state.bump() },
      ...(transcript ? { transcript } : {}),
    });
    await lifecycles.bootstrap?.({ strapi: app, app });
    await server.ready();
    runtime.startWebhookWorker();
    return app;
  } catch (error) {
    await runtime.close();
    throw error;
  }
}

const WRITES: ReadonlySet<string> = new Set(['create', 'update', 'delete']);
/** a write of the media library's service (no caller): its routes and mutations answer the file */
function isLibraryWrite(context: OperationContext): boolean {
  return context.caller === null && context.uid === UPLOAD_FILE_UID && WRITES.has(context.action);
}

/** The `api.rest` limits every parsed query is checked against, REST and GraphQL alike. */
function queryBudget(rest: ProjectConfig['api']['rest']): QueryBudget {
  return { maxPopulateNodes: rest.maxPopulateNodes, maxFilterNodes: rest.maxFilterNodes, maxRelationHops: rest.maxRelationHops };
}

/** A port that cannot be had is a startup failure with a clear message, not a stack trace. */
function listenError(error: unknown, host: string, port: number): unknown {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  switch (code) {
    case 'EADDRINUSE':
      return new StartupError(`Cannot listen on ${where}: the port is already in use (EADDRINUSE). Stop the process holding it, or set PORT (or server.port) to a free one.`);
    case 'EACCES':
      return new StartupError(`Cannot listen on ${where}: permission denied (EACCES). Ports below 1024 need privileges; set PORT (or server.port) to a higher one.`);
    case 'EADDRNOTAVAIL':
      return new StartupError(`Cannot listen on ${where}: the address is not available on this machine (EADDRNOTAVAIL). Check HOST (or server.host).`);
    default:
      return error;
  }
}
