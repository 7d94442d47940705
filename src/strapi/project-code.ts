/**
 * A Strapi project's code beside its schemas, loaded without a build step (jiti, with
 * `@strapi/strapi` and `@strapi/utils` resolved to Vellum's own modules): named policies and
 * middlewares (`src/policies`, `src/middlewares` → `global::<name>`; `src/api/<api>/policies`,
 * `src/api/<api>/middlewares` → `api::<api>.<name>`) and each api's controllers, services and
 * route files. A file that cannot be loaded stops the start naming it.
 */
import { existsSync, readdirSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { StartupError } from '../errors/index.js';
import type { NamedExport } from './rest/rest-parts.js';
import { loadProjectModule, type ProjectModules } from './strapi-modules.js';

const EXTENSIONS = new Set(['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs']);

/** one loaded file: `name` is `global::x`, `api::article.x`, or a controller/service uid; `api` the folder it sits in */
export type ProjectFile = NamedExport;

export interface ProjectCode {
  readonly policies: readonly ProjectFile[];
  readonly middlewares: readonly ProjectFile[];
  readonly controllers: readonly ProjectFile[];
  readonly services: readonly ProjectFile[];
  readonly routes: readonly ProjectFile[];
}

export const NO_PROJECT_CODE: ProjectCode = Object.freeze({ policies: [], middlewares: [], controllers: [], services: [], routes: [] });

function codeFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && EXTENSIONS.has(extname(entry.name)) && !entry.name.endsWith('.d.ts') && !/\.test\.[cm]?[jt]s$/.test(entry.name))
    .map((entry) => join(dir, entry.name))
    .sort();
}

const stem = (file: string): string => basename(file, extname(file));

export async function loadProjectCode(projectDir: string, modules?: ProjectModules): Promise<ProjectCode> {
  const src = join(projectDir, 'src');
  const apiRoot = join(src, 'api');
  const apis = existsSync(apiRoot) ? readdirSync(apiRoot, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort() : [];
  const hasProjectCode = existsSync(join(src, 'policies')) || existsSync(join(src, 'middlewares'))
    || apis.some((api) => ['policies', 'middlewares', 'controllers', 'services', 'routes'].some((kind) => existsSync(join(apiRoot, api, kind))));
  if (!hasProjectCode) return NO_PROJECT_CODE;

  const load = async (file: string, name: string, api?: string): Promise<ProjectFile> => {
    try {
      return { file, name, api, value: loadProjectModule(projectDir, file, modules) };
    } catch (error) {
      throw new StartupError(`${file}: cannot be loaded: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  // one file at a time: the order of side effects in project code is the files' order
  const loadAll = async (files: readonly { file: string; name: string; api?: string }[]): Promise<ProjectFile[]> => {
    const loaded: ProjectFile[] = [];
    for (const { file, name, api } of files) loaded.push(await load(file, name, api));
    return loaded;
  };
  const global = (kind: string) => codeFiles(join(src, kind)).map((file) => ({ file, name: `global::${stem(file)}` }));
  const ofApi = (kind: string) => apis.flatMap((api) => codeFiles(join(apiRoot, api, kind)).map((file) => ({ file, name: `api::${api}.${stem(file)}`, api })));
  return {
    policies: await loadAll([...global('policies'), ...ofApi('policies')]),
    middlewares: await loadAll([...global('middlewares'), ...ofApi('middlewares')]),
    controllers: await loadAll(ofApi('controllers')),
    services: await loadAll(ofApi('services')),
    routes: await loadAll(ofApi('routes')),
  };
}
