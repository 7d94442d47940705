/**
 * `config/plugins` → `graphql` entry → the plugin's settings, defaults filled (spec 4.7).
 * Wrong types are startup errors naming the key; deprecated and ignored keys are warnings.
 */
import { StartupError } from '../errors/index.js';

/** An Apollo-Server-style landing-page plugin (`renderLandingPage`, possibly behind `serverWillStart`). */
export interface LandingPagePlugin {
  renderLandingPage?(): { html: string } | Promise<{ html: string }>;
  serverWillStart?(service?: unknown): unknown;
}

export type LandingPageOption = boolean | ((app: unknown) => unknown) | LandingPagePlugin;

export interface GraphqlConfig {
  readonly enabled: boolean;
  readonly endpoint: string;
  readonly shadowCRUD: boolean;
  readonly depthLimit: number;
  readonly amountLimit: number;
  readonly defaultLimit: number;
  /** undefined: not configured (environment default applies) */
  readonly landingPage: LandingPageOption | undefined;
  readonly playgroundAlways: boolean;
  /** undefined: not configured (on outside production) */
  readonly introspection: boolean | undefined;
  /** `engineServer.tracing`: Apollo tracing in `extensions.tracing` */
  readonly tracing: boolean;
  /** parsed-and-validated documents kept (`engineServer.cache`: 'bounded' default, or false) */
  readonly documentCacheSize: number;
  readonly warnings: readonly string[];
}

/** `engineServer` keys Vellum's embedded server honours; anything else is reported as ignored. */
const ENGINE_KEYS = new Set(['tracing', 'introspection', 'cache']);
const DOCUMENT_CACHE_SIZE = 1000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const where = (key: string): string => `config/plugins: graphql.config.${key}`;

function positiveInteger(value: unknown, key: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new StartupError(`${where(key)} must be a positive integer (got ${JSON.stringify(value)})`);
  }
  return value;
}

function boolean(value: unknown, key: string, at = where(key)): boolean | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw new StartupError(`${at} must be true or false (got ${JSON.stringify(value)})`);
  return value;
}

function landingPage(value: unknown): LandingPageOption | undefined {
  if (value === undefined || typeof value === 'boolean' || typeof value === 'function') return value as LandingPageOption | undefined;
  if (isRecord(value) && (typeof value['renderLandingPage'] === 'function' || typeof value['serverWillStart'] === 'function')) {
    return value as LandingPagePlugin;
  }
  throw new StartupError(`${where('landingPage')} must be a boolean, a function (app) => boolean, or a plugin with renderLandingPage()`);
}

function endpoint(value: unknown): string {
  if (value === undefined) return '/graphql';
  if (typeof value !== 'string' || !/^\/[^\s?#]*$/.test(value)) {
    throw new StartupError(`${where('endpoint')} must be a path starting with "/" (got ${JSON.stringify(value)})`);
  }
  return value.length > 1 ? value.replace(/\/+$/, '') : value;
}

function engineServer(config: Record<string, unknown>, warnings: string[]): Record<string, unknown> {
  const spec = config['engineServer'];
  const alias = config['apolloServer'];
  for (const [key, value] of [['engineServer', spec], ['apolloServer', alias]] as const) {
    if (value !== undefined && !isRecord(value)) throw new StartupError(`${where(key)} must be an object`);
  }
  const merged = { ...(isRecord(alias) ? alias : {}), ...(isRecord(spec) ? spec : {}) };
  for (const key of Object.keys(merged)) {
    if (!ENGINE_KEYS.has(key)) warnings.push(`${where('engineServer')}.${key} is not used by Vellum's GraphQL server and is ignored (see docs/graphql.md)`);
  }
  return merged;
}

function cacheSize(value: unknown): number {
  if (value === undefined || value === 'bounded' || value === true) return DOCUMENT_CACHE_SIZE;
  if (value === false || value === 'none') return 0;
  if (isRecord(value) && typeof value['max'] === 'number' && Number.isInteger(value['max']) && value['max'] >= 0) return value['max'];
  throw new StartupError(`${where('engineServer')}.cache must be "bounded", false or { max: <number> }`);
}

/** Reads `plugins.graphql` from the merged raw config (`rawConfig.plugins`). */
export function readGraphqlConfig(rawConfig: Readonly<Record<string, unknown>>): GraphqlConfig {
  const plugins = isRecord(rawConfig['plugins']) ? rawConfig['plugins'] : {};
  const entry = plugins['graphql'];
  if (entry !== undefined && !isRecord(entry)) throw new StartupError('config/plugins: graphql must be an object ({ enabled, config })');
  const enabled = entry === undefined ? true : boolean(entry['enabled'], 'enabled', 'config/plugins: graphql.enabled') ?? true;
  const config = entry && isRecord(entry['config']) ? entry['config'] : {};
  const warnings: string[] = [];
  const playgroundAlways = boolean(config['playgroundAlways'], 'playgroundAlways') ?? false;
  if (config['playgroundAlways'] !== undefined) {
    warnings.push('config/plugins: graphql.config.playgroundAlways is deprecated; use graphql.config.landingPage instead');
  }
  const engine = engineServer(config, warnings);
  const amountLimit = positiveInteger(config['amountLimit'], 'amountLimit', 100);
  const defaultLimit = Math.min(positiveInteger(config['defaultLimit'], 'defaultLimit', 10), amountLimit);
  const tracing = engine['tracing'] === undefined ? false : engine['tracing'] === true;
  const introspection = boolean(config['introspection'], 'introspection') ?? (typeof engine['introspection'] === 'boolean' ? engine['introspection'] : undefined);
  return {
    enabled,
    endpoint: endpoint(config['endpoint']),
    shadowCRUD: boolean(config['shadowCRUD'], 'shadowCRUD') ?? true,
    depthLimit: positiveInteger(config['depthLimit'], 'depthLimit', 10),
    amountLimit,
    defaultLimit,
    landingPage: landingPage(config['landingPage']),
    playgroundAlways,
    introspection,
    tracing,
    documentCacheSize: cacheSize(engine['cache']),
    warnings,
  };
}
