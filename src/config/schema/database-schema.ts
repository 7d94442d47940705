import { FormatRegistry, Type } from '@sinclair/typebox';
import { boolean, integer, nonEmptyString, object, oneOf } from './fields.js';

/** client names Strapi projects use, to the three drivers Vellum has */
export const CLIENT_ALIASES: Readonly<Record<string, 'sqlite' | 'postgres' | 'mysql'>> = {
  sqlite: 'sqlite',
  sqlite3: 'sqlite',
  'better-sqlite3': 'sqlite',
  postgres: 'postgres',
  postgresql: 'postgres',
  pg: 'postgres',
  mysql: 'mysql',
  mysql2: 'mysql',
  mariadb: 'mysql',
};

FormatRegistry.Set('vellum-database-client', (value) => CLIENT_ALIASES[value.toLowerCase()] !== undefined);
// An empty DATABASE_URL means "not set", as an empty PORT does.
FormatRegistry.Set('vellum-connection-url', (value) => value === '' || URL.canParse(value));

const optionalText = (description: string, envVar: string, secret = false) =>
  Type.Optional(
    oneOf([Type.String(), Type.Number(), Type.Null()], { description, envVar, secret, errorMessage: 'must be a string', docType: 'string' }),
  );

/** `config/database`, Strapi's shape: `{ connection: { client, connection: {…}, pool, … } }` */
export const DatabaseSchema = object({
  connection: object({
    client: Type.Optional(
      Type.String({
        format: 'vellum-database-client',
        description: 'The database: `sqlite`, `postgres` or `mysql` (aliases: better-sqlite3, sqlite3, pg, postgresql, mysql2, mariadb). Default: inferred from `DATABASE_URL`, else sqlite.',
        envVar: 'DATABASE_CLIENT',
        errorMessage: 'must be one of sqlite, better-sqlite3, postgres, pg, mysql, mysql2, mariadb',
      }),
    ),
    connection: object({
      filename: nonEmptyString({
        description: 'SQLite file, relative to the project directory, or `:memory:`.',
        envVar: 'DATABASE_FILENAME',
        default: '.tmp/data.db',
      }),
      connectionString: Type.Optional(
        Type.String({
          format: 'vellum-connection-url',
          description: 'Connection URL (`postgres://user:password@host:5432/name`); its parts win over the separate fields.',
          envVar: 'DATABASE_URL',
          secret: true,
          errorMessage: 'must be a URL such as postgres://user:password@host:5432/name',
        }),
      ),
      host: nonEmptyString({ description: 'Database server host.', envVar: 'DATABASE_HOST', default: '127.0.0.1' }),
      port: Type.Optional(
        integer({ description: 'Database server port. Default: 5432 for PostgreSQL, 3306 for MySQL.', envVar: 'DATABASE_PORT', min: 1, max: 65535 }),
      ),
      database: optionalText('Database name.', 'DATABASE_NAME'),
      user: optionalText('User name.', 'DATABASE_USERNAME'),
      password: optionalText('Password.', 'DATABASE_PASSWORD', true),
      schema: optionalText('PostgreSQL schema.', 'DATABASE_SCHEMA'),
      ssl: Type.Optional(
        oneOf([Type.Boolean(), Type.Object({}), Type.Null()], {
          description: 'TLS: `true`, or the options object passed to the driver.',
          envVar: 'DATABASE_SSL',
          coerce: 'ssl',
          default: false,
          errorMessage: 'must be a boolean or an object of TLS options',
          docType: 'boolean or object',
        }),
      ),
    }),
    pool: Type.Optional(
      object({
        min: Type.Optional(integer({ description: 'Fewest pooled connections.', min: 0 })),
        max: Type.Optional(integer({ description: 'Most pooled connections.', min: 1 })),
      }, { absentByDefault: true }),
    ),
    acquireConnectionTimeout: Type.Optional(integer({ description: 'Milliseconds to wait for a pooled connection.', min: 0 })),
    statementTimeout: integer({
      description: 'Milliseconds one SQL statement may run before the database cancels it (a 503); PostgreSQL and MySQL/MariaDB, not SQLite. 0: no limit.',
      envVar: 'DATABASE_STATEMENT_TIMEOUT',
      min: 0,
      default: 15_000,
    }),
  }),
  settings: object({
    allowDestructiveSync: boolean({
      description: 'Let the schema sync drop columns and tables whose attributes were removed (also on with `DATABASE_ALLOW_DESTRUCTIVE_SYNC=true`).',
      default: false,
    }),
  }),
});
