import { describe, expect, it } from 'vitest';
import type { ProjectConfig } from '../config/types.js';
import type { Database } from '../db/connection.js';
import type { Registry } from '../model/types.js';
import type { DocumentService } from './document-service.js';
import type { Operations } from '../operations/operations.js';
import { createLifecycleRegistry } from '../operations/lifecycles.js';
import type { OperationMiddleware } from '../operations/types.js';
import type { StrapiLifecycleEvent } from './lifecycle-events.js';
import { createStrapiFacade } from './strapi-facade.js';

const config = {
  server: { host: '0.0.0.0', port: 1337 },
  raw: { server: { host: '127.0.0.1' }, plugins: { graphql: { config: { defaultLimit: 10 } } }, custom: { feature: { on: false } } },
} as unknown as ProjectConfig;

function facade() {
  const used: OperationMiddleware[] = [];
  const lifecycles = createLifecycleRegistry();
  const operations = { use: (m: OperationMiddleware) => used.push(m), lifecycles } as unknown as Operations;
  const registry = { contentTypes: new Map([['api::tag.tag', { uid: 'api::tag.tag', kind: 'collectionType' }]]) } as unknown as Registry;
  const db = { knex: 'the knex', dialect: 'sqlite', close: async () => {} } as unknown as Database;
  const documents = (uid: string) => ({ uid }) as unknown as DocumentService;
  const logs: string[] = [];
  const log = { info: (m: string) => logs.push(m), warn: (m: string) => logs.push(m), error: (m: string) => logs.push(m) };
  return { strapi: createStrapiFacade({ config, registry, db, log, operations, documents }), used, lifecycles, logs };
}

describe('the strapi facade', () => {
  it('reads config files by dotted path, then the checked config, then the default', () => {
    const { strapi } = facade();
    expect(strapi.config.get('server.host')).toBe('127.0.0.1');
    expect(strapi.config.get('server.port')).toBe(1337);
    expect(strapi.config.get('plugin::graphql.defaultLimit')).toBe(10);
    expect(strapi.config.get('plugin.graphql')).toEqual({ defaultLimit: 10 });
    expect(strapi.config.get('custom.feature.on', true)).toBe(false);
    expect(strapi.config.get('custom.missing', 'fallback')).toBe('fallback');
    expect(strapi.config.has('custom.feature')).toBe(true);
    expect(strapi.config.has('custom.nope')).toBe(false);
    // the checked config stays readable as properties
    expect(strapi.config.server.port).toBe(1337);
  });

  it('is a callable documents() with use(), and keeps the database members beside lifecycles', () => {
    const { strapi, used } = facade();
    expect((strapi.documents('api::tag.tag') as unknown as { uid: string }).uid).toBe('api::tag.tag');
    const middleware: OperationMiddleware = async (_context, next) => next();
    expect(strapi.documents.use(middleware)).toBe(strapi.documents);
    expect(used).toEqual([middleware]);
    expect(() => strapi.documents.use('nope' as unknown as OperationMiddleware)).toThrow(/expects a function/);
    expect(strapi.db.knex).toBe('the knex');
    expect(strapi.contentType('api::tag.tag')?.kind).toBe('collectionType');
    expect(strapi.contentType('api::nope.nope')).toBeUndefined();
    expect(Object.keys(strapi.contentTypes)).toEqual(['api::tag.tag']);
  });

  it('subscribes a function to every lifecycle of every model', () => {
    const { strapi, lifecycles } = facade();
    const off = strapi.db.lifecycles.subscribe((_event: StrapiLifecycleEvent) => undefined);
    expect(lifecycles.subscribers('api::tag.tag', 'Create')).toHaveLength(1);
    expect(lifecycles.subscribers('api::other.other', 'DiscardDraft')).toHaveLength(1);
    off();
    expect(lifecycles.subscribers('api::tag.tag', 'Create')).toHaveLength(0);
  });

  it('logs through the app logger; debug is silent without one', () => {
    const { strapi, logs } = facade();
    strapi.log.info('hello');
    strapi.log.debug('quiet');
    expect(logs).toEqual(['hello']);
  });
});
