/**
 * The project's `src/index.{ts,js}`: Strapi's `register({ strapi })` and `bootstrap({ strapi })`
 * lifecycle functions, loaded without a build step. Both receive the app under both names.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { StartupError } from '../errors/index.js';
import { loadProjectModule, type ProjectModules } from './strapi-modules.js';

export interface Lifecycles {
  register?(context: { strapi: unknown; app: unknown }): unknown;
  bootstrap?(context: { strapi: unknown; app: unknown }): unknown;
  destroy?(context: { strapi: unknown; app: unknown }): unknown;
}

const CANDIDATES = ['index.ts', 'index.mts', 'index.js', 'index.mjs', 'index.cjs'];

export async function loadLifecycles(projectDir: string, modules?: ProjectModules): Promise<Lifecycles> {
  const file = CANDIDATES.map((name) => join(projectDir, 'src', name)).find((path) => existsSync(path));
  if (!file) return {};
  try {
    const loaded = loadProjectModule(projectDir, file, modules);
    return typeof loaded === 'object' && loaded !== null ? (loaded as Lifecycles) : {};
  } catch (error) {
    throw new StartupError(`${file}: cannot be loaded: ${error instanceof Error ? error.message : String(error)}`);
  }
}
