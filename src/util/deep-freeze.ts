import { isPlainObject } from './is-record.js';

/**
 * Freezes plain objects and arrays all the way down. Other objects (class instances, functions,
 * dates, buffers) are left as they are: they belong to user code, and freezing a typed array
 * with elements throws. Used for loaded config and models and for every query AST node.
 *
 * An object that is already frozen is taken as frozen all the way down and not walked again:
 * the query parsers freeze each subtree as they build it and then the whole AST, so this keeps
 * parsing linear. Objects are frozen before their children, which also ends cycles.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  if (!Array.isArray(value) && !isPlainObject(value)) return value;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
  return value;
}
