/**
 * Content-type lifecycles files, `src/api/<api>/content-types/<type>/lifecycles.{ts,js}`, as
 * Strapi projects write them (`export default { beforeCreate(event) {…} }` or
 * `module.exports = {…}`): loaded without a build step and checked, so a misspelt hook stops the
 * start instead of never running.
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { StartupError } from '../errors/index.js';
import type { Registry } from '../model/types.js';
import { apiUid } from '../model/uid.js';
import type { LifecycleSubscriber } from '../operations/types.js';
import { adaptSubscriber, STRAPI_HOOK_NAMES, type StrapiLifecycleSubscriber } from './lifecycle-events.js';
import { loadProjectModule, type ProjectModules } from './strapi-modules.js';

export interface ContentTypeLifecycles {
  readonly uid: string;
  /** relative to the project, for messages */
  readonly file: string;
  /** the file's hooks as the operation layer subscribes them (Strapi's events translated: lifecycle-events.ts) */
  readonly subscriber: LifecycleSubscriber;
}

const FILE_NAMES = ['lifecycles.ts', 'lifecycles.mts', 'lifecycles.js', 'lifecycles.mjs', 'lifecycles.cjs'];
const HOOKS: ReadonlySet<string> = new Set(STRAPI_HOOK_NAMES);
/** Strapi's database-level bulk hooks: documents never fire them, so they would silently never run. */
const BULK = /^(before|after)(Create|Update|Delete)Many$/;

export async function loadContentTypeLifecycles(projectDir: string, registry: Registry, modules?: ProjectModules): Promise<ContentTypeLifecycles[]> {
  const apiDir = join(projectDir, 'src', 'api');
  const found: ContentTypeLifecycles[] = [];
  for (const api of await subdirectories(apiDir)) {
    const typesDir = join(apiDir, api, 'content-types');
    for (const type of await subdirectories(typesDir)) {
      const path = FILE_NAMES.map((name) => join(typesDir, type, name)).find((candidate) => existsSync(candidate));
      if (!path) continue;
      const file = relative(projectDir, path);
      const uid = apiUid(api, type);
      if (!registry.contentTypes.has(uid)) throw new StartupError(`${file}: no content type ${uid} (schema.json) beside it`);
      let loaded: unknown;
      try {
        loaded = loadProjectModule(projectDir, path, modules);
      } catch (error) {
        throw new StartupError(`${file}: cannot be loaded: ${error instanceof Error ? error.message : String(error)}`);
      }
      found.push({ uid, file, subscriber: adaptSubscriber(registry, { ...checkHooks(file, loaded), models: [uid] }) });
    }
  }
  return found;
}

function checkHooks(file: string, loaded: unknown): StrapiLifecycleSubscriber {
  if (typeof loaded !== 'object' || loaded === null || Array.isArray(loaded)) {
    throw new StartupError(`${file}: must export an object of hooks ({ beforeCreate(event) {…}, … })`);
  }
  for (const [key, value] of Object.entries(loaded)) {
    if (!HOOKS.has(key)) {
      const hint = BULK.test(key) ? `Vellum fires per-document hooks only; use ${key.slice(0, -'Many'.length)}` : `known hooks: ${[...HOOKS].join(', ')}`;
      throw new StartupError(`${file}: unknown lifecycle hook "${key}" (${hint})`);
    }
    if (typeof value !== 'function') throw new StartupError(`${file}: lifecycle hook "${key}" must be a function, got ${value === null ? 'null' : typeof value}`);
  }
  return loaded as StrapiLifecycleSubscriber;
}

async function subdirectories(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { withFileTypes: true });
  return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
}
