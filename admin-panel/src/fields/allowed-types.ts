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
