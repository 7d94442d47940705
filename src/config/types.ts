/**
 * The validated project configuration every other layer receives slices of. Built once by
 * `loadConfig`, defaults filled, deep-frozen. Keys Vellum does not interpret stay reachable
 * through `raw` (real Strapi projects carry many of them).
 */

/** The process environment merged with the project's `.env` (process values win). */
export type Env = Readonly<Record<string, string | undefined>>;

export type Environment = 'development' | 'production' | 'test';

export type DatabaseClient = 'sqlite' | 'postgres' | 'mysql';

export interface ServerConfig {
  readonly host: string;
  readonly port: number;
  /** largest accepted request body, in bytes */
  readonly bodyLimit: number;
  /** emit `Server-Timing` in production too (always on elsewhere) */
  readonly serverTiming: boolean;
}

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
}

export interface ApiConfig {
  readonly rest: RestApiConfig;
  readonly responses: {
    /** attribute names hidden from every response, as Strapi's `api.responses.privateAttributes` */
    readonly privateAttributes: readonly string[];
  };
}

export interface UploadPluginEntry {
  readonly config: {
    /** largest accepted upload, in bytes */
    readonly sizeLimit: number;
    readonly [key: string]: unknown;
  };
  readonly [key: string]: unknown;
}

/** `config/plugins`: raw entries (`graphql.config`, …) with `upload.config.sizeLimit` filled. */
export interface PluginsConfig {
  readonly upload: UploadPluginEntry;
  readonly [name: string]: unknown;
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
  /** the env object the config functions saw, for secrets read by later layers */
  readonly env: Env;
  /** every config file's merged value under its file name, as loaded */
  readonly raw: Readonly<Record<string, unknown>>;
}
