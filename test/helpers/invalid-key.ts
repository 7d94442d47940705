/**
 * What Strapi reports for an invalid query key written at `fullPath` (dotted, as written in the
 * query): `details.path` is the path of attributes above the key (operators and list indexes left
 * out), null at the top, and the message names it. Under `populate` it is the path as written.
 */
export function parentPath(fullPath: string, param = '', key?: string): string | null {
  if (param === 'populate') return fullPath === '' ? null : fullPath;
  // a key holding a dot (a component uid, `t0.title`) is one segment
  const written = key !== undefined && fullPath.endsWith(key) ? `${fullPath.slice(0, -key.length)}x` : fullPath;
  const segments = written === '' ? [] : written.split('.');
  const parents = segments.slice(0, -1).filter((s) => !s.startsWith('$') && !/^\d+$/.test(s));
  return parents.length > 0 ? parents.join('.') : null;
}

/** `Invalid key <key>` with ` at <parent>` when the key is nested. */
export function invalidKeyMessage(key: string, parent: string | null): string {
  return `Invalid key ${key}${parent !== null && parent !== key ? ` at ${parent}` : ''}`;
}

/** The path Strapi reports for a key that is itself an attribute: every attribute, the key included. */
export function attributePath(fullPath: string): string | null {
  const segments = fullPath.split('.').filter((s) => s !== '' && !s.startsWith('$') && !/^\d+$/.test(s));
  return segments.length > 0 ? segments.join('.') : null;
}
