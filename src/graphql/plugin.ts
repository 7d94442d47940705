/**
 * The GraphQL plugin: reads `plugins.graphql`, builds the shadow-CRUD schema from the registry,
 * and serves it over HTTP with graphql-js 16 directly (no GraphQL server library: Fastify does
 * the HTTP, `execute-request.ts` the GraphQL-over-HTTP rules; see docs/graphql.md).
 */
import { NoSchemaIntrospectionCustomRule, specifiedRules, type ValidationRule } from 'graphql';
import type { TransportContext } from '../app/plugin-context.js';
import { withAuthOperations } from './auth/auth-operations.js';
import { readGraphqlConfig } from './config.js';
import type { GraphqlContext } from './context.js';
import { depthLimitRule } from './execution/depth-limit.js';
import { DocumentCache } from './execution/document-cache.js';
import type { GraphqlEngine } from './execution/execute-request.js';
import { instrumentSchemaForTracing } from './execution/tracing.js';
import { registerGraphqlRoutes } from './http/graphql-routes.js';
import { resolveLandingPage } from './sandbox/landing-page.js';
import {
  DEFAULT_SANDBOX_QUERY,
  loadSandboxAssets,
  renderSandboxPage,
  sandboxDirectory,
  type SandboxAsset,
} from './sandbox/sandbox-page.js';
import { buildGraphqlSchema } from './schema/build-schema.js';

export async function registerGraphql(ctx: TransportContext): Promise<void> {
  const config = readGraphqlConfig(ctx.rawConfig);
  for (const warning of config.warnings) ctx.log.warn(warning);
  if (!config.enabled) return;

  // users-permissions operations (register, login, me) join the generated schema
  const schema = withAuthOperations(buildGraphqlSchema(ctx.registry, { shadowCRUD: config.shadowCRUD }), ctx.auth);
  if (config.tracing) instrumentSchemaForTracing(schema);
  const introspection = config.introspection ?? ctx.environment !== 'production';
  const rules: ValidationRule[] = [...specifiedRules, depthLimitRule(config.depthLimit)];
  if (!introspection) rules.push(NoSchemaIntrospectionCustomRule);
  const engine: GraphqlEngine = {
    schema,
    rules,
    cache: new DocumentCache(config.documentCacheSize),
    tracing: config.tracing,
    log: ctx.log,
  };

  const landingPage = await resolveLandingPage(config, ctx.environment, ctx.app);
  let assets = new Map<string, SandboxAsset>();
  if (landingPage.kind === 'sandbox') {
    if (!introspection) ctx.log.warn('GraphQL sandbox is on but introspection is off: it cannot load the schema (set graphql.config.introspection: true)');
    const directory = sandboxDirectory();
    if (directory) assets = loadSandboxAssets(directory);
    else ctx.log.warn('GraphQL sandbox assets are missing (dist/sandbox): run `npm run build:sandbox`');
  }
  const assetsBase = `${config.endpoint === '/' ? '' : config.endpoint}/sandbox`;
  const sandboxHtml = renderSandboxPage(
    {
      endpoint: config.endpoint,
      title: 'Vellum GraphQL',
      defaultQuery: DEFAULT_SANDBOX_QUERY,
      defaultHeaders: '',
      shouldPersistHeaders: false,
    },
    assetsBase,
  );

  const limits = { defaultLimit: config.defaultLimit, amountLimit: config.amountLimit };
  await ctx.server.register(async (scope) => {
    registerGraphqlRoutes(scope, {
      endpoint: config.endpoint,
      engine,
      landingPage,
      sandboxHtml,
      assets,
      makeContext: (request, tracer): GraphqlContext => ({
        registry: ctx.registry,
        limits,
        repository: (uid) => ctx.repository(uid),
        authorize: (action, uid) => ctx.authorize(request, action, uid),
        canFind: (uid) => ctx.auth.canFind(request, uid),
        sanitize: (uid, query, action) => ctx.auth.sanitizeQuery(request, uid, query, action),
        checkWrite: (uid, data) => ctx.auth.checkWrite(request, uid, data),
        author: async () => {
          const actor = await ctx.auth.actor(request);
          return actor.kind === 'user' ? String(actor.user.documentId) : undefined;
        },
        deniedTargets: new Set(),
        deferred: new Map(),
        tracer,
        request,
      }),
    });
  });
}
