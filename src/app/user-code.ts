/**
 * The project's `src/index.{ts,js}`: Strapi's `register({ strapi })` and `bootstrap({ strapi })`
 * lifecycle functions, loaded without a build step. Both receive the app under both names.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createJiti } from '../config/jiti.js';
import { StartupError } from '../errors/index.js';
import { VELLUM_MODULES } from './strapi-modules.js';

export interface Lifecycles {
  register?(context: { strapi: unknown; app: unknown }): unknown;
  bootstrap?(context: { strapi: unknown; app: unknown }): unknown;
  destroy?(context: { strapi: unknown; app: unknown }): unknown;
}

const CANDIDATES = ['index.ts', 'index.mts', 'index.js', 'index.mjs', 'index.cjs'];

export async function loadLifecycles(projectDir: string): Promise<Lifecycles> {
  const file = CANDIDATES.map((name) => join(projectDir, 'src', name)).find((path) => existsSync(path));
  if (!file) return {};
  const jiti = createJiti(import.meta.url, { interopDefault: true, moduleCache: false, fsCache: false, virtualModules: { ...VELLUM_MODULES } });
  try {
    const loaded = (await jiti.import(file, { default: true })) as unknown;
    return typeof loaded === 'object' && loaded !== null ? (loaded as Lifecycles) : {};
  } catch (error) {
    throw new StartupError(`${file}: cannot be loaded: ${error instanceof Error ? error.message : String(error)}`);
  }
}
