import { join, resolve } from 'node:path';
import { StartupError } from '../errors/startup-error.js';
import { buildProjectConfig } from './build-project-config.js';
import { deepFreeze } from '../util/deep-freeze.js';
import { createEnvHelper } from './env-helpers.js';
import { loadEnv } from './load-env.js';
import { mergeConfigFiles } from './merge-config.js';
import { readConfigDir } from './read-config-dir.js';
import type { Env, ProjectConfig } from './types.js';

/**
 * Loads `<projectDir>/config/*` (then `config/env/<NODE_ENV>/*` merged over it), fills defaults,
 * validates, and deep-freezes the result. Without `env`, the process environment merged with
 * the project's `.env` is used. Every problem found is reported in one `StartupError`, one per
 * line, each naming the file, the key path and the received value.
 */
export async function loadConfig(projectDir: string, env?: Env): Promise<Readonly<ProjectConfig>> {
  const dir = resolve(projectDir);
  const environment = env ?? (await loadEnv(dir));
  const nodeEnv = environment.NODE_ENV === undefined || environment.NODE_ENV === '' ? 'development' : environment.NODE_ENV;
  if (!/^[A-Za-z0-9_-]+$/.test(nodeEnv)) {
    throw new StartupError(`NODE_ENV must be a plain name such as production (got ${JSON.stringify(nodeEnv)})`);
  }
  const helper = createEnvHelper(environment);
  const configDir = join(dir, 'config');
  const files = [
    ...(await readConfigDir(configDir, dir, helper)),
    ...(await readConfigDir(join(configDir, 'env', nodeEnv), dir, helper)),
  ];
  const { config, problems } = buildProjectConfig(mergeConfigFiles(files), environment, dir, nodeEnv);
  if (config === undefined || problems.length > 0) throw new StartupError(problems.join('\n'));
  return deepFreeze(config);
}
