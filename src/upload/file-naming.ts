/**
 * Names, hashes and sizes of stored files, built as Strapi 5's upload plugin builds them, so a
 * URL or a `size` a client computed against Strapi matches: the hash is the slug of the file's
 * base name (Strapi's `nameToSlug` with `_` as separator, case kept, same slugify package) and
 * `_` and ten random hex digits; sizes are kilobytes (1000 bytes) with two decimals.
 */
import { randomBytes } from 'node:crypto';
import { basename } from 'node:path';
import slugify from '@sindresorhus/slugify';

/**
 * Longest slug kept in a hash: Strapi keeps it whole, but the stored name (a format prefix such
 * as `thumbnail_`, the slug, `_` and 10 hex digits, the extension) must fit a file system's 255
 * bytes, and a 255-character name could otherwise be refused by the disk with a 500.
 */
const MAX_SLUG_LENGTH = 180;

/** `cover-15.png` → `cover_15_3f2a9b1c0d`; the base name is the name without its extension */
export function fileHash(name: string, ext: string): string {
  const base = basename(name, ext);
  const slug = slugify(base, { separator: '_', lowercase: false }).slice(0, MAX_SLUG_LENGTH);
  return `${slug}_${randomBytes(5).toString('hex')}`;
}

/** bytes → kilobytes with two decimals (Strapi's `bytesToKbytes`) */
export function bytesToKilobytes(bytes: number): number {
  return Math.round((bytes / 1000) * 100) / 100;
}
