/**
 * The typed slices of `config/plugins` other layers receive: `graphql` (spec 4.7) and
 * `users-permissions`, read from the checked plugins section.
 */
import type { CheckedConfig } from './schema/project-schema.js';
import type { AuthConfig, EmailConfig, GraphqlConfig, LandingPageOption } from './types.js';

type CheckedPlugins = CheckedConfig['plugins'];

/** `engineServer` keys Vellum's embedded server honours; anything else is reported as ignored. */
const ENGINE_KEYS = new Set(['tracing', 'introspection', 'cache']);
const DOCUMENT_CACHE_SIZE = 1000;
const where = (key: string): string => `config/plugins: graphql.config.${key}`;

export function graphqlSlice(plugins: CheckedPlugins): GraphqlConfig {
  const { enabled, config } = plugins.graphql;
  const warnings: string[] = [];
  if (config.playgroundAlways !== undefined) {
    warnings.push(`${where('playgroundAlways')} is deprecated; use graphql.config.landingPage instead`);
  }
  const engine = { ...config.apolloServer, ...config.engineServer };
  for (const key of Object.keys(engine)) {
    if (!ENGINE_KEYS.has(key)) warnings.push(`${where('engineServer')}.${key} is not used by Vellum's GraphQL server and is ignored (see docs/graphql.md)`);
  }
  return {
    enabled,
    endpoint: config.endpoint.length > 1 ? config.endpoint.replace(/\/+$/, '') : config.endpoint,
    shadowCRUD: config.shadowCRUD,
    depthLimit: config.depthLimit,
    amountLimit: config.amountLimit,
    defaultLimit: Math.min(config.defaultLimit, config.amountLimit),
    // checked against the union of the three forms LandingPageOption names
    landingPage: config.landingPage as LandingPageOption | undefined,
    playgroundAlways: config.playgroundAlways ?? false,
    introspection: config.introspection ?? engine.introspection,
    tracing: engine.tracing === true,
    documentCacheSize: cacheSize(engine.cache),
    warnings,
  };
}

type EngineCache = NonNullable<CheckedPlugins['graphql']['config']['engineServer']>['cache'];

function cacheSize(cache: EngineCache): number {
  if (cache === undefined || cache === 'bounded' || cache === true) return DOCUMENT_CACHE_SIZE;
  if (cache === false || cache === 'none') return 0;
  return cache.max;
}

export function authSlice(plugins: CheckedPlugins): AuthConfig {
  const { jwtSecret, jwt, ratelimit, password, advanced, resetPasswordLifetime, emailConfirmationLifetime } = plugins['users-permissions'].config;
  // koa2-ratelimit also takes `interval: { min: 5 }`.
  const interval = typeof ratelimit.interval === 'number' ? ratelimit.interval : Math.round(ratelimit.interval.min * 60_000);
  return {
    jwtSecret: jwtSecret === '' ? undefined : jwtSecret,
    jwtExpiresIn: jwt.expiresIn,
    ratelimit: { enabled: ratelimit.enabled, interval, max: ratelimit.max },
    passwordMinLength: password.minLength,
    advanced: { ...advanced },
    resetPasswordLifetime,
    emailConfirmationLifetime,
  };
}

export function emailSlice(plugins: CheckedPlugins): EmailConfig {
  const { provider, providerOptions, settings } = plugins.email.config;
  return {
    provider: provider === undefined ? undefined : 'nodemailer',
    providerOptions: { ...providerOptions },
    defaultFrom: settings.defaultFrom,
    defaultReplyTo: settings.defaultReplyTo,
  };
}
