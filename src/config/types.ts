import type { CheckedConfig } from './schema/project-schema.js';

/**
 * The validated project configuration every other layer receives slices of. Built once by
 * `loadConfig` from the one schema (`schema/project-schema.ts`), defaults filled, deep-frozen.
 * Keys Vellum does not interpret stay reachable through `raw` (real Strapi projects carry many
 * of them) for user code; Vellum's own layers read only the typed slices.
 */

/** The process environment merged with the project's `.env` (process values win). */
export type Env = Readonly<Record<string, string | undefined>>;

export type Environment = 'development' | 'production' | 'test';

export type DatabaseClient = 'sqlite' | 'postgres' | 'mysql';

export interface ServerConfig {
  readonly host: string;
  readonly port: number;
  /** `server.url` without a trailing "/"; '' when not set */
  readonly url: string;
  /** largest accepted request body, in bytes */
  readonly bodyLimit: number;
  /** emit `Server-Timing` in production too (always on elsewhere) */
  readonly serverTiming: boolean;
  /** ms a client has to send a whole request (headers and body) before a 408; 0 disables */
  readonly requestTimeout: number;
  /** ms a client has to send the request headers before a 408 */
  readonly headersTimeout: number;
  /** ms an idle keep-alive connection stays open */
  readonly keepAliveTimeout: number;
  /** ms in-flight requests get to finish on SIGTERM/SIGINT */
  readonly shutdownTimeout: number;
  /** Fastify's `trustProxy`: false, true, or the trusted proxy addresses */
  readonly trustProxy: boolean | readonly string[];
  readonly logLevel: LogLevel;
  /** Redis URL for shared rate-limit counters; '' keeps them in memory */
  readonly redisUrl: string;
  readonly health: { readonly enabled: boolean; readonly livenessPath: string; readonly readinessPath: string };
}

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface SqliteConnection {
  /** absolute path, or `:memory:` */
  readonly filename: string;
}

export interface NetworkConnection {
  readonly host: string;
  readonly port: number;
  readonly database?: string;
  readonly user?: string;
  readonly password?: string;
  /** `false`, `true`, or the TLS options object Strapi configs pass through to the driver */
  readonly ssl: boolean | Readonly<Record<string, unknown>>;
  /** the URL the fields above were read from, when one was given */
  readonly connectionString?: string;
  /** PostgreSQL schema */
  readonly schema?: string;
}

export interface PoolConfig {
  readonly min?: number;
  readonly max?: number;
}

interface DatabaseConfigBase {
  readonly pool?: PoolConfig;
  /** ms one SQL statement may run before the database cancels it (PostgreSQL, MySQL/MariaDB); 0 disables */
  readonly statementTimeout: number;
  readonly acquireConnectionTimeout?: number;
  /** the other keys of Strapi's `connection` block (debug, useNullAsDefault, …), uninterpreted */
  readonly options: Readonly<Record<string, unknown>>;
}

export interface SqliteDatabaseConfig extends DatabaseConfigBase {
  readonly client: 'sqlite';
  readonly connection: SqliteConnection;
}

export interface NetworkDatabaseConfig extends DatabaseConfigBase {
  readonly client: 'postgres' | 'mysql';
  readonly connection: NetworkConnection;
}

export type DatabaseConfig = SqliteDatabaseConfig | NetworkDatabaseConfig;

export interface RestApiConfig {
  /** URL prefix of the content API */
  readonly prefix: string;
  readonly defaultLimit: number;
  readonly maxLimit: number;
  readonly withCount: boolean;
  /** reject unknown top-level query parameters instead of ignoring them */
  readonly strictParams: boolean;
  /** deepest accepted `populate` nesting */
  readonly populateDepthLimit: number;
  /** populate nodes in one query's whole tree (REST and GraphQL) */
  readonly maxPopulateNodes: number;
  /** filter nodes in one query, populate filters included (REST and GraphQL) */
  readonly maxFilterNodes: number;
  /** relation or component steps along one filter or sort path */
  readonly maxRelationHops: number;
  /** entries one response may carry, populated ones counted as often as they appear */
  readonly maxResponseEntries: number;
  readonly cache: ResponseCacheConfig;
}

/** `api.rest.cache` (docs/cache.md), the store settled: `auto` is Redis when a Redis URL is known */
export interface ResponseCacheConfig {
  readonly enabled: boolean;
  readonly store: 'memory' | 'redis';
  /** the cache's own URL, else `server.redis`; '' with the memory store */
  readonly redisUrl: string;
  readonly maxEntries: number;
  /** JSON characters the in-memory store holds */
  readonly maxBytes: number;
  /** ms an answer is kept at most */
  readonly ttl: number;
  readonly keyPrefix: string;
}

export interface ApiConfig {
  readonly rest: RestApiConfig;
  readonly responses: {
    /** attribute names hidden from every response, as Strapi's `api.responses.privateAttributes` */
    readonly privateAttributes: readonly string[];
  };
}

type CheckedUploadConfig = CheckedConfig['plugins']['upload']['config'];

export type UploadProviderName = 'local' | '@strapi/provider-upload-local' | 'aws-s3' | '@strapi/provider-upload-aws-s3';

export interface UploadPluginEntry {
  readonly config: {
    /** largest accepted upload, in bytes */
    readonly sizeLimit: number;
    /** responsive formats: name → largest side in pixels */
    readonly breakpoints: Readonly<Record<string, number>>;
    readonly responsiveDimensions: boolean;
    readonly sizeOptimization: boolean;
    readonly autoOrientation: boolean;
    /** `local` (default) or `aws-s3` (or their Strapi package names) */
    readonly provider: UploadProviderName;
    /** checked against the schema (other S3 client keys pass through) */
    readonly providerOptions: CheckedUploadConfig['providerOptions'];
    /** Strapi's `{ upload, uploadStream, delete }`: extra parameters per provider action */
    readonly actionOptions: CheckedUploadConfig['actionOptions'];
    readonly [key: string]: unknown;
  };
  readonly [key: string]: unknown;
}

/** `config/plugins`: raw entries (`graphql.config`, …) with `upload.config`'s checked keys filled. */
export interface PluginsConfig {
  readonly upload: UploadPluginEntry;
  readonly [name: string]: unknown;
}

/** `plugins.graphql`, defaults filled (spec 4.7) */
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
  /** deprecated or ignored keys, for the GraphQL plugin to log */
  readonly warnings: readonly string[];
}

/** An Apollo-Server-style landing-page plugin (`renderLandingPage`, possibly behind `serverWillStart`). */
export interface LandingPagePlugin {
  renderLandingPage?(): { html: string } | Promise<{ html: string }>;
  serverWillStart?(service?: unknown): unknown;
}

export type LandingPageOption = boolean | ((app: unknown) => unknown) | LandingPagePlugin;

/**
 * The users-permissions settings (`plugins['users-permissions'].config`), with Strapi's keys and
 * defaults, plus `password.minLength`, Vellum's own.
 */
export interface AuthConfig {
  /** from the config file; the JWT_SECRET environment variable wins (see `secrets`) */
  readonly jwtSecret: string | undefined;
  readonly jwtExpiresIn: string | number;
  readonly ratelimit: { readonly enabled: boolean; readonly interval: number; readonly max: number };
  readonly passwordMinLength: number;
  /** Strapi's advanced settings (the defaults; bootstrap may change them) */
  readonly advanced: AdvancedSettings;
  /** seconds a reset code / a confirmation link stays valid */
  readonly resetPasswordLifetime: number;
  readonly emailConfirmationLifetime: number;
}

/** users-permissions' advanced settings, with Strapi's names */
export interface AdvancedSettings {
  readonly unique_email: boolean;
  readonly allow_register: boolean;
  readonly email_confirmation: boolean;
  /** '' : redirect to "/" */
  readonly email_confirmation_redirection: string;
  /** '' : not set (the reset email then carries the bare code) */
  readonly email_reset_password: string;
  readonly default_role: string;
}

/** `plugins.i18n.config`: the locales a project starts with */
export interface I18nConfig {
  readonly defaultLocale: string;
  readonly locales: readonly string[];
}

/** `plugins.email.config`, Strapi's shape */
export interface EmailConfig {
  readonly provider: 'nodemailer' | undefined;
  readonly providerOptions: Readonly<Record<string, unknown>>;
  readonly defaultFrom: string | undefined;
  readonly defaultReplyTo: string | undefined;
}

/**
 * The secrets authentication needs, as configured: each from its environment variable, else
 * from the config key Strapi projects use (`'users-permissions'.config.jwtSecret`,
 * `admin.apiToken.salt`, `server.app.keys` joined with commas). Missing ones are undefined;
 * `auth/secrets.ts` decides what that means (an error in production).
 */
export interface ConfiguredSecrets {
  readonly JWT_SECRET: string | undefined;
  readonly API_TOKEN_SALT: string | undefined;
  readonly APP_KEYS: string | undefined;
}

export interface ProjectConfig {
  /** absolute project directory */
  readonly projectDir: string;
  readonly environment: Environment;
  /** NODE_ENV as given (selects `config/env/<NODE_ENV>/`), `development` when unset */
  readonly nodeEnv: string;
  readonly server: ServerConfig;
  readonly database: DatabaseConfig;
  readonly api: ApiConfig;
  readonly plugins: PluginsConfig;
  /** `config/middlewares`: names (`strapi::cors`) or `{ name | resolve, config }` objects */
  readonly middlewares: readonly unknown[];
  /** `plugins.graphql`, checked, defaults filled */
  readonly graphql: GraphqlConfig;
  /** `plugins['users-permissions'].config`, checked, defaults filled */
  readonly auth: AuthConfig;
  /** `plugins.email.config`, checked */
  readonly email: EmailConfig;
  /** `plugins.i18n.config` (and STRAPI_PLUGIN_I18N_INIT_LOCALE_CODE), checked */
  readonly i18n: I18nConfig;
  readonly secrets: ConfiguredSecrets;
  /** `database.settings` (and DATABASE_ALLOW_DESTRUCTIVE_SYNC) */
  readonly databaseSettings: { readonly allowDestructiveSync: boolean };
  /** the env object the config functions saw; for user code, never read by Vellum's layers */
  readonly env: Env;
  /** every config file's merged value under its file name, as loaded; for user code only */
  readonly raw: Readonly<Record<string, unknown>>;
}
