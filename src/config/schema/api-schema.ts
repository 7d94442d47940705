import { Type } from '@sinclair/typebox';
import { boolean, byteSize, integer, nonEmptyString, object } from './fields.js';

const CACHE_STORES = ['auto', 'memory', 'redis'] as const;

/** `config/api` */
export const ApiSchema = object({
  rest: object({
    prefix: nonEmptyString({
      description: 'URL prefix of the REST content API (a trailing "/" is dropped).',
      default: '/api',
      pattern: '^/',
      errorMessage: 'must be a non-empty string starting with "/"',
    }),
    defaultLimit: integer({ description: 'Page size when a request gives none.', min: 1, default: 25 }),
    maxLimit: integer({ description: 'Largest page size a request may ask for.', min: 1, default: 100 }),
    withCount: boolean({ description: 'Count the total (`meta.pagination.total`) unless the request says otherwise.', default: true }),
    strictParams: boolean({ description: 'Refuse unknown top-level query parameters instead of ignoring them.', default: false }),
    populateDepthLimit: integer({ description: 'Deepest accepted `populate` nesting.', min: 1, default: 10 }),
    maxPopulateNodes: integer({
      description: 'Populate nodes one query may hold in its whole tree, REST and GraphQL alike (GraphQL aliases and fragments counted); more is a 400.',
      min: 1,
      default: 100,
    }),
    maxFilterNodes: integer({
      description: 'Filter nodes one query may hold, populate filters included, REST and GraphQL alike; more is a 400.',
      min: 1,
      default: 200,
    }),
    maxRelationHops: integer({ description: 'Relation or component steps along one filter or sort path; more is a 400.', min: 1, default: 10 }),
    maxResponseEntries: integer({
      description: 'Entries one response may carry, populated ones counted as often as they appear; more is a 400 naming the limit.',
      min: 1,
      default: 25_000,
    }),
    cache: object({
      enabled: boolean({
        description: 'Answer repeated REST and GraphQL reads of `api::` content types from a response cache, invalidated by every write (docs/cache.md).',
        default: false,
      }),
      store: Type.Union(
        CACHE_STORES.map((store) => Type.Literal(store)),
        {
          description: 'Where cached answers live: `memory` (each instance its own), `redis` (shared by every instance), `auto` (Redis when a Redis URL is set, else memory).',
          default: 'auto',
          errorMessage: `must be one of ${CACHE_STORES.join(', ')}`,
          docType: CACHE_STORES.map((store) => `"${store}"`).join(' | '),
        },
      ),
      redis: Type.String({
        description: 'Redis URL of the cache store; empty: `server.redis` (`REDIS_URL`).',
        default: '',
        secret: true,
        errorMessage: 'must be a Redis URL (a string)',
      }),
      maxEntries: integer({ description: 'Answers the in-memory store keeps; past it the least recently used go.', min: 1, default: 10_000 }),
      maxBytes: byteSize({ description: 'Size of the answers (JSON characters) the in-memory store keeps; past it the least recently used go.', default: 64 * 1024 * 1024 }),
      ttl: integer({
        description: 'Milliseconds an answer is kept at most. Answers are never stale (every write invalidates them); this only bounds how long superseded ones take room, in Redis above all.',
        min: 1_000,
        default: 300_000,
      }),
      keyPrefix: nonEmptyString({ description: 'Prefix of the cache keys in Redis (projects sharing one Redis keep apart with it).', default: 'vellum:cache' }),
    }),
  }),
  responses: object({
    privateAttributes: Type.Array(Type.String(), {
      description: 'Attribute names hidden from every response, on every content type.',
      default: [],
      errorMessage: 'must be an array of attribute names',
      docType: 'string[]',
    }),
  }),
});
