/**
 * A media attribute's `allowedTypes`, enforced on every write (REST, GraphQL, document service
 * alike, since they all validate through the repository). Strapi's categories: `images`,
 * `videos`, `audios` by MIME type, `files` for everything else; a MIME type (`application/pdf`)
 * or a family (`image/*`) is accepted too.
 */
import { ValidationError } from '../errors/index.js';
import { fileMimes } from '../engine/file-mimes.js';
import type { EngineContext } from '../engine/types.js';

const CATEGORIES = ['images', 'videos', 'audios', 'files'] as const;

/** One media attribute's files in a write, where its `allowedTypes` restricts them. */
export interface FileUse {
  readonly path: readonly string[];
  readonly allowedTypes: readonly string[];
  readonly ids: readonly number[];
}

function category(mime: string): (typeof CATEGORIES)[number] {
  if (mime.startsWith('image/')) return 'images';
  if (mime.startsWith('video/')) return 'videos';
  if (mime.startsWith('audio/')) return 'audios';
  return 'files';
}

/** Whether `allowedTypes` lets every file through (empty, as Strapi reads it, or all four categories). */
export function allowsEveryType(allowedTypes: readonly string[]): boolean {
  return allowedTypes.length === 0 || CATEGORIES.every((c) => allowedTypes.includes(c));
}

export function isAllowedType(mime: string, allowedTypes: readonly string[]): boolean {
  const type = mime.split(';')[0]!.trim().toLowerCase();
  return allowedTypes.some((allowed) => {
    const rule = allowed.toLowerCase();
    if (rule === category(type)) return true;
    if (rule.endsWith('/*')) return type.startsWith(rule.slice(0, -1));
    return rule === type;
  });
}

/** Refuses (400, naming the attribute) files whose type the attribute does not allow. */
export async function checkFileTypes(ctx: EngineContext, uses: readonly FileUse[]): Promise<void> {
  if (uses.length === 0) return;
  const mimes = await fileMimes(ctx, [...new Set(uses.flatMap((use) => use.ids))]);
  const errors = uses.flatMap((use) => use.ids
    .filter((id) => mimes.has(id) && !isAllowedType(mimes.get(id)!, use.allowedTypes))
    .map((id) => ({
      path: [...use.path],
      message: `${use.path.join('.')} accepts only ${use.allowedTypes.join(', ')}; file ${id} is ${mimes.get(id) || 'of no type'}`,
      name: 'ValidationError',
    })));
  if (errors.length > 0) throw new ValidationError(errors.length === 1 ? errors[0]!.message : `${errors.length} errors occurred`, { errors });
}
