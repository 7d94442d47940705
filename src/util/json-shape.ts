/**
 * One walk over a parsed JSON value that finds what later code must never meet: nesting deeper
 * than a limit (everything after the parser recurses: validation, JSON.stringify, the database's
 * JSON parser) and keys that reach an object's prototype when code copies or merges the value
 * (`__proto__`, `constructor.prototype`). Iterative, so any depth is safe to inspect.
 */

export interface JsonShapeProblem {
  readonly kind: 'depth' | 'prototype-key';
  /** keys and indices from the root to the offending value */
  readonly path: readonly string[];
}

/** a value still to visit; `parent` links make the path only when a problem is reported */
interface Pending {
  readonly value: object;
  readonly key: string;
  readonly depth: number;
  readonly parent: Pending | undefined;
}

function pathOf(node: Pending | undefined, last?: string): string[] {
  const path: string[] = last === undefined ? [] : [last];
  for (let at = node; at?.parent !== undefined; at = at.parent) path.unshift(at.key);
  return path;
}

/** The first problem found, or undefined. `maxDepth` counts nested objects and arrays. */
export function findJsonShapeProblem(root: unknown, maxDepth: number): JsonShapeProblem | undefined {
  if (typeof root !== 'object' || root === null) return undefined;
  const stack: Pending[] = [{ value: root, key: '', depth: 1, parent: undefined }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.depth > maxDepth) return { kind: 'depth', path: pathOf(node) };
    const isArray = Array.isArray(node.value);
    for (const [key, inner] of Object.entries(node.value)) {
      const isPrototypeKey = key === '__proto__' || (key === 'prototype' && node.key === 'constructor');
      if (isPrototypeKey && !isArray) return { kind: 'prototype-key', path: pathOf(node, key) };
      if (typeof inner === 'object' && inner !== null) stack.push({ value: inner, key, depth: node.depth + 1, parent: node });
    }
  }
  return undefined;
}

/** How deep `value` nests objects and arrays (a scalar is 0). Iterative. */
export function jsonDepth(root: unknown): number {
  let deepest = 0;
  const stack: Array<{ value: unknown; depth: number }> = [{ value: root, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    deepest = Math.max(deepest, depth + 1);
    for (const inner of Array.isArray(value) ? value : Object.values(value as Record<string, unknown>)) stack.push({ value: inner, depth: depth + 1 });
  }
  return deepest;
}
