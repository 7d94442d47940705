import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './load-config.js';
import { loadEnv } from './load-env.js';
import { project } from '../../test/helpers/config-project.js';

describe('loadConfig defaults', () => {
  it('fills every default for a project without config files', async () => {
    const dir = await project({});
    const config = await loadConfig(dir, {});
    expect(config.environment).toBe('development');
    expect(config.nodeEnv).toBe('development');
    expect(config.server).toEqual({ host: '127.0.0.1', port: 1337, url: '', bodyLimit: 1_048_576, serverTiming: false, requestTimeout: 30_000, headersTimeout: 10_000, keepAliveTimeout: 5_000, shutdownTimeout: 10_000, trustProxy: false, logLevel: 'info', redisUrl: '', health: { enabled: true, livenessPath: '/_health', readinessPath: '/_ready' }, webhooks: { defaultHeaders: {}, allowPrivateTargets: false, timeout: 10_000, maxAttempts: 10, maxAge: 86_400_000, backoff: 1_000, maxBackoff: 3_600_000, pollInterval: 1_000, concurrency: 5, retention: 604_800_000 } });
    expect(config.database).toEqual({ client: 'sqlite', connection: { filename: join(dir, '.tmp/data.db') }, statementTimeout: 15_000, options: {} });
    expect(config.api.rest).toEqual({
      prefix: '/api',
      defaultLimit: 25,
      maxLimit: 100,
      withCount: true,
      strictParams: false,
      populateDepthLimit: 10,
      maxPopulateNodes: 100,
      maxFilterNodes: 200,
      maxRelationHops: 10,
      maxResponseEntries: 25_000,
      cache: { enabled: false, store: 'memory', redisUrl: '', maxEntries: 10_000, maxBytes: 67_108_864, ttl: 300_000, keyPrefix: 'vellum:cache' },
    });
    expect(config.api.responses.privateAttributes).toEqual([]);
    expect(config.plugins.upload.config.sizeLimit).toBe(209_715_200);
    expect(config.middlewares).toContain('strapi::body');
    expect(config.raw).toEqual({});
  });

  it('deep-freezes the result', async () => {
    const dir = await project({ 'config/plugins.js': 'module.exports = { graphql: { config: { depthLimit: 7 } } };' });
    const config = await loadConfig(dir, {});
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.api.rest)).toBe(true);
    expect(Object.isFrozen(config.raw.plugins)).toBe(true);
    expect(() => {
      (config.api.rest as { maxLimit: number }).maxLimit = 5;
    }).toThrow(TypeError);
  });

  it('reads HOST and PORT from the environment when server config does not set them', async () => {
    const config = await loadConfig(await project({}), { HOST: '0.0.0.0', PORT: '8080' });
    expect(config.server.host).toBe('0.0.0.0');
    expect(config.server.port).toBe(8080);
  });

  it('maps NODE_ENV to the environment, treating other names as production', async () => {
    const dir = await project({});
    expect((await loadConfig(dir, { NODE_ENV: 'production' })).environment).toBe('production');
    expect((await loadConfig(dir, { NODE_ENV: 'test' })).environment).toBe('test');
    const staging = await loadConfig(dir, { NODE_ENV: 'staging' });
    expect(staging.environment).toBe('production');
    expect(staging.nodeEnv).toBe('staging');
  });
});

describe('loadConfig response cache store', () => {
  const withCache = (cache: Record<string, unknown>) => project({ 'config/api.json': JSON.stringify({ rest: { cache: { enabled: true, ...cache } } }) });

  it('auto: Redis when a Redis URL is known (the cache\'s own, else REDIS_URL), memory otherwise', async () => {
    expect((await loadConfig(await withCache({}), {})).api.rest.cache).toMatchObject({ store: 'memory', redisUrl: '' });
    expect((await loadConfig(await withCache({}), { REDIS_URL: 'redis://shared:6379' })).api.rest.cache).toMatchObject({ store: 'redis', redisUrl: 'redis://shared:6379' });
    const own = await loadConfig(await withCache({ redis: 'redis://cache:6379' }), { REDIS_URL: 'redis://shared:6379' });
    expect(own.api.rest.cache).toMatchObject({ store: 'redis', redisUrl: 'redis://cache:6379' });
    expect((await loadConfig(await withCache({ store: 'memory' }), { REDIS_URL: 'redis://shared:6379' })).api.rest.cache).toMatchObject({ store: 'memory', redisUrl: '' });
    expect((await loadConfig(await withCache({ maxBytes: '1mb' }), {})).api.rest.cache.maxBytes).toBe(1_048_576);
  });

  it('refuses store "redis" without a Redis URL, and an unknown store', async () => {
    await expect(loadConfig(await withCache({ store: 'redis' }), {})).rejects.toThrow(/api\.rest\.cache\.store is "redis" but no Redis URL is set/);
    await expect(loadConfig(await withCache({ store: 'disk' }), {})).rejects.toThrow(/api\.rest\.cache\.store must be one of auto, memory, redis/);
  });
});

describe('loadConfig file forms', () => {
  it("calls Strapi's ({ env }) => ({...}) form with the env helpers", async () => {
    const dir = await project({
      'config/server.js': `module.exports = ({ env }) => ({
        host: env('HOST', '0.0.0.0'),
        port: env.int('PORT', 1337),
        app: { keys: env.array('APP_KEYS') },
        serverTiming: env.bool('SERVER_TIMING', false),
      });`,
      'config/api.js': `module.exports = ({ env }) => ({ rest: { defaultLimit: env.int('LIMIT', 25), maxLimit: 250 } });`,
    });
    const config = await loadConfig(dir, { PORT: '4000', APP_KEYS: 'k1,k2', SERVER_TIMING: 'true', LIMIT: '50' });
    expect(config.server).toEqual({ host: '0.0.0.0', port: 4000, url: '', bodyLimit: 1_048_576, serverTiming: true, requestTimeout: 30_000, headersTimeout: 10_000, keepAliveTimeout: 5_000, shutdownTimeout: 10_000, trustProxy: false, logLevel: 'info', redisUrl: '', health: { enabled: true, livenessPath: '/_health', readinessPath: '/_ready' }, webhooks: { defaultHeaders: {}, allowPrivateTargets: false, timeout: 10_000, maxAttempts: 10, maxAge: 86_400_000, backoff: 1_000, maxBackoff: 3_600_000, pollInterval: 1_000, concurrency: 5, retention: 604_800_000 } });
    expect(config.api.rest.defaultLimit).toBe(50);
    expect(config.api.rest.maxLimit).toBe(250);
    expect(config.raw.server).toEqual({ host: '0.0.0.0', port: 4000, app: { keys: ['k1', 'k2'] }, serverTiming: true });
  });

  it('loads TypeScript config files (ESM syntax, types) without a build step', async () => {
    const dir = await project({
      // Strapi's TypeScript template: the file runs from dist/config/ in Strapi, hence '..', '..'
      'config/database.ts': `import path from 'path';
        interface Ctx { env: (key: string, fallback?: string) => string }
        export default ({ env }: Ctx) => ({
          connection: {
            client: 'sqlite',
            connection: { filename: path.join(__dirname, '..', '..', env('DATABASE_FILENAME', '.tmp/app.db')) },
            useNullAsDefault: true,
          },
        });`,
      'config/api.ts': `const rest: Record<string, number | boolean> = { maxLimit: 40, strictParams: true };
        export default { rest };`,
      'config/server.mjs': `export default { port: 3001, bodyLimit: '2mb' };`,
    });
    const config = await loadConfig(dir, {});
    expect(config.database).toEqual({
      client: 'sqlite',
      connection: { filename: join(dir, '.tmp/app.db') },
      statementTimeout: 15_000,
      options: { useNullAsDefault: true },
    });
    expect(config.api.rest.maxLimit).toBe(40);
    expect(config.api.rest.strictParams).toBe(true);
    expect(config.server.port).toBe(3001);
    expect(config.server.bodyLimit).toBe(2 * 1024 * 1024);
  });

  it("gives TypeScript files the __dirname of Strapi's compiled dist/config, and JavaScript files their own", async () => {
    const dir = await project({
      'config/paths.ts': `export default { dir: __dirname, file: __filename };`,
      'config/env/production/paths.ts': `export default () => ({ envFile: __filename });`,
      'config/where.js': `module.exports = { dir: __dirname };`,
    });
    const config = await loadConfig(dir, { NODE_ENV: 'production' });
    expect(config.raw.paths).toEqual({
      dir: join(dir, 'dist/config'),
      file: join(dir, 'dist/config/paths.js'),
      envFile: join(dir, 'dist/config/env/production/paths.js'),
    });
    expect(config.raw.where).toEqual({ dir: join(dir, 'config') });
  });

  it('loads JSON config files and keeps unknown files under their name', async () => {
    const dir = await project({
      'config/plugins.json': JSON.stringify({
        graphql: { enabled: true, config: { defaultLimit: 10, amountLimit: 50 } },
        upload: { config: { sizeLimit: 1000, provider: 'local' } },
      }),
      'config/custom.json': JSON.stringify({ feature: { on: true } }),
      'config/types.d.ts': 'export {};',
      'config/notes.txt': 'ignored',
    });
    const config = await loadConfig(dir, {});
    expect(config.plugins.graphql).toEqual({ enabled: true, config: { defaultLimit: 10, amountLimit: 50 } });
    expect(config.plugins.upload).toEqual({
      config: {
        sizeLimit: 1000, provider: 'local',
        // the image keys are filled with Strapi's defaults
        breakpoints: { large: 1000, medium: 750, small: 500 }, responsiveDimensions: true, sizeOptimization: true, autoOrientation: false,
        // and the provider's, empty
        providerOptions: {}, actionOptions: {},
      },
    });
    expect(config.raw.custom).toEqual({ feature: { on: true } });
    expect(Object.keys(config.raw).sort()).toEqual(['custom', 'plugins']);
  });

  it('merges config/env/<NODE_ENV>/ files over the base files', async () => {
    const dir = await project({
      'config/database.js': `module.exports = { connection: { client: 'sqlite', connection: { filename: 'dev.db' }, debug: false } };`,
      'config/env/production/database.js': `module.exports = ({ env }) => ({
        connection: { client: 'postgres', connection: { host: env('DATABASE_HOST'), database: 'blog', user: 'app', password: 'secret' } },
      });`,
      'config/api.js': `module.exports = { rest: { defaultLimit: 10, maxLimit: 20 } };`,
      'config/env/production/api.json': JSON.stringify({ rest: { maxLimit: 50 } }),
    });
    const development = await loadConfig(dir, { DATABASE_HOST: 'db.internal' });
    expect(development.database).toEqual({
      client: 'sqlite',
      connection: { filename: join(dir, 'dev.db') },
      statementTimeout: 15_000,
      options: { debug: false },
    });
    const production = await loadConfig(dir, { NODE_ENV: 'production', DATABASE_HOST: 'db.internal' });
    expect(production.database).toEqual({
      client: 'postgres',
      connection: { host: 'db.internal', port: 5432, ssl: false, database: 'blog', user: 'app', password: 'secret' },
      statementTimeout: 15_000,
      options: { debug: false },
    });
    expect(production.api.rest.defaultLimit).toBe(10);
    expect(production.api.rest.maxLimit).toBe(50);
  });

  it('reads the Strapi 5 generated database config with its client aliases', async () => {
    const dir = await project({
      'config/database.ts': `export default ({ env }) => {
        const client = env('DATABASE_CLIENT', 'sqlite');
        const connections = {
          mysql: { connection: { host: env('DATABASE_HOST', 'localhost'), port: env.int('DATABASE_PORT', 3306),
            database: env('DATABASE_NAME', 'strapi'), user: env('DATABASE_USERNAME', 'strapi'),
            password: env('DATABASE_PASSWORD', 'strapi'), ssl: env.bool('DATABASE_SSL', false) && { rejectUnauthorized: false } },
            pool: { min: env.int('DATABASE_POOL_MIN', 2), max: env.int('DATABASE_POOL_MAX', 10) } },
          sqlite: { connection: { filename: env('DATABASE_FILENAME', '.tmp/data.db') }, useNullAsDefault: true },
        };
        return { connection: { client, ...connections[client === 'mysql2' ? 'mysql' : client],
          acquireConnectionTimeout: env.int('DATABASE_CONNECTION_TIMEOUT', 60000) } };
      };`,
    });
    const config = await loadConfig(dir, { DATABASE_CLIENT: 'mysql2', DATABASE_SSL: 'true', DATABASE_PASSWORD: 'pw' });
    expect(config.database).toEqual({
      client: 'mysql',
      connection: {
        host: 'localhost',
        port: 3306,
        database: 'strapi',
        user: 'strapi',
        password: 'pw',
        ssl: { rejectUnauthorized: false },
      },
      pool: { min: 2, max: 10 },
      acquireConnectionTimeout: 60000,
      statementTimeout: 15_000,
      options: {},
    });
  });
});

describe('loadConfig database from DATABASE_* variables', () => {
  it('builds a PostgreSQL connection from separate variables', async () => {
    const config = await loadConfig(await project({}), {
      DATABASE_CLIENT: 'pg',
      DATABASE_HOST: 'pg.local',
      DATABASE_PORT: '6543',
      DATABASE_NAME: 'content',
      DATABASE_USERNAME: 'editor',
      DATABASE_PASSWORD: 'pw',
      DATABASE_SSL: 'true',
    });
    expect(config.database).toEqual({
      client: 'postgres',
      connection: { host: 'pg.local', port: 6543, ssl: true, database: 'content', user: 'editor', password: 'pw' },
      statementTimeout: 15_000,
      options: {},
    });
  });

  it('reads DATABASE_URL and infers the client from its scheme', async () => {
    const config = await loadConfig(await project({}), { DATABASE_URL: 'mariadb://app:p%40ss@db:3307/site' });
    expect(config.database).toEqual({
      client: 'mysql',
      connection: {
        host: 'db',
        port: 3307,
        ssl: false,
        database: 'site',
        user: 'app',
        password: 'p@ss',
        connectionString: 'mariadb://app:p%40ss@db:3307/site',
      },
      statementTimeout: 15_000,
      options: {},
    });
  });

  it('resolves DATABASE_FILENAME against the project directory', async () => {
    const dir = await project({});
    const config = await loadConfig(dir, { DATABASE_CLIENT: 'better-sqlite3', DATABASE_FILENAME: 'data/site.db' });
    expect(config.database).toEqual({ client: 'sqlite', connection: { filename: join(dir, 'data/site.db') }, statementTimeout: 15_000, options: {} });
    const absolute = await loadConfig(dir, { DATABASE_FILENAME: '/var/lib/site.db' });
    expect(absolute.database.connection).toEqual({ filename: '/var/lib/site.db' });
  });

  it('accepts mysql2 and mariadb as mysql, postgresql as postgres', async () => {
    const dir = await project({});
    expect((await loadConfig(dir, { DATABASE_CLIENT: 'mysql2' })).database.client).toBe('mysql');
    expect((await loadConfig(dir, { DATABASE_CLIENT: 'mariadb' })).database.client).toBe('mysql');
    expect((await loadConfig(dir, { DATABASE_CLIENT: 'postgresql' })).database.client).toBe('postgres');
    expect((await loadConfig(dir, { DATABASE_CLIENT: 'mysql' })).database.connection).toMatchObject({ port: 3306 });
  });
});

describe('.env', () => {
  it('reads <projectDir>/.env under the process environment without touching process.env', async () => {
    const dir = await project({ '.env': 'VELLUM_TEST_GREETING=hello\nHOST=from-file\nPORT=5055\n' });
    const env = await loadEnv(dir, { HOST: 'from-process' });
    expect(env).toEqual({ VELLUM_TEST_GREETING: 'hello', HOST: 'from-process', PORT: '5055' });
    expect(process.env.VELLUM_TEST_GREETING).toBeUndefined();
  });

  it('is what loadConfig uses when no env object is given', async () => {
    const dir = await project({
      '.env': 'VELLUM_TEST_GREETING=hello from dotenv\n',
      'config/custom.js': `module.exports = ({ env }) => ({ greeting: env('VELLUM_TEST_GREETING', 'unset') });`,
    });
    const config = await loadConfig(dir);
    expect(config.raw.custom).toEqual({ greeting: 'hello from dotenv' });
    expect(config.env.VELLUM_TEST_GREETING).toBe('hello from dotenv');
    expect(process.env.VELLUM_TEST_GREETING).toBeUndefined();
  });

  it('is optional', async () => {
    expect(await loadEnv(await project({}), { A: '1' })).toEqual({ A: '1' });
  });
});
