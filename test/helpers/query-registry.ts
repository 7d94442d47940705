/**
 * For the query parser tests (`src/query/*.test.ts`): the blog fixture registry, plus what the
 * fixture lacks to test hidden fields (a `member` type with a password and private attributes, a
 * `team` type that reaches it through a relation, a private and a password attribute on
 * `shared.social`), and a harness that runs a query string through `parseQueryString` and
 * `parseRestQuery` / `parseSelection`.
 */
import qs from 'qs';
import { VellumError } from '../../src/errors/index.js';
import { loadRegistry } from '../../src/model/load-models.js';
import { createRegistry } from '../../src/model/registry.js';
import type { ComponentSchema, Registry, ScalarAttribute } from '../../src/model/types.js';
import type { Query, Selection } from '../../src/query/ast.js';
import type { RestLimits, RestQueryContext } from '../../src/query/limits.js';
import { parseQueryString } from '../../src/query/parse-query-string.js';
import { parseRestQuery, parseSelection } from '../../src/query/parse-rest-query.js';
import { BLOG_EXAMPLE } from './fixtures.js';

const schemaFile = (uid: string, singular: string, plural: string, attributes: Record<string, unknown>) => ({
  uid,
  file: '<test>',
  definition: {
    kind: 'collectionType',
    collectionName: plural,
    info: { singularName: singular, pluralName: plural, displayName: singular },
    options: { draftAndPublish: false },
    pluginOptions: {},
    attributes,
  },
});

const EXTRA_TYPES = [
  schemaFile('api::member.member', 'member', 'members', {
    name: { type: 'string' },
    password: { type: 'password' },
    secretNote: { type: 'string', private: true },
    article: { type: 'relation', relation: 'manyToOne', target: 'api::article.article' },
    secretArticle: { type: 'relation', relation: 'manyToOne', target: 'api::article.article', private: true },
    socials: { type: 'component', repeatable: true, component: 'shared.social' },
  }),
  schemaFile('api::team.team', 'team', 'teams', {
    title: { type: 'string' },
    lead: { type: 'relation', relation: 'manyToOne', target: 'api::member.member' },
  }),
];

const hidden = (name: string, type: ScalarAttribute['type'], isPrivate: boolean): ScalarAttribute => ({
  kind: 'scalar', name, type, required: false, private: isPrivate, unique: false, raw: {},
});

let cached: Promise<Registry> | undefined;

export function queryTestRegistry(): Promise<Registry> {
  cached ??= (async () => {
    const base = await loadRegistry(BLOG_EXAMPLE, { extraContentTypes: EXTRA_TYPES });
    const components = [...base.components.values()].map((component): ComponentSchema =>
      component.uid !== 'shared.social'
        ? component
        : {
            ...component,
            attributes: { ...component.attributes, token: hidden('token', 'string', true), pin: hidden('pin', 'password', false) },
          },
    );
    return createRegistry(base.contentTypes.values(), components);
  })();
  return cached;
}

export const TEST_LIMITS: RestLimits = {
  defaultLimit: 25,
  maxLimit: 100,
  withCount: true,
  strictParams: false,
  populateDepthLimit: 5,
};

export interface ErrorShape {
  readonly status: number;
  readonly name: string;
  readonly message: string;
  readonly details: unknown;
}

/** A query given as a literal query string, or as an object sent through `qs.stringify`. */
export type QueryInput = string | Record<string, unknown>;

export interface QueryHarness {
  readonly registry: Registry;
  readonly ctx: RestQueryContext;
  query(input: QueryInput, uid?: string): Query;
  selection(input: QueryInput, uid?: string): Selection;
  /** the VellumError `query` throws, as plain data */
  failure(input: QueryInput, uid?: string): ErrorShape;
}

const ARTICLE = 'api::article.article';

export const toQueryString = (input: QueryInput): string =>
  typeof input === 'string' ? input : qs.stringify(input, { encodeValuesOnly: true });

export async function queryHarness(limits: Partial<RestLimits> = {}): Promise<QueryHarness> {
  const registry = await queryTestRegistry();
  const ctx: RestQueryContext = { registry, rest: { ...TEST_LIMITS, ...limits } };
  const query = (input: QueryInput, uid = ARTICLE): Query => parseRestQuery(parseQueryString(toQueryString(input)), uid, ctx);
  return {
    registry,
    ctx,
    query,
    selection: (input, uid = ARTICLE) => parseSelection(parseQueryString(toQueryString(input)), uid, ctx),
    failure(input, uid = ARTICLE) {
      try {
        query(input, uid);
      } catch (error) {
        if (error instanceof VellumError) {
          return { status: error.status, name: error.name, message: error.message, details: error.details };
        }
        throw error;
      }
      throw new Error(`expected ${toQueryString(input)} to be refused`);
    },
  };
}
