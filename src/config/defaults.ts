import { fillDefaults } from './fill-defaults.js';
import { ProjectSchema, type CheckedConfig } from './schema/project-schema.js';

/**
 * Every default of the project configuration, derived from the schema (where each one is
 * written, next to its key). Values follow Strapi 5 where it has one (REST limits, port 1337,
 * the generated middleware list) and the spec elsewhere.
 */
export const CONFIG_DEFAULTS = fillDefaults(ProjectSchema, {}) as CheckedConfig;
