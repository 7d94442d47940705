/**
 * The one schema of a project's configuration: one property per `config/<name>` file. It gives
 * the checks, the messages, the defaults (`CONFIG_DEFAULTS`) and docs/configuration.md.
 *
 * Unknown keys policy: only the keys Vellum reads are checked. Every other key, and every other
 * file (`config/cron.ts`, `config/custom.json`, other plugins' entries…), is accepted as it is:
 * Strapi projects carry many of them, and they stay reachable through `ProjectConfig.raw`.
 */
import { Type, type Static } from '@sinclair/typebox';
import { AdminSchema } from './admin-schema.js';
import { ApiSchema } from './api-schema.js';
import { DatabaseSchema } from './database-schema.js';
import { MiddlewaresSchema } from './middlewares-schema.js';
import { PluginsSchema } from './plugins-schema.js';
import { ServerSchema } from './server-schema.js';

export const ProjectSchema = Type.Object({
  server: ServerSchema,
  database: DatabaseSchema,
  api: ApiSchema,
  plugins: PluginsSchema,
  middlewares: MiddlewaresSchema,
  admin: AdminSchema,
});

/** the checked configuration files, defaults filled */
export type CheckedConfig = Static<typeof ProjectSchema>;
