/**
 * Headers for files served from `/uploads`, on the API's own origin. An uploaded page or script
 * must never run there: only the MIME types listed as inline (plain images, video and audio by
 * default; never SVG, HTML or JavaScript) are shown by the browser; everything else is served as
 * a download (`Content-Disposition: attachment`) under a sandboxing CSP (`sandbox;
 * default-src 'none'`), so even a browser that ignored the disposition would render it with no
 * script, no origin and no requests. `X-Content-Type-Options: nosniff` always, so a browser
 * never guesses an active type from the bytes. See docs/decisions.md (served uploads).
 */
import { StartupError } from '../errors/index.js';

/** Passive formats: browsers decode them without running anything of the file's. */
export const DEFAULT_INLINE_TYPES: readonly string[] = [
  'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/apng', 'image/bmp',
  'image/tiff', 'image/x-icon', 'image/vnd.microsoft.icon',
  'video/mp4', 'video/webm', 'video/ogg', 'video/quicktime',
  'audio/mpeg', 'audio/ogg', 'audio/wav', 'audio/wave', 'audio/x-wav', 'audio/webm', 'audio/aac',
  'audio/flac', 'audio/mp4', 'audio/x-m4a',
];

const SANDBOX_CSP = "sandbox; default-src 'none'";

/** `plugins.upload.config.inlineTypes`: the MIME types served inline (replaces the default list). */
export function readInlineTypes(uploadConfig: Readonly<Record<string, unknown>>): ReadonlySet<string> {
  const raw = uploadConfig.inlineTypes;
  if (raw === undefined) return new Set(DEFAULT_INLINE_TYPES);
  if (!Array.isArray(raw) || !raw.every((t): t is string => typeof t === 'string' && /^[\w.+-]+\/[\w.+-]+$/.test(t))) {
    throw new StartupError(`config/plugins: upload.config.inlineTypes must be a list of MIME types such as ['image/png', 'video/mp4'], got ${JSON.stringify(raw)}`);
  }
  return new Set(raw.map((t) => t.toLowerCase()));
}

/** The headers a served upload gets, from the Content-Type it is served with. */
export function uploadResponseHeaders(contentType: string | undefined, inline: ReadonlySet<string>): Record<string, string> {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (inline.has(type)) return { 'x-content-type-options': 'nosniff' };
  return {
    'x-content-type-options': 'nosniff',
    'content-disposition': 'attachment',
    'content-security-policy': SANDBOX_CSP,
  };
}
