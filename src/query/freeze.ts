/**
 * Deep-freezes a freshly built AST value. Parsers build nodes with plain mutable objects and
 * arrays, then freeze the result once before it leaves `src/query/`.
 */
export function freeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  for (const child of Object.values(value)) freeze(child);
  return Object.freeze(value);
}
