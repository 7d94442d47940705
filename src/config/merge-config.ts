import { isPlainObject } from '../util/is-record.js';
import type { ConfigFile } from './read-config-dir.js';

/** The merged `config/` tree, remembering which file supplied each value (for error messages). */
export interface MergedConfig {
  readonly value: Record<string, unknown>;
  /** label of the file that supplied `path` (or its nearest supplied ancestor) */
  sourceOf(path: readonly string[]): string | undefined;
}

/**
 * Base files, then `config/env/<NODE_ENV>/` files deep-merged over them as Strapi does. Plain
 * objects merge key by key; anything else, arrays included, replaces the earlier value (Strapi's
 * lodash merge would splice arrays index by index, which nobody expects of a middleware list).
 */
export function mergeConfigFiles(files: readonly ConfigFile[]): MergedConfig {
  const origins = new Map<string, string>();
  const root: Record<string, unknown> = {};
  for (const file of files) {
    root[file.key] = mergeValue(root[file.key], file.value, [file.key], file.label, origins);
  }
  return {
    value: root,
    sourceOf(path) {
      for (let length = path.length; length > 0; length -= 1) {
        const found = origins.get(pathKey(path.slice(0, length)));
        if (found !== undefined) return found;
      }
      return undefined;
    },
  };
}

function mergeValue(
  current: unknown,
  incoming: unknown,
  path: readonly string[],
  label: string,
  origins: Map<string, string>,
): unknown {
  if (isPlainObject(current) && isPlainObject(incoming)) {
    const merged: Record<string, unknown> = { ...current };
    for (const [key, value] of Object.entries(incoming)) {
      merged[key] = mergeValue(merged[key], value, [...path, key], label, origins);
    }
    return merged;
  }
  return copy(incoming, path, label, origins);
}

/** Copies plain objects and arrays (so freezing never reaches a module's own exports). */
function copy(value: unknown, path: readonly string[], label: string, origins: Map<string, string>): unknown {
  origins.set(pathKey(path), label);
  if (Array.isArray(value)) {
    return value.map((item, index) => copy(item, [...path, String(index)], label, origins));
  }
  if (isPlainObject(value)) {
    const copied: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      copied[key] = copy(child, [...path, key], label, origins);
    }
    return copied;
  }
  return value;
}

function pathKey(path: readonly string[]): string {
  return path.join('\u0000');
}
