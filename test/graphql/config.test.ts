/**
 * Every `plugins.graphql` option of spec 4.7 and the production defaults, over real HTTP on
 * every dialect. Options are grouped so each app start checks several.
 */
import { describe, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { request } from '../helpers/http.js';
import { useTestApp } from '../helpers/test-app.js';
import { ensureSandboxBuilt, graphql } from './graphql-helpers.js';

ensureSandboxBuilt();

const pluginsFile = (body: string): Record<string, string> => ({ 'config/plugins.js': `module.exports = ${body};\n` });
const html = { accept: 'text/html' };
const introspection = '{ __schema { queryType { name } } }';
/** production needs its secrets */
const PRODUCTION = { NODE_ENV: 'production', JWT_SECRET: 'test-jwt-secret-0123456789abcdef', ADMIN_JWT_SECRET: 'test-admin-secret-0123456789abcdef', API_TOKEN_SALT: 'test-salt-0123456789abcdef', APP_KEYS: 'k1-0123456789,k2-0123456789' };

describeEachDialect('GraphQL configuration', (dialect) => {
  describe('endpoint, depthLimit, amountLimit, defaultLimit, engineServer.tracing', () => {
    const app = useTestApp({
      dialect,
      files: pluginsFile(`({ env }) => ({ graphql: { config: { endpoint: '/api/gql', depthLimit: 5, amountLimit: 5, defaultLimit: 2, engineServer: { tracing: true } } } })`),
    });
    const gql = graphql(() => app.url, '/api/gql', () => app.authHeaders);

    it('serves on the configured endpoint only', async () => {
      expect((await gql.post('{ __typename }')).body.data).toEqual({ __typename: 'Query' });
      expect((await request(`${app.url}/graphql`, { method: 'POST', json: { query: '{ __typename }' } })).status).toBe(404);
      const page = await request(`${app.url}/api/gql`, { headers: html });
      expect(page.body).toContain('<script src="/api/gql/sandbox/sandbox.js" defer></script>');
      expect((await fetch(`${app.url}/api/gql/sandbox/sandbox.js`)).status).toBe(200);
    });

    it('applies depthLimit as graphql-depth-limit counts it', async () => {
      expect((await gql.post('{ tags { data { attributes { name } } } }')).status).toBe(200);
      expect((await gql.post('{ tags { data { attributes { articles { data { id } } } } } }')).status).toBe(200);
      const deep = await gql.post('query Q { tags { data { attributes { articles { data { attributes { title } } } } } } }');
      expect([deep.status, deep.body.errors?.[0]?.message]).toEqual([400, "'Q' exceeds maximum operation depth of 5"]);
    });

    it('uses defaultLimit as the page size and clamps every list, nested ones included, to amountLimit', async () => {
      const tagIds: string[] = [];
      for (let i = 0; i < 7; i += 1) tagIds.push((await gql.data(`mutation { createTag(data: { name: "t${i}" }) { data { id } } }`)).createTag.data.id);
      const defaults = await gql.data('{ tags { data { id } meta { pagination { pageSize total } } } }');
      expect([defaults.tags.data.length, defaults.tags.meta.pagination]).toEqual([2, { pageSize: 2, total: 7 }]);
      const clamped = await gql.data('{ tags(pagination: { pageSize: 50 }) { data { id } meta { pagination { pageSize pageCount } } } }');
      expect([clamped.tags.data.length, clamped.tags.meta.pagination]).toEqual([5, { pageSize: 5, pageCount: 2 }]);
      await gql.data(`mutation($t: [ID]) { createArticle(data: { title: "many tags", tags: $t }) { data { id } } }`, { t: tagIds });
      const nested = await gql.data('{ articles(publicationState: PREVIEW) { data { attributes { d: tags { data { id } } all: tags(pagination: { limit: -1 }) { data { id } } } } } }');
      expect(nested.articles.data[0].attributes.d.data).toHaveLength(2);
      expect(nested.articles.data[0].attributes.all.data).toHaveLength(5);
    });

    it('adds Apollo tracing to extensions', async () => {
      const response = await gql.post('{ tags { data { id } } }');
      const tracing = response.body.extensions?.tracing;
      expect(tracing).toMatchObject({ version: 1, startTime: expect.any(String), endTime: expect.any(String), duration: expect.any(Number) });
      expect(tracing.execution.resolvers[0]).toMatchObject({ path: ['tags'], parentType: 'Query', fieldName: 'tags', returnType: 'TagEntityResponseCollection' });
      expect(tracing.execution.resolvers.map((r: { path: unknown[] }) => r.path.join('.'))).toContain('tags.data');
    });
  });

  describe('enabled: false', () => {
    const app = useTestApp({ dialect, files: pluginsFile(`{ graphql: { enabled: false } }`) });
    it('serves no GraphQL endpoint', async () => {
      expect((await request(`${app.url}/graphql`, { method: 'POST', json: { query: '{ __typename }' } })).status).toBe(404);
      expect((await request(`${app.url}/graphql`, { headers: html })).status).toBe(404);
    });
  });

  describe('shadowCRUD: false', () => {
    const app = useTestApp({ dialect, files: pluginsFile(`{ graphql: { config: { shadowCRUD: false } } }`) });
    const gql = graphql(() => app.url, '/graphql', () => app.authHeaders);
    it('generates no content-type types or operations, keeping a valid schema', async () => {
      expect((await gql.post('{ _empty }')).body).toEqual({ data: { _empty: null } });
      expect((await gql.post('{ articles { data { id } } }')).body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
      const types = await gql.data('{ __schema { types { name } } }');
      expect(types.__schema.types.map((t: { name: string }) => t.name)).not.toContain('Article');
    });
  });

  describe('production defaults', () => {
    const app = useTestApp({ dialect, env: PRODUCTION });
    const gql = graphql(() => app.url, '/graphql', () => app.authHeaders);
    it('turns the landing page and introspection off, and keeps queries working', async () => {
      const page = await request(`${app.url}/graphql`, { headers: html });
      expect(page.status).toBe(400);
      expect(page.headers.get('content-type')).toContain('application/json');
      expect((await fetch(`${app.url}/graphql/sandbox/sandbox.js`)).status).toBe(404);
      const schema = await gql.post(introspection);
      expect([schema.status, schema.body.errors?.[0]?.extensions?.code]).toEqual([400, 'GRAPHQL_VALIDATION_FAILED']);
      expect(schema.body.errors?.[0]?.message).toBe('GraphQL introspection has been disabled, but the requested query contained the field "__schema".');
      expect((await gql.post('{ tags { data { id } } }')).body).toEqual({ data: { tags: { data: [] } } });
    });
  });

  describe('production with landingPage as a function of the app, and introspection on', () => {
    const app = useTestApp({
      dialect,
      env: PRODUCTION,
      files: pluginsFile(`{ graphql: { config: { landingPage: (app) => typeof app.repository === 'function', introspection: true } } }`),
    });
    const gql = graphql(() => app.url, '/graphql', () => app.authHeaders);
    it('serves the sandbox and answers introspection', async () => {
      const page = await request(`${app.url}/graphql`, { headers: html });
      expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
      expect((await gql.data(introspection)).__schema.queryType.name).toBe('Query');
    });
  });

  describe('deprecated playgroundAlways and the apolloServer alias', () => {
    const app = useTestApp({
      dialect,
      env: PRODUCTION,
      files: pluginsFile(`{ graphql: { config: { playgroundAlways: true, introspection: true, apolloServer: { tracing: true, persistedQueries: false } } } }`),
    });
    const gql = graphql(() => app.url, '/graphql', () => app.authHeaders);
    it('still honours playgroundAlways, warning that landingPage replaces it', async () => {
      expect((await request(`${app.url}/graphql`, { headers: html })).status).toBe(200);
      expect(app.logs).toContain('warn: config/plugins: graphql.config.playgroundAlways is deprecated; use graphql.config.landingPage instead');
    });
    it('reads apolloServer like engineServer and reports options it ignores', async () => {
      expect((await gql.post('{ __typename }')).body.extensions?.tracing?.version).toBe(1);
      expect(app.logs).toContain("warn: config/plugins: graphql.config.engineServer.persistedQueries is not used by Vellum's GraphQL server and is ignored (see docs/graphql.md)");
    });
  });

  describe('landingPage plugin and landingPage: false', () => {
    const custom = useTestApp({
      dialect,
      files: pluginsFile(`{ graphql: { config: { landingPage: { async serverWillStart() { return { renderLandingPage: async () => ({ html: '<h1>Our own page</h1>' }) }; } } } } }`),
    });
    const off = useTestApp({ dialect, files: pluginsFile(`{ graphql: { config: { landingPage: false } } }`) });
    it('serves the plugin page', async () => {
      const page = await request(`${custom.url}/graphql`, { headers: html });
      expect([page.status, page.body]).toEqual([200, '<h1>Our own page</h1>']);
    });
    it('serves no page when off, also in development; introspection stays on', async () => {
      expect((await request(`${off.url}/graphql`, { headers: html })).status).toBe(400);
      expect((await graphql(() => off.url).data(introspection)).__schema.queryType.name).toBe('Query');
    });
  });

  describe('security headers: the two ways of spec 4.7 (the examples of docs/graphql.md)', () => {
    const merged = useTestApp({
      dialect,
      env: PRODUCTION,
      files: {
        'config/plugins.js': `module.exports = { graphql: { config: { landingPage: true, introspection: true } } };\n`,
        'config/middlewares.js': `module.exports = [
  'strapi::logger',
  'strapi::errors',
  {
    name: 'strapi::security',
    config: {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'connect-src': ["'self'", 'https:'],
          'img-src': ["'self'", 'data:', 'blob:'],
          'script-src': ["'self'"],
          'style-src': ["'self'", "'unsafe-inline'"],
          'frame-src': ["'self'"],
        },
      },
    },
  },
  'strapi::cors',
  'strapi::poweredBy',
  'strapi::query',
  'strapi::body',
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
];
`,
      },
    });
    const custom = useTestApp({
      dialect,
      env: PRODUCTION,
      files: {
        'config/plugins.js': `module.exports = { graphql: { config: { landingPage: true, introspection: true } } };\n`,
        'config/middlewares.js': `module.exports = ['strapi::logger', 'strapi::errors', 'strapi::security', 'strapi::cors', 'strapi::poweredBy', 'strapi::query', 'strapi::body', 'strapi::session', 'strapi::favicon', 'strapi::public', 'global::graphql-csp'];\n`,
        'src/middlewares/graphql-csp.js': `module.exports = (config, { strapi }) => async (ctx, next) => {
  await next();
  if (ctx.path === '/graphql' || ctx.path.startsWith('/graphql/sandbox/')) {
    ctx.set('Content-Security-Policy', "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'self'");
  }
};
`,
      },
    });

    it('1. directives merged into strapi::security apply to the sandbox', async () => {
      const page = await request(`${merged.url}/graphql`, { headers: html });
      expect(page.status).toBe(200);
      const csp = page.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("frame-src 'self'");
    });

    it('2. a custom middleware sets Content-Security-Policy on the GraphQL path only', async () => {
      const page = await request(`${custom.url}/graphql`, { headers: html });
      expect(page.headers.get('content-security-policy')).toBe("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'self'");
      const api = await request(`${custom.url}/api/tags`);
      expect(api.status).toBe(200);
      expect(api.headers.get('content-security-policy')).not.toContain("font-src 'self' data:; connect-src 'self'; frame-ancestors");
    });
  });
});
