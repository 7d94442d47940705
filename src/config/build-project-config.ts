import { ConfigChecker, isRecord } from './config-checker.js';
import { CONFIG_DEFAULTS } from './defaults.js';
import type { MergedConfig } from './merge-config.js';
import { normalizeDatabase } from './normalize-database.js';
import type { ApiConfig, Env, Environment, PluginsConfig, ProjectConfig, ServerConfig } from './types.js';

const ENVIRONMENTS: readonly Environment[] = ['development', 'production', 'test'];

/**
 * The typed configuration out of the merged `config/` tree: defaults filled, every value
 * checked. All problems are returned together so one start reports them all.
 */
export function buildProjectConfig(
  merged: MergedConfig,
  env: Env,
  projectDir: string,
  nodeEnv: string,
): { config: ProjectConfig; problems: readonly string[] } {
  const checker = new ConfigChecker(merged, env);
  for (const key of ['server', 'api', 'plugins', 'database', 'admin']) checker.object([key]);
  const config: ProjectConfig = {
    projectDir,
    // Any other NODE_ENV (staging, preview…) is a deployment: it behaves as production.
    environment: (ENVIRONMENTS as readonly string[]).includes(nodeEnv) ? (nodeEnv as Environment) : 'production',
    nodeEnv,
    server: readServer(checker),
    database: normalizeDatabase(checker, projectDir),
    api: readApi(checker),
    plugins: readPlugins(checker),
    middlewares: readMiddlewares(checker),
    env,
    raw: merged.value,
  };
  return { config, problems: checker.problems };
}

function readServer(checker: ConfigChecker): ServerConfig {
  const defaults = CONFIG_DEFAULTS.server;
  return {
    host: checker.string(['server', 'host'], { env: 'HOST', default: defaults.host }),
    port: checker.integer(['server', 'port'], { env: 'PORT', default: defaults.port, min: 0, max: 65535 }),
    bodyLimit: checker.byteSize(['server', 'bodyLimit'], { default: defaults.bodyLimit }),
    serverTiming: checker.boolean(['server', 'serverTiming'], { default: defaults.serverTiming }),
  };
}

function readApi(checker: ConfigChecker): ApiConfig {
  const defaults = CONFIG_DEFAULTS.api;
  checker.object(['api', 'rest']);
  checker.object(['api', 'responses']);
  const rest = (key: string): string[] => ['api', 'rest', key];
  const prefix = checker.string(rest('prefix'), { default: defaults.rest.prefix });
  if (!prefix.startsWith('/')) {
    checker.report(rest('prefix'), 'must start with "/"', { value: prefix, source: checker.sourceOf(rest('prefix')) });
  }
  return {
    rest: {
      prefix: prefix.length > 1 ? prefix.replace(/\/+$/, '') : prefix,
      defaultLimit: checker.integer(rest('defaultLimit'), { default: defaults.rest.defaultLimit, min: 1 }),
      maxLimit: checker.integer(rest('maxLimit'), { default: defaults.rest.maxLimit, min: 1 }),
      withCount: checker.boolean(rest('withCount'), { default: defaults.rest.withCount }),
      strictParams: checker.boolean(rest('strictParams'), { default: defaults.rest.strictParams }),
      populateDepthLimit: checker.integer(rest('populateDepthLimit'), { default: defaults.rest.populateDepthLimit, min: 1 }),
    },
    responses: { privateAttributes: readPrivateAttributes(checker) },
  };
}

function readPrivateAttributes(checker: ConfigChecker): readonly string[] {
  const path = ['api', 'responses', 'privateAttributes'];
  const found = checker.find(path);
  if (found === undefined) return CONFIG_DEFAULTS.api.responses.privateAttributes;
  if (Array.isArray(found.value) && found.value.every((item) => typeof item === 'string')) {
    return found.value as string[];
  }
  checker.report(path, 'must be an array of attribute names', found);
  return CONFIG_DEFAULTS.api.responses.privateAttributes;
}

function readPlugins(checker: ConfigChecker): PluginsConfig {
  const plugins = checker.object(['plugins']);
  for (const [name, entry] of Object.entries(plugins)) {
    if (!isRecord(entry)) {
      checker.report(['plugins', name], 'must be an object such as { enabled: true, config: {} }', {
        value: entry,
        source: checker.sourceOf(['plugins', name]),
      });
    }
  }
  const upload = checker.object(['plugins', 'upload']);
  const uploadConfig = checker.object(['plugins', 'upload', 'config']);
  const sizeLimit = checker.byteSize(['plugins', 'upload', 'config', 'sizeLimit'], {
    default: CONFIG_DEFAULTS.upload.sizeLimit,
  });
  return { ...plugins, upload: { ...upload, config: { ...uploadConfig, sizeLimit } } };
}

function readMiddlewares(checker: ConfigChecker): readonly unknown[] {
  const found = checker.find(['middlewares']);
  if (found === undefined) return CONFIG_DEFAULTS.middlewares;
  if (!Array.isArray(found.value)) {
    checker.report(['middlewares'], 'must be an array of middleware names or { name, config } objects', found);
    return CONFIG_DEFAULTS.middlewares;
  }
  found.value.forEach((item: unknown, index) => {
    const named = isRecord(item) && (typeof item.name === 'string' || typeof item.resolve === 'string');
    if (typeof item !== 'string' && typeof item !== 'function' && !named) {
      const path = ['middlewares', String(index)];
      checker.report(path, 'must be a middleware name or an object with a name or resolve', {
        value: item,
        source: checker.sourceOf(path),
      });
    }
  });
  return found.value;
}
