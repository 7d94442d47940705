import { describe, expect, expectTypeOf, it } from 'vitest';
import { project } from '../../test/helpers/config-project.js';
import { loadConfig } from './load-config.js';
import { ApiSchema } from './schema/api-schema.js';
import { ServerSchema } from './schema/server-schema.js';
import type { AdvancedSettings, LogLevel, RestApiConfig, ServerConfig, UploadProviderName } from './types.js';

const keys = (properties: object, without: readonly string[], add: readonly string[]): string[] =>
  [...Object.keys(properties).filter((key) => !without.includes(key)), ...add].sort();

describe('config types derived from the schema', () => {
  it('type a key by its schema alone', () => {
    expectTypeOf<ServerConfig['port']>().toEqualTypeOf<number>();
    expectTypeOf<LogLevel>().toEqualTypeOf<'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'>();
    expectTypeOf<RestApiConfig['cache']['store']>().toEqualTypeOf<'memory' | 'redis'>();
    expectTypeOf<UploadProviderName>().toEqualTypeOf<'local' | '@strapi/provider-upload-local' | 'aws-s3' | '@strapi/provider-upload-aws-s3'>();
    expectTypeOf<AdvancedSettings['default_role']>().toEqualTypeOf<string>();
  });

  it('give the slices exactly the schema keys, renamed ones apart', async () => {
    const config = await loadConfig(await project({}), {});
    // `server.proxy` → trustProxy, `server.redis` → redisUrl, `server.app.keys` → secrets
    expect(Object.keys(config.server).sort()).toEqual(keys(ServerSchema.properties, ['proxy', 'redis', 'app'], ['trustProxy', 'redisUrl']));
    expect(Object.keys(config.api.rest).sort()).toEqual(keys(ApiSchema.properties.rest.properties, [], []));
    // `api.rest.cache.redis` → redisUrl (the server's when empty)
    expect(Object.keys(config.api.rest.cache).sort()).toEqual(keys(ApiSchema.properties.rest.properties.cache.properties, ['redis'], ['redisUrl']));
  });
});
