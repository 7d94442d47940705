import { describe, expect, it } from 'vitest';
import { StartupError } from '../errors/index.js';
import { readGraphqlConfig } from './config.js';

const withConfig = (config: unknown, extra: Record<string, unknown> = {}) => readGraphqlConfig({ plugins: { graphql: { config, ...extra } } });

describe('readGraphqlConfig', () => {
  it('fills the spec defaults', () => {
    expect(readGraphqlConfig({})).toEqual({
      enabled: true, endpoint: '/graphql', shadowCRUD: true, depthLimit: 10, amountLimit: 100, defaultLimit: 10,
      landingPage: undefined, playgroundAlways: false, introspection: undefined, tracing: false, documentCacheSize: 1000, warnings: [],
    });
  });

  it('reads every option', () => {
    const landingPage = (): boolean => true;
    const config = withConfig({
      endpoint: '/api/gql/', shadowCRUD: false, depthLimit: 4, amountLimit: 20, defaultLimit: 5, landingPage,
      introspection: true, engineServer: { tracing: true, cache: { max: 3 } },
    });
    expect(config).toMatchObject({ endpoint: '/api/gql', shadowCRUD: false, depthLimit: 4, amountLimit: 20, defaultLimit: 5, landingPage, introspection: true, tracing: true, documentCacheSize: 3 });
  });

  it('is off with enabled: false', () => {
    expect(readGraphqlConfig({ plugins: { graphql: { enabled: false } } }).enabled).toBe(false);
  });

  it('accepts apolloServer as an alias of engineServer (engineServer wins)', () => {
    expect(withConfig({ apolloServer: { tracing: true } }).tracing).toBe(true);
    expect(withConfig({ apolloServer: { tracing: true }, engineServer: { tracing: false } }).tracing).toBe(false);
  });

  it('warns about playgroundAlways and unused engine options', () => {
    const config = withConfig({ playgroundAlways: true, engineServer: { csrfPrevention: true } });
    expect(config.playgroundAlways).toBe(true);
    expect(config.warnings).toEqual([
      'config/plugins: graphql.config.playgroundAlways is deprecated; use graphql.config.landingPage instead',
      "config/plugins: graphql.config.engineServer.csrfPrevention is not used by Vellum's GraphQL server and is ignored (see docs/graphql.md)",
    ]);
  });

  it('caps defaultLimit at amountLimit', () => {
    expect(withConfig({ defaultLimit: 50, amountLimit: 20 }).defaultLimit).toBe(20);
  });

  it('refuses wrong types with the key in the message', () => {
    expect(() => withConfig({ depthLimit: 'deep' })).toThrow(StartupError);
    expect(() => withConfig({ depthLimit: 'deep' })).toThrow('config/plugins: graphql.config.depthLimit must be a positive integer (got "deep")');
    expect(() => withConfig({ endpoint: 'graphql' })).toThrow('graphql.config.endpoint must be a path');
    expect(() => withConfig({ landingPage: 'yes' })).toThrow('graphql.config.landingPage');
    expect(() => readGraphqlConfig({ plugins: { graphql: { enabled: 'no' } } })).toThrow('config/plugins: graphql.enabled must be true or false');
  });
});
