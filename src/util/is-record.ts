/**
 * The two object tests the code base needs, defined once. `isRecord` is for values whose keys
 * are read (JSON bodies, GraphQL arguments, config sections): any non-null object but an array.
 * `isPlainObject` is stricter, for code that copies, merges or freezes a value and must leave
 * class instances, buffers and dates alone: only `{}` literals and `Object.create(null)` objects.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
