/**
 * Modules the files of a directory get from a bare `require()` that Node's CommonJS loader
 * answers, by name, instead of what node_modules holds: jiti's `virtualModules` apply only to
 * the files jiti transforms, and it leaves a plain CommonJS file to Node. Files under the
 * directory's own node_modules keep Node's resolution. One patch of `Module._load` per process,
 * consulted only for the names registered.
 */
import Module, { createRequire } from 'node:module';
import { resolve, sep } from 'node:path';

type Load = (request: string, parent: { filename?: string | null } | null | undefined, isMain: boolean) => unknown;

const routes = new Map<string, Record<string, unknown>>();
const NODE_MODULES = `${sep}node_modules${sep}`;
let patched = false;

/** the registered directory holding `filename` (outside its node_modules) */
function rootOf(filename: string | null | undefined): string | undefined {
  if (typeof filename !== 'string') return undefined;
  for (const root of routes.keys()) if (filename.startsWith(root) && !filename.slice(root.length).includes(NODE_MODULES)) return root;
  return undefined;
}

/** From now on, a `require(name)` in a file under `dir` gets `modules[name]`. */
export function routeNativeRequires(dir: string, modules: Readonly<Record<string, unknown>>): void {
  const root = `${resolve(dir)}${sep}`;
  routes.set(root, { ...routes.get(root), ...modules });
  if (patched) return;
  patched = true;
  const loader = Module as unknown as { _load: Load };
  const original = loader._load;
  loader._load = function load(this: unknown, request, parent, isMain) {
    const root = rootOf(parent?.filename);
    const modules = root === undefined ? undefined : routes.get(root);
    if (modules !== undefined && Object.hasOwn(modules, request)) return modules[request];
    return original.call(this, request, parent, isMain);
  };
}

/** Drops the files under `dir` from Node's require cache, so the next load reads them again. */
export function forgetNativeModulesUnder(dir: string): void {
  const root = `${resolve(dir)}${sep}`;
  const cache = createRequire(import.meta.url).cache;
  for (const filename of Object.keys(cache)) if (filename.startsWith(root) && !filename.slice(root.length).includes(NODE_MODULES)) Reflect.deleteProperty(cache, filename);
}
