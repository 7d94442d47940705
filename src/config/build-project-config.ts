import { checkConfig, type ConfigProblem } from './check-config.js';
import type { MergedConfig } from './merge-config.js';
import { normalizeDatabase } from './normalize-database.js';
import { authSlice, emailSlice, graphqlSlice } from './plugin-slices.js';
import { ProjectSchema, type CheckedConfig } from './schema/project-schema.js';
import type { ConfiguredSecrets, Env, Environment, PluginsConfig, ProjectConfig, ResponseCacheConfig } from './types.js';
import { isRecord, keyPath } from './values.js';

const ENVIRONMENTS: readonly Environment[] = ['development', 'production', 'test'];

/** `config/server.ts: server.port must be an integer between 0 and 65535 (got "eighty")` */
export function formatProblem(problem: ConfigProblem, path = problem.path): string {
  return `${problem.source}: ${keyPath(path)} ${problem.expectation} (got ${problem.shown})`;
}

/**
 * The typed configuration out of the merged `config/` tree, checked against the one schema.
 * All problems are returned together so one start reports them all.
 */
export function buildProjectConfig(
  merged: MergedConfig,
  env: Env,
  projectDir: string,
  nodeEnv: string,
): { config: ProjectConfig | undefined; problems: readonly string[] } {
  const { value, problems } = checkConfig(ProjectSchema, merged.value, (path) => merged.sourceOf(path), env);
  if (problems.length > 0) return { config: undefined, problems: problems.map((problem) => formatProblem(problem)) };
  // checked: every key the schema names has its type, defaults filled
  const checked = value as CheckedConfig;
  const cache = checked.api.rest.cache;
  if (cache.enabled && cache.store === 'redis' && cache.redis === '' && checked.server.redis === '') {
    return { config: undefined, problems: [`${merged.sourceOf(['api', 'rest', 'cache', 'store']) ?? 'config/api'}: api.rest.cache.store is "redis" but no Redis URL is set (api.rest.cache.redis, server.redis or REDIS_URL)`] };
  }
  const auth = authSlice(checked.plugins);
  const config: ProjectConfig = {
    projectDir,
    // Any other NODE_ENV (staging, preview…) is a deployment: it behaves as production.
    environment: (ENVIRONMENTS as readonly string[]).includes(nodeEnv) ? (nodeEnv as Environment) : 'production',
    nodeEnv,
    transferTranscript: env.VELLUM_TRANSFER_TRANSCRIPT === undefined || env.VELLUM_TRANSFER_TRANSCRIPT === '' ? undefined : env.VELLUM_TRANSFER_TRANSCRIPT,
    server: {
      host: checked.server.host,
      port: checked.server.port,
      url: checked.server.url.replace(/\/+$/, ''),
      bodyLimit: checked.server.bodyLimit,
      serverTiming: checked.server.serverTiming,
      requestTimeout: checked.server.requestTimeout,
      headersTimeout: checked.server.headersTimeout,
      keepAliveTimeout: checked.server.keepAliveTimeout,
      shutdownTimeout: checked.server.shutdownTimeout,
      trustProxy: trustProxy(checked.server.proxy),
      logLevel: checked.server.logLevel,
      redisUrl: checked.server.redis,
      health: { ...checked.server.health },
      webhooks: { ...checked.server.webhooks, defaultHeaders: { ...checked.server.webhooks.defaultHeaders } },
    },
    database: normalizeDatabase(checked.database.connection, projectDir),
    api: {
      rest: { ...checked.api.rest, prefix: trimSlash(checked.api.rest.prefix), cache: cacheSlice(checked.api.rest.cache, checked.server.redis) },
      responses: { privateAttributes: checked.api.responses.privateAttributes },
    },
    plugins: pluginEntries(merged.value['plugins'], checked.plugins.upload.config),
    middlewares: checked.middlewares,
    graphql: graphqlSlice(checked.plugins),
    auth,
    email: emailSlice(checked.plugins),
    i18n: { defaultLocale: checked.plugins.i18n.config.defaultLocale, locales: [...checked.plugins.i18n.config.locales] },
    secrets: configuredSecrets(checked, auth.jwtSecret, env),
    admin: { path: checked.admin.url.length > 1 ? checked.admin.url.replace(/\/+$/, '') : checked.admin.url, serveAdminPanel: checked.admin.serveAdminPanel, sessions: { ...checked.admin.auth.sessions } },
    databaseSettings: {
      allowDestructiveSync: checked.database.settings.allowDestructiveSync || env['DATABASE_ALLOW_DESTRUCTIVE_SYNC'] === 'true',
    },
    env,
    raw: merged.value,
  };
  return { config, problems: [] };
}

/** the cache's store settled: its own Redis URL, else the server's; `auto` is Redis when there is one */
function cacheSlice(cache: CheckedConfig['api']['rest']['cache'], serverRedis: string): ResponseCacheConfig {
  const redisUrl = cache.redis === '' ? serverRedis : cache.redis;
  const store = cache.store === 'auto' ? (redisUrl === '' ? 'memory' : 'redis') : cache.store;
  const { redis: _url, ...rest } = cache;
  return { ...rest, store, redisUrl: store === 'redis' ? redisUrl : '' };
}

function trimSlash(prefix: string): string {
  return prefix.length > 1 ? prefix.replace(/\/+$/, '') : prefix;
}

/** `config/plugins` entries as written, with the checked keys of `upload.config` filled */
function pluginEntries(raw: unknown, checkedUpload: PluginsConfig['upload']['config']): PluginsConfig {
  const plugins = isRecord(raw) ? raw : {};
  const upload = isRecord(plugins['upload']) ? plugins['upload'] : {};
  const uploadConfig = isRecord(upload['config']) ? upload['config'] : {};
  const { sizeLimit, breakpoints, responsiveDimensions, sizeOptimization, autoOrientation, provider, providerOptions, actionOptions } = checkedUpload;
  return {
    ...plugins,
    upload: { ...upload, config: { ...uploadConfig, sizeLimit, breakpoints, responsiveDimensions, sizeOptimization, autoOrientation, provider, providerOptions, actionOptions } },
  };
}

/** each secret from its environment variable, else from the config key Strapi projects use */
function configuredSecrets(checked: CheckedConfig, jwtSecret: string | undefined, env: Env): ConfiguredSecrets {
  const pick = (name: keyof ConfiguredSecrets, configured: string | undefined): string | undefined => {
    const fromEnv = env[name];
    return fromEnv !== undefined && fromEnv !== '' ? fromEnv : configured;
  };
  const salt = checked.admin.apiToken.salt;
  const keys = checked.server.app.keys;
  return {
    JWT_SECRET: pick('JWT_SECRET', jwtSecret),
    ADMIN_JWT_SECRET: pick('ADMIN_JWT_SECRET', checked.admin.auth.secret === '' ? undefined : checked.admin.auth.secret),
    API_TOKEN_SALT: pick('API_TOKEN_SALT', salt === '' ? undefined : salt),
    TRANSFER_TOKEN_SALT: pick('TRANSFER_TOKEN_SALT', checked.admin.transfer.token.salt === '' ? undefined : checked.admin.transfer.token.salt),
    APP_KEYS: pick('APP_KEYS', keys !== undefined && keys.every((key) => key !== '') ? keys.join(',') : undefined),
  };
}

/** `server.proxy` as Fastify's `trustProxy`: Strapi 5 writes `{ koa: true }`, Strapi 4 `true`. */
function trustProxy(proxy: boolean | string[] | { koa: boolean }): boolean | readonly string[] {
  if (Array.isArray(proxy)) return proxy;
  return typeof proxy === 'boolean' ? proxy : proxy.koa;
}
