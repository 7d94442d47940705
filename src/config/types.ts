import type { CheckedConfig } from './schema/project-schema.js';

/**
 * The validated project configuration every other layer receives slices of. Built once by
 * `loadConfig` from the one schema (`schema/project-schema.ts`), defaults filled, deep-frozen.
 * Keys Vellum does not interpret stay reachable through `raw` (real Strapi projects carry many
 * of them) for user code; Vellum's own layers read only the typed slices.
 *
 * A key the slices pass on as checked is typed by the schema alone (`Static`, through
 * `CheckedConfig`): its type, description and default live in `schema/`, and a new one there
 * appears here and is required of `build-project-config.ts` by the compiler. Written here are
 * only what a slice changes: renamed or settled keys (`server.redis` → `redisUrl`, `api.rest.cache`'s
 * `auto` store), values read from several keys (the database connection, the secrets), and the
 * top-level `ProjectConfig`.
 */

/** What `loadConfig` hands out: frozen all the way down, so read-only all the way down. */
type Frozen<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends readonly (infer U)[]
    ? readonly Frozen<U>[]
    : T extends object
      ? { readonly [K in keyof T]: Frozen<T[K]> }
      : T;

/** Optional keys of the checked shape that a slice always sets (to undefined when absent). */
type Settled<T> = { readonly [K in keyof Required<T>]: Frozen<T[K]> | undefined };

type CheckedServer = CheckedConfig['server'];
type CheckedRest = CheckedConfig['api']['rest'];
type CheckedDatabase = CheckedConfig['database']['connection'];
type CheckedPlugins = CheckedConfig['plugins'];
type CheckedUploadConfig = CheckedPlugins['upload']['config'];
type CheckedGraphql = CheckedPlugins['graphql'];
type CheckedUsersPermissions = CheckedPlugins['users-permissions']['config'];
type CheckedAdmin = CheckedConfig['admin'];

/** `config/admin`'s admin realm settings: `url` without a trailing "/", whether the panel is served, the session lifespans (seconds) */
export interface AdminConfig {
  readonly path: string;
  /** `admin.serveAdminPanel`: the built admin panel is served at `path` */
  readonly serveAdminPanel: boolean;
  readonly sessions: Frozen<CheckedAdmin['auth']['sessions']>;
}

/** The process environment merged with the project's `.env` (process values win). */
export type Env = Readonly<Record<string, string | undefined>>;

export type Environment = 'development' | 'production' | 'test';

export type DatabaseClient = 'sqlite' | 'postgres' | 'mysql';

export type LogLevel = CheckedServer['logLevel'];

/** `config/server`; `url` without a trailing "/" ('' when not set) */
export type ServerConfig = Frozen<Omit<CheckedServer, 'proxy' | 'redis' | 'app'>> & {
  /** `server.proxy` as Fastify's `trustProxy`: false, true, or the trusted proxy addresses */
  readonly trustProxy: boolean | readonly string[];
  /** `server.redis`: Redis URL for shared rate-limit counters; '' keeps them in memory */
  readonly redisUrl: string;
};

/*
 * The database slice is the driver options Vellum opens, read from `config/database`'s block and
 * its connection URL together (normalize-database.ts): a shape of its own, written here.
 */

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

export type PoolConfig = Frozen<NonNullable<CheckedDatabase['pool']>>;

type DatabaseConfigBase = Frozen<Pick<CheckedDatabase, 'statementTimeout' | 'acquireConnectionTimeout'>> & {
  readonly pool?: PoolConfig;
  /** the other keys of Strapi's `connection` block (debug, useNullAsDefault, …), uninterpreted */
  readonly options: Readonly<Record<string, unknown>>;
};

export type SqliteDatabaseConfig = DatabaseConfigBase & {
  readonly client: 'sqlite';
  readonly connection: SqliteConnection;
};

export type NetworkDatabaseConfig = DatabaseConfigBase & {
  readonly client: 'postgres' | 'mysql';
  readonly connection: NetworkConnection;
};

export type DatabaseConfig = SqliteDatabaseConfig | NetworkDatabaseConfig;

/** `api.rest.cache` (docs/cache.md), the store settled: `auto` is Redis when a Redis URL is known */
export type ResponseCacheConfig = Frozen<Omit<CheckedRest['cache'], 'store' | 'redis'>> & {
  readonly store: 'memory' | 'redis';
  /** the cache's own URL, else `server.redis`; '' with the memory store */
  readonly redisUrl: string;
};

/** `api.rest`; `prefix` without a trailing "/" */
export type RestApiConfig = Frozen<Omit<CheckedRest, 'cache'>> & { readonly cache: ResponseCacheConfig };

export type ApiConfig = Frozen<Omit<CheckedConfig['api'], 'rest'>> & { readonly rest: RestApiConfig };

export type UploadProviderName = CheckedUploadConfig['provider'];

/** `plugins.upload` as written, with `config`'s checked keys filled (its other keys pass through) */
export interface UploadPluginEntry {
  readonly config: Frozen<Omit<CheckedUploadConfig, 'providerOptions' | 'actionOptions'>> &
    Pick<CheckedUploadConfig, 'providerOptions' | 'actionOptions'> & { readonly [key: string]: unknown };
  readonly [key: string]: unknown;
}

/** `config/plugins`: raw entries (`graphql.config`, …) with `upload.config`'s checked keys filled. */
export interface PluginsConfig {
  readonly upload: UploadPluginEntry;
  readonly [name: string]: unknown;
}

/** `plugins.graphql`, defaults filled (spec 4.7); `endpoint` without a trailing "/", `defaultLimit` at most `amountLimit` */
export type GraphqlConfig = Frozen<Pick<CheckedGraphql, 'enabled'>> &
  Frozen<Omit<CheckedGraphql['config'], 'landingPage' | 'playgroundAlways' | 'introspection' | 'engineServer' | 'apolloServer'>> & {
    /** undefined: not configured (environment default applies) */
    readonly landingPage: LandingPageOption | undefined;
    readonly playgroundAlways: boolean;
    /** undefined: not configured (on outside production); `engineServer.introspection` when `introspection` is not set */
    readonly introspection: boolean | undefined;
    /** `engineServer.tracing`: Apollo tracing in `extensions.tracing` */
    readonly tracing: boolean;
    /** parsed-and-validated documents kept (`engineServer.cache`: 'bounded' default, or false) */
    readonly documentCacheSize: number;
    /** deprecated or ignored keys, for the GraphQL plugin to log */
    readonly warnings: readonly string[];
  };

/** An Apollo-Server-style landing-page plugin (`renderLandingPage`, possibly behind `serverWillStart`). */
export interface LandingPagePlugin {
  renderLandingPage?(): { html: string } | Promise<{ html: string }>;
  serverWillStart?(service?: unknown): unknown;
}

export type LandingPageOption = boolean | ((app: unknown) => unknown) | LandingPagePlugin;

/** users-permissions' advanced settings, with Strapi's names ('' : not set) */
export type AdvancedSettings = Frozen<CheckedUsersPermissions['advanced']>;

/**
 * The users-permissions settings (`plugins['users-permissions'].config`), with Strapi's keys and
 * defaults, plus `password.minLength`, Vellum's own (as `passwordMinLength`).
 */
export type AuthConfig = Frozen<Omit<CheckedUsersPermissions, 'jwtSecret' | 'jwt' | 'ratelimit' | 'password' | 'advanced'>> & {
  /** from the config file; the JWT_SECRET environment variable wins (see `secrets`) */
  readonly jwtSecret: string | undefined;
  readonly jwtExpiresIn: CheckedUsersPermissions['jwt']['expiresIn'];
  /** `interval` in milliseconds (koa2-ratelimit's `{ min }` converted) */
  readonly ratelimit: Frozen<Omit<CheckedUsersPermissions['ratelimit'], 'interval'>> & { readonly interval: number };
  readonly passwordMinLength: CheckedUsersPermissions['password']['minLength'];
  /** Strapi's advanced settings (the defaults; bootstrap may change them) */
  readonly advanced: AdvancedSettings;
};

/** `plugins.i18n.config`: the locales a project starts with */
export type I18nConfig = Frozen<CheckedPlugins['i18n']['config']>;

/** `plugins.email.config`, Strapi's shape; `settings` flattened */
export type EmailConfig = Settled<CheckedPlugins['email']['config']['settings']> & {
  /** either of the names Strapi takes, as the one provider Vellum ships */
  readonly provider: 'nodemailer' | undefined;
  readonly providerOptions: Readonly<Record<string, unknown>>;
};

/**
 * The secrets authentication needs, as configured: each from its environment variable, else
 * from the config key Strapi projects use (`'users-permissions'.config.jwtSecret`,
 * `admin.apiToken.salt`, `server.app.keys` joined with commas). Missing ones are undefined;
 * `auth/secrets.ts` decides what that means (an error in production).
 */
export interface ConfiguredSecrets {
  readonly JWT_SECRET: string | undefined;
  /** `admin.auth.secret`: signs admin access tokens */
  readonly ADMIN_JWT_SECRET: string | undefined;
  readonly API_TOKEN_SALT: string | undefined;
  /** `admin.transfer.token.salt`: keys the transfer token HMAC; without it in production, transfer is off (as Strapi) */
  readonly TRANSFER_TOKEN_SALT: string | undefined;
  readonly APP_KEYS: string | undefined;
}

export interface ProjectConfig {
  /** absolute project directory */
  readonly projectDir: string;
  readonly environment: Environment;
  /** NODE_ENV as given (selects `config/env/<NODE_ENV>/`), `development` when unset */
  readonly nodeEnv: string;
  /** VELLUM_TRANSFER_TRANSCRIPT: a file every `strapi transfer` push message is appended to (debugging) */
  readonly transferTranscript: string | undefined;
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
  /** `config/admin`: the admin API's path and session lifespans */
  readonly admin: AdminConfig;
  /** `database.settings` (and DATABASE_ALLOW_DESTRUCTIVE_SYNC) */
  readonly databaseSettings: Frozen<CheckedConfig['database']['settings']>;
  /** the env object the config functions saw; for user code, never read by Vellum's layers */
  readonly env: Env;
  /** every config file's merged value under its file name, as loaded; for user code only */
  readonly raw: Readonly<Record<string, unknown>>;
}
