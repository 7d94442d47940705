import { Type } from '@sinclair/typebox';
import { boolean, integer, nonEmptyString, object } from './fields.js';

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
