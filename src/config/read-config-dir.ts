import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, extname, join, relative, sep } from 'node:path';
import { StartupError } from '../errors/startup-error.js';
import { STRAPI_UTILS_MODULE } from '../errors/strapi-errors.js';
import type { EnvHelper } from './env-helpers.js';
import { forgetNativeModulesUnder, routeNativeRequires } from '../util/native-require-routes.js';
import { createJiti, requireCode } from './jiti.js';

export interface ConfigFile {
  /** file name without extension: `server`, `database`, … */
  readonly key: string;
  /** path relative to the project directory, for messages: `config/server.ts` */
  readonly label: string;
  readonly value: unknown;
}

const CODE_EXTENSIONS = new Set(['.js', '.mjs', '.cjs', '.ts', '.mts', '.cts']);
const TS_EXTENSIONS = new Set(['.ts', '.mts', '.cts']);

// TypeScript and ESM/CJS config files load without a build step. No module cache, so a
// restarted app in the same process (develop mode) sees edited files. `@strapi/utils` is the
// running server's (strapi/strapi-modules.ts says why), as in project code, also in a CommonJS
// config file jiti leaves to Node (util/native-require-routes.ts).
const virtualModules = { '@strapi/utils': STRAPI_UTILS_MODULE };
const jiti = createJiti(import.meta.url, { interopDefault: true, moduleCache: false, virtualModules });

/**
 * Strapi compiles `config/*.ts` to `dist/config/*.js` and runs that, and its generated
 * TypeScript configs count on it: `path.join(__dirname, '..', '..', '.tmp/data.db')`. So a
 * TypeScript config file sees the `__dirname`/`__filename` it would have there. Its own cache
 * directory keeps these outputs apart from plain jiti transforms of the same files.
 */
const compiledLocations = new Map<string, string>();
const tsJiti = createJiti(import.meta.url, {
  interopDefault: true,
  moduleCache: false,
  virtualModules,
  fsCache: join(tmpdir(), 'jiti-vellum-config'),
  transform(options) {
    const code = jiti.transform(options);
    const compiled = options.filename === undefined ? undefined : compiledLocations.get(options.filename);
    return { code: compiled === undefined ? code : withLocation(code, compiled) };
  },
});

/** assigns the module wrapper's __dirname/__filename after the directive prologue, on line 1 */
function withLocation(code: string, compiledFile: string): string {
  const prologue = /^(?:\s*(?:"use strict"|'use strict');?)*/.exec(code)?.[0] ?? '';
  const assign = `__dirname = ${JSON.stringify(dirname(compiledFile))}; __filename = ${JSON.stringify(compiledFile)};`;
  return `${prologue}${assign}${code.slice(prologue.length)}`;
}

/**
 * Every `*.{js,mjs,cjs,ts,mts,cts,json}` directly in `dir`, evaluated: a function export is called
 * with `{ env }` as Strapi does. A missing directory has no files.
 */
export async function readConfigDir(dir: string, projectDir: string, env: EnvHelper): Promise<ConfigFile[]> {
  const names = await listFiles(dir);
  const byKey = new Map<string, string>();
  const files: ConfigFile[] = [];
  for (const name of names) {
    const extension = extname(name);
    if (name.endsWith('.d.ts') || name.startsWith('.')) continue;
    if (extension !== '.json' && !CODE_EXTENSIONS.has(extension)) continue;
    const key = name.slice(0, -extension.length);
    const path = join(dir, name);
    const label = relative(projectDir, path).split(sep).join('/');
    const previous = byKey.get(key);
    if (previous !== undefined) {
      throw new StartupError(`${label}: "${key}" is also defined by ${previous}; keep one of the two files`);
    }
    byKey.set(key, label);
    if (TS_EXTENSIONS.has(extension)) {
      const fromRoot = relative(projectDir, path).slice(0, -extension.length);
      compiledLocations.set(path, join(projectDir, 'dist', `${fromRoot}.js`));
    }
    if (extension !== '.json') {
      routeNativeRequires(projectDir, virtualModules);
      forgetNativeModulesUnder(projectDir);
    }
    const value = extension === '.json' ? await readJson(path, label) : await evaluate(path, label, env);
    files.push({ key, label, value });
  }
  return files;
}

async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => entry.name).sort();
  } catch (error) {
    if (error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR')) {
      return [];
    }
    throw error;
  }
}

async function readJson(path: string, label: string): Promise<unknown> {
  const text = await readFile(path, 'utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw wrap(label, 'invalid JSON', error);
  }
}

async function evaluate(path: string, label: string, env: EnvHelper): Promise<unknown> {
  let exported: unknown;
  try {
    exported = requireCode(TS_EXTENSIONS.has(extname(path)) ? tsJiti : jiti, path);
  } catch (error) {
    throw wrap(label, 'cannot be loaded', error);
  }
  if (typeof exported !== 'function') return exported;
  try {
    return (await (exported as (context: { env: EnvHelper }) => unknown)({ env })) as unknown;
  } catch (error) {
    if (error instanceof StartupError) throw wrap(label, undefined, error);
    throw wrap(label, 'threw while building the configuration', error);
  }
}

function wrap(label: string, what: string | undefined, error: unknown): StartupError {
  const reason = error instanceof Error ? error.message : String(error);
  const wrapped = new StartupError(what === undefined ? `${label}: ${reason}` : `${label}: ${what}: ${reason}`);
  wrapped.cause = error;
  return wrapped;
}
