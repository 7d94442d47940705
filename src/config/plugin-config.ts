/**
 * The `config/plugins` slices read on their own, from a raw plugins object rather than a whole
 * project: what `readGraphqlConfig` and `readAuthConfig` (and their tests) use. Same schema, same
 * checks as `loadConfig`; messages name `config/plugins`.
 */
import { Type } from '@sinclair/typebox';
import { StartupError } from '../errors/startup-error.js';
import { formatProblem } from './build-project-config.js';
import { checkConfig } from './check-config.js';
import { authSlice, graphqlSlice } from './plugin-slices.js';
import { PluginsSchema } from './schema/plugins-schema.js';
import type { CheckedConfig } from './schema/project-schema.js';
import type { AuthConfig, GraphqlConfig } from './types.js';

const PluginsOnly = Type.Object({ plugins: PluginsSchema });

function checkPlugins(plugins: unknown): CheckedConfig['plugins'] {
  const { value, problems } = checkConfig(PluginsOnly, { plugins }, () => 'config/plugins');
  if (problems.length > 0) {
    throw new StartupError(problems.map((problem) => formatProblem(problem, problem.path.slice(1))).join('\n'));
  }
  return (value as { plugins: CheckedConfig['plugins'] }).plugins;
}

/** `plugins.graphql` of a merged raw config (`{ plugins: { graphql: … } }`) */
export function readGraphqlConfig(rawConfig: Readonly<Record<string, unknown>>): GraphqlConfig {
  return graphqlSlice(checkPlugins(rawConfig['plugins']));
}

/** `plugins['users-permissions'].config` */
export function readAuthConfig(config: { readonly plugins: unknown }): AuthConfig {
  return authSlice(checkPlugins(config.plugins));
}
