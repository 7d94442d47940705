/**
 * A media field's `allowedTypes` in the picker: which library files it offers, which uploads it
 * takes, and the file input's `accept`.
 */
const CATEGORY_ACCEPT: Record<string, string> = { images: 'image/*', videos: 'video/*', audios: 'audio/*' };

const categoryOf = (mime: string): string => (/^(image|video|audio)\//.test(mime) ? `${mime.slice(0, mime.indexOf('/'))}s` : 'files');

/**
 * Whether `allowedTypes` lets a file of MIME `type` through, read as the server checks every write
 * (src/documents/file-types.ts): a category (`images`, `videos`, `audios`, `files` for the
 * rest), a MIME type (`application/pdf`) or a family (`image/*`).
 */
export function isAllowedMime(type: string, allowedTypes: readonly string[] | undefined): boolean {
  if (!allowedTypes || allowedTypes.length === 0) return true;
  const mime = type.split(';')[0]!.trim().toLowerCase();
  return allowedTypes.some((allowed) => {
    const rule = allowed.toLowerCase();
    if (rule === categoryOf(mime)) return true;
    return rule.endsWith('/*') ? mime.startsWith(rule.slice(0, -1)) : rule === mime;
  });
}

/** the file input's `accept` for `allowedTypes` (none when `files`, "anything else", is allowed) */
export function acceptOf(allowedTypes: readonly string[] | undefined): string | undefined {
  if (!allowedTypes || allowedTypes.length === 0) return undefined;
  const accepts = allowedTypes.map((type) => CATEGORY_ACCEPT[type] ?? (type.includes('/') ? type : null));
  return accepts.every((accept) => accept !== null) ? accepts.join(',') : undefined;
}

const FAMILIES = ['image/', 'video/', 'audio/'];
const startsWith = (prefix: string) => ({ mime: { $startsWithi: prefix } });

/** one rule of `allowedTypes` as a filter of `GET /upload/files` (the server's `filters`) */
function ruleFilter(allowed: string): Record<string, unknown> {
  const rule = allowed.toLowerCase();
  if (rule === 'files') return { $not: { $or: FAMILIES.map(startsWith) } };
  const category = FAMILIES.find((family) => `${family.slice(0, -1)}s` === rule);
  if (category) return startsWith(category);
  if (rule.endsWith('/*')) return startsWith(rule.slice(0, -1));
  // a MIME type, with or without parameters (`text/plain; charset=utf-8`)
  return { $or: [{ mime: { $eqi: rule } }, startsWith(`${rule};`)] };
}

/**
 * `allowedTypes` as a filter of the library's file list, so the server pages through exactly the
 * files isAllowedMime lets through; null when everything is allowed.
 */
export function allowedTypesFilter(allowedTypes: readonly string[] | undefined): Record<string, unknown> | null {
  if (!allowedTypes || allowedTypes.length === 0) return null;
  return { $or: allowedTypes.map(ruleFilter) };
}
