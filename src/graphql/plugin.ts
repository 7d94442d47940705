/**
 * The GraphQL plugin: reads `plugins.graphql`, builds the shadow-CRUD schema from the registry,
 * and serves it over HTTP with graphql-js 16 directly (no GraphQL server library: Fastify does
 * the HTTP, `execute-request.ts` the GraphQL-over-HTTP rules; see docs/graphql.md).
 */
import { NoSchemaIntrospectionCustomRule, specifiedRules, type GraphQLSchema, type ValidationRule } from 'graphql';
import type { TransportContext } from '../transport/transport-context.js';
import type { UploadService } from '../upload/upload-service.js';
import { withAuthOperations } from './auth/auth-operations.js';
import type { GraphqlContext } from './context.js';
import { depthLimitRule } from './execution/depth-limit.js';
import { relationFieldLimitRule } from './execution/relation-field-limit.js';
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
import { buildGraphqlSchema } from './graphql-schema.js';
import { ALL_ENABLED, type ShadowCrudView } from './schema/shadow-crud-view.js';


/**
 * What project code registered for GraphQL, as the Strapi adapter hands it in
 * (src/strapi/graphql/graphql-customization.ts): the shadow-CRUD settings the schema is built
 * with, and the step that adds the project's extensions to the built schema.
 */
export interface GraphqlCustomization {
  readonly shadowCrud: ShadowCrudView;
  /** what is wrong in the settings, logged at start (a `disableAction` that names no action) */
  warnings(): readonly string[];
  extend(schema: GraphQLSchema, ctx: TransportContext): Promise<GraphQLSchema>;
}

const NO_CUSTOMIZATION: GraphqlCustomization = { shadowCrud: ALL_ENABLED, warnings: () => [], extend: async (schema) => schema };

export async function registerGraphql(
  ctx: TransportContext,
  customization: GraphqlCustomization = NO_CUSTOMIZATION,
  /** the media library the upload mutations store files with (the one the REST upload routes use) */
  uploads?: UploadService,
): Promise<void> {
  const config = ctx.graphql;
  for (const warning of config.warnings) ctx.log.warn(warning);
  if (!config.enabled) return;

  for (const warning of customization.warnings()) ctx.log.warn(warning);
  // users-permissions operations (register, login, me) join the generated schema, then the project's extensions
  const generated = withAuthOperations(buildGraphqlSchema(ctx.registry, { shadowCRUD: config.shadowCRUD, settings: customization.shadowCrud }), ctx.auth, ctx.operations);
  const schema = await customization.extend(generated, ctx);
  if (config.tracing) instrumentSchemaForTracing(schema);
  const introspection = config.introspection ?? ctx.environment !== 'production';
  const rules: ValidationRule[] = [...specifiedRules, depthLimitRule(config.depthLimit), relationFieldLimitRule(ctx.rest.budget.maxPopulateNodes)];
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
      makeContext: (request, tracer): GraphqlContext => {
        return {
          registry: ctx.registry,
          limits,
          budget: ctx.rest.budget,
          operations: ctx.operations,
          caller: { request },
          deferred: new Map(),
          tracer,
          request,
          uploads,
          locales: ctx.locales,
        };
      },
    });
  });
}
