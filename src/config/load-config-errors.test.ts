import { describe, expect, it } from 'vitest';
import { loadConfig } from './load-config.js';
import { failure, project } from '../../test/helpers/config-project.js';

describe('loadConfig errors', () => {
  it('names the file, the key path and the received value', async () => {
    const dir = await project({ 'config/api.js': `module.exports = { rest: { maxLimit: 'abc' } };` });
    expect(await failure(dir)).toBe('config/api.js: api.rest.maxLimit must be a positive integer (got "abc")');
  });

  it('reports every problem at once, one per line, attributing overrides to their own file', async () => {
    const dir = await project({
      'config/server.js': `module.exports = ({ env }) => ({ port: env('PORT'), serverTiming: 'sometimes' });`,
      'config/api.js': `module.exports = { rest: { defaultLimit: 0, withCount: 1 } };`,
      'config/env/test/api.js': `module.exports = { rest: { populateDepthLimit: -2 } };`,
      'config/middlewares.js': `module.exports = ['strapi::errors', 42];`,
    });
    const lines = (await failure(dir, { PORT: 'eighty', NODE_ENV: 'test' })).split('\n');
    expect(lines).toEqual([
      'config/server.js: server.port must be an integer between 0 and 65535 (got "eighty")',
      'config/server.js: server.serverTiming must be a boolean (got "sometimes")',
      'config/api.js: api.rest.defaultLimit must be a positive integer (got 0)',
      'config/api.js: api.rest.withCount must be a boolean (got 1)',
      'config/env/test/api.js: api.rest.populateDepthLimit must be a positive integer (got -2)',
      'config/middlewares.js: middlewares.1 must be a middleware name or an object with a name or resolve (got 42)',
    ]);
  });

  it('names the environment variable a bad value came from', async () => {
    expect(await failure(await project({}), { PORT: '99999' })).toBe(
      'environment variable PORT: server.port must be an integer between 0 and 65535 (got "99999")',
    );
    expect(await failure(await project({}), { DATABASE_CLIENT: 'oracle' })).toBe(
      'environment variable DATABASE_CLIENT: database.connection.client must be one of sqlite, better-sqlite3, postgres, pg, mysql, mysql2, mariadb (got "oracle")',
    );
  });

  it('names the file when an env helper refuses a value', async () => {
    const dir = await project({ 'config/server.js': `module.exports = ({ env }) => ({ port: env.int('PORT', 1337) });` });
    expect(await failure(dir, { PORT: 'abc' })).toBe('config/server.js: environment variable PORT must be an integer (got "abc")');
  });

  it('rejects wrong types for sizes, plugins and the database block', async () => {
    const dir = await project({
      'config/plugins.js': `module.exports = { upload: { config: { sizeLimit: 'huge' } }, graphql: true };`,
      'config/database.js': `module.exports = { connection: { client: 'postgres', connection: { port: 'x', password: {} } } };`,
    });
    const message = await failure(dir);
    expect(message.split('\n').sort()).toEqual([
      'config/database.js: database.connection.connection.password must be a string (got a value that is not shown)',
      'config/database.js: database.connection.connection.port must be an integer between 1 and 65535 (got "x")',
      'config/plugins.js: plugins.graphql must be an object such as { enabled: true, config: {} } (got true)',
      'config/plugins.js: plugins.upload.config.sizeLimit must be a size in bytes (a positive integer, or a string such as "10mb") (got "huge")',
    ]);
  });

  it('checks the image keys of the upload config: breakpoint names and sizes, booleans', async () => {
    const dir = await project({
      'config/plugins.js': `module.exports = { upload: { config: { breakpoints: { large: 'big', 'two words': 5 }, sizeOptimization: 'maybe' } } };`,
    });
    const message = await failure(dir);
    expect(message.split('\n').sort()).toEqual([
      `config/plugins.js: plugins.upload.config.breakpoints.'two words' must be an object such as { large: 1000, medium: 750, small: 500 } (names of letters, digits, "_" or "-"; sizes from 1 to 10000) (got 5)`,
      'config/plugins.js: plugins.upload.config.breakpoints.large must be a size in pixels from 1 to 10000 (got "big")',
      'config/plugins.js: plugins.upload.config.sizeOptimization must be true or false (got "maybe")',
    ]);
  });

  it('never echoes a malformed connection URL', async () => {
    const message = await failure(await project({}), { DATABASE_CLIENT: 'postgres', DATABASE_URL: 'not a url:secret' });
    expect(message).toBe(
      'environment variable DATABASE_URL: database.connection.connection.connectionString must be a URL such as postgres://user:password@host:5432/name (got a value that is not shown)',
    );
  });

  it('names a JSON file that does not parse', async () => {
    const message = await failure(await project({ 'config/api.json': '{ "rest": ' }));
    expect(message).toMatch(/^config\/api\.json: invalid JSON: /);
  });

  it('names a code file that throws or does not compile', async () => {
    const throwing = await project({ 'config/admin.js': `module.exports = () => { throw new Error('boom'); };` });
    expect(await failure(throwing)).toBe('config/admin.js: threw while building the configuration: boom');
    const broken = await project({ 'config/server.ts': 'export default { port: ;' });
    expect(await failure(broken)).toMatch(/^config\/server\.ts: cannot be loaded: /);
  });

  it('refuses two files for the same key', async () => {
    const dir = await project({ 'config/server.js': 'module.exports = {};', 'config/server.ts': 'export default {};' });
    expect(await failure(dir)).toBe('config/server.ts: "server" is also defined by config/server.js; keep one of the two files');
  });

  it('accepts unknown keys', async () => {
    const dir = await project({
      'config/server.js': `module.exports = { port: 1400, cron: { enabled: false }, url: 'https://example.com' };`,
      'config/api.js': `module.exports = { rest: { maxLimit: 30, somethingNew: true }, other: 1 };`,
    });
    const config = await loadConfig(dir, {});
    expect(config.server.port).toBe(1400);
    expect(config.raw.server).toMatchObject({ cron: { enabled: false }, url: 'https://example.com' });
    expect(config.raw.api).toMatchObject({ rest: { somethingNew: true }, other: 1 });
  });
});
