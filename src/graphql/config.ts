/**
 * The GraphQL plugin's settings (spec 4.7) are part of the one config schema
 * (`src/config/schema/plugins-schema.ts`); the app hands the checked slice to the plugin as
 * `ctx.graphql`. Re-exported here for the plugin's own modules and tests.
 */
export type { GraphqlConfig, LandingPageOption, LandingPagePlugin } from '../config/types.js';
export { readGraphqlConfig } from '../config/plugin-config.js';
