/**
 * Freezes plain objects and arrays all the way down. Other objects (class instances, functions,
 * dates, buffers) are left as they are: they belong to user code, and freezing a typed array
 * with elements throws.
 */
export function deepFreeze<T>(value: T): T {
  freeze(value, new WeakSet());
  return value;
}

function freeze(value: unknown, seen: WeakSet<object>): void {
  if (typeof value !== 'object' || value === null || seen.has(value)) return;
  if (!Array.isArray(value) && !isPlainObject(value)) return;
  seen.add(value);
  for (const child of Object.values(value)) freeze(child, seen);
  Object.freeze(value);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
