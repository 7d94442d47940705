/**
 * The one schema at work through `loadConfig`: plugin settings checked with the rest, typed
 * slices for the other layers, secrets read in one place, unknown keys accepted.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StartupError } from '../errors/startup-error.js';
import { CONFIG_DEFAULTS } from './defaults.js';
import { loadConfig } from './load-config.js';

const dirs: string[] = [];

async function project(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'vellum-schema-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), text);
  }
  return dir;
}

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('the config schema', () => {
  it('reports plugin settings with every other problem, each with its file and key', async () => {
    const dir = await project({
      'config/server.ts': `export default { port: 70000 };`,
      'config/plugins.js': `module.exports = {
        graphql: { config: { depthLimit: 'deep', endpoint: 'graphql' } },
        'users-permissions': { config: { ratelimit: { max: -1 } } },
        upload: { config: { sizeLimit: '10mb' } },
      };`,
    });
    const error: unknown = await loadConfig(dir, {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message.split('\n')).toEqual([
      'config/server.ts: server.port must be an integer between 0 and 65535 (got 70000)',
      'config/plugins.js: plugins.graphql.config.endpoint must be a path starting with "/" (got "graphql")',
      'config/plugins.js: plugins.graphql.config.depthLimit must be a positive integer (got "deep")',
      "config/plugins.js: plugins.'users-permissions'.config.ratelimit.max must be a positive integer (got -1)",
    ]);
  });

  it('hands out typed slices with defaults filled', async () => {
    const dir = await project({
      'config/plugins.js': `module.exports = {
        graphql: { config: { endpoint: '/gql/', defaultLimit: '20', amountLimit: 15 } },
        'users-permissions': { config: { jwt: { expiresIn: '7d' }, ratelimit: { interval: { min: 2 } } } },
      };`,
      'config/database.js': `module.exports = { settings: { allowDestructiveSync: true } };`,
    });
    const config = await loadConfig(dir, {});
    expect(config.graphql).toMatchObject({ enabled: true, endpoint: '/gql', defaultLimit: 15, amountLimit: 15, depthLimit: 10, warnings: [] });
    expect(config.auth).toEqual({
      jwtSecret: undefined, jwtExpiresIn: '7d', ratelimit: { enabled: true, interval: 120_000, max: 10 }, passwordMinLength: 6,
      advanced: { unique_email: true, allow_register: true, email_confirmation: false, email_confirmation_redirection: '', email_reset_password: '', default_role: 'authenticated' },
      resetPasswordLifetime: 3600, emailConfirmationLifetime: 86_400,
    });
    expect(config.databaseSettings.allowDestructiveSync).toBe(true);
    expect(Object.isFrozen(config.graphql) && Object.isFrozen(config.auth.ratelimit)).toBe(true);
    expect((await loadConfig(await project({}), { DATABASE_ALLOW_DESTRUCTIVE_SYNC: 'true' })).databaseSettings.allowDestructiveSync).toBe(true);
  });

  it('reads the secrets from the environment, else from the config keys Strapi projects use', async () => {
    const dir = await project({
      'config/server.js': `module.exports = { app: { keys: ['k1', 'k2'] } };`,
      'config/admin.js': `module.exports = { apiToken: { salt: 'salt-from-file' }, auth: { secret: 'unused' } };`,
      'config/plugins.js': `module.exports = { 'users-permissions': { config: { jwtSecret: 'jwt-from-file' } } };`,
    });
    expect((await loadConfig(dir, {})).secrets).toEqual({ JWT_SECRET: 'jwt-from-file', ADMIN_JWT_SECRET: 'unused', API_TOKEN_SALT: 'salt-from-file', APP_KEYS: 'k1,k2' });
    expect((await loadConfig(dir, { JWT_SECRET: 'jwt-env', APP_KEYS: '' })).secrets).toEqual({
      JWT_SECRET: 'jwt-env', ADMIN_JWT_SECRET: 'unused', API_TOKEN_SALT: 'salt-from-file', APP_KEYS: 'k1,k2',
    });
    expect((await loadConfig(await project({}), {})).secrets).toEqual({ JWT_SECRET: undefined, ADMIN_JWT_SECRET: undefined, API_TOKEN_SALT: undefined, APP_KEYS: undefined });
  });

  it('never echoes a secret it refuses', async () => {
    const dir = await project({ 'config/server.js': `module.exports = { app: { keys: 'one-long-secret' } };` });
    const error: unknown = await loadConfig(dir, {}).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe('config/server.js: server.app.keys must be an array of strings (got a value that is not shown)');
  });

  it("accepts keys and plugins Vellum does not read, as Strapi projects carry them", async () => {
    const dir = await project({
      'config/admin.ts': `export default ({ env }) => ({ auth: { secret: env('ADMIN_JWT_SECRET') }, flags: { nps: true } });`,
      'config/plugins.ts': `export default { i18n: { enabled: true }, seo: { enabled: false, config: { x: 1 } }, graphql: { config: { generateArtifacts: true } } };`,
      'config/cron-tasks.js': `module.exports = { nightly: { task: () => {}, options: { rule: '0 0 * * *' } } };`,
    });
    const config = await loadConfig(dir, {});
    expect(config.plugins['seo']).toEqual({ enabled: false, config: { x: 1 } });
    expect(config.graphql.enabled).toBe(true);
  });

  it('derives the defaults object from the schema', () => {
    expect(CONFIG_DEFAULTS.server).toEqual({
      host: '127.0.0.1', port: 1337, bodyLimit: 1_048_576, url: '', serverTiming: false,
      requestTimeout: 30_000, headersTimeout: 10_000, keepAliveTimeout: 5_000, shutdownTimeout: 10_000,
      proxy: false, logLevel: 'info', redis: '', health: { enabled: true, livenessPath: '/_health', readinessPath: '/_ready' }, app: {},
    });
    expect(CONFIG_DEFAULTS.database.connection.statementTimeout).toBe(15_000);
    expect(CONFIG_DEFAULTS.api.rest).toMatchObject({ maxPopulateNodes: 100, maxFilterNodes: 200, maxRelationHops: 10, maxResponseEntries: 25_000 });
    expect(CONFIG_DEFAULTS.api.rest.maxLimit).toBe(100);
    expect(CONFIG_DEFAULTS.plugins.upload.config.sizeLimit).toBe(200 * 1024 * 1024);
    expect(CONFIG_DEFAULTS.plugins.graphql.config.depthLimit).toBe(10);
    expect(CONFIG_DEFAULTS.middlewares).toContain('strapi::body');
  });

  it('reads the email plugin in Strapi’s shape, provider options as written, and checks the advanced settings', async () => {
    const dir = await project({
      'config/plugins.js': `module.exports = ({ env }) => ({
        email: { config: { provider: 'nodemailer', providerOptions: { host: 'smtp.example.com', port: env.int('SMTP_PORT', 587), auth: { user: 'u', pass: 'p' } }, settings: { defaultFrom: 'a@example.com' } } },
        'users-permissions': { config: { advanced: { email_confirmation: true, default_role: 'members' } } },
      });`,
    });
    const config = await loadConfig(dir, { SMTP_PORT: '2525' });
    expect(config.email).toEqual({
      provider: 'nodemailer', providerOptions: { host: 'smtp.example.com', port: 2525, auth: { user: 'u', pass: 'p' } }, defaultFrom: 'a@example.com', defaultReplyTo: undefined,
    });
    expect(config.auth.advanced).toMatchObject({ email_confirmation: true, default_role: 'members', allow_register: true });
    expect((await loadConfig(await project({}), {})).email.provider).toBeUndefined();
    // Strapi resolves `@strapi/provider-email-<name>` first: the package's own name is the same provider
    const byPackage = await project({ 'config/plugins.js': `module.exports = { email: { config: { provider: '@strapi/provider-email-nodemailer', providerOptions: { host: 'h' } } } };` });
    expect((await loadConfig(byPackage, {})).email).toMatchObject({ provider: 'nodemailer', providerOptions: { host: 'h' } });

    const bad = await project({
      'config/plugins.js': `module.exports = { email: { config: { provider: 'sendmail' } }, 'users-permissions': { config: { advanced: { allow_register: 'yes' } } } };`,
    });
    const error: unknown = await loadConfig(bad, {}).catch((caught: unknown) => caught);
    expect((error as Error).message.split('\n')).toEqual([
      "config/plugins.js: plugins.'users-permissions'.config.advanced.allow_register must be true or false (got \"yes\")",
      'config/plugins.js: plugins.email.config.provider must be "nodemailer" or "@strapi/provider-email-nodemailer" (the provider Vellum ships) (got "sendmail")',
    ]);
  });
});
