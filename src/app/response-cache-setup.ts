/**
 * The response cache of a runtime (`api.rest.cache`, docs/cache.md): its store (memory, or Redis
 * through the connection code the rate limiter uses), the content stamp it keys answers by, and
 * the fingerprint that keeps instances on another model or response settings apart.
 */
import { createHash } from 'node:crypto';
import { redisConnection } from '../auth/redis-connection.js';
import type { ProjectConfig } from '../config/types.js';
import { readContentStamp } from '../engine/content-stamp.js';
import type { EngineContext } from '../engine/types.js';
import type { Registry } from '../model/types.js';
import { memoryStore, redisStore } from '../operations/cache-store.js';
import { createResponseCache, type ResponseCache } from '../operations/response-cache.js';
import type { Logger } from './logger.js';

/** bumped when the shape of what is cached changes, so a new version never reads an old one's answers */
const CACHE_FORMAT = 1;

/** The model and what shapes answers besides the query: answers are shared only where these agree. */
function fingerprint(registry: Registry, config: ProjectConfig): string {
  const model = { format: CACHE_FORMAT, types: [...registry.contentTypes.values()], components: [...registry.components.values()], responses: config.api.responses };
  return createHash('sha256').update(JSON.stringify(model)).digest('base64url');
}

export function setUpResponseCache(engine: EngineContext, registry: Registry, config: ProjectConfig, log: Logger): ResponseCache | undefined {
  const settings = config.api.rest.cache;
  if (!settings.enabled) return undefined;
  const connection = settings.store === 'redis' ? redisConnection(settings.redisUrl) : undefined;
  const store = connection
    ? redisStore(connection, {
      keyPrefix: settings.keyPrefix,
      ttl: settings.ttl,
      onError: (error) => log.warn(`response cache: Redis failed (${error instanceof Error ? error.message : String(error)}); answering from the database until it is back`),
    })
    : memoryStore(settings);
  return createResponseCache({
    store,
    stamp: () => readContentStamp(engine),
    fingerprint: fingerprint(registry, config),
    close: async () => {
      await connection?.close();
    },
  });
}
