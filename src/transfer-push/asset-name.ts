/**
 * The name a pushed asset is stored under: its file entry's `hash` and `ext` (what Strapi's
 * source sends as `metadata`, and as `filename` = hash + ext). A name that could leave the
 * upload folder — a path separator (`../x`, `/etc/x`, `a\b`), a NUL, `.` or `..`, or anything
 * outside Strapi's generated names (`SAFE_ASSET_NAME`) — is refused before a byte is stored.
 */
import type { AssetMetadata } from '../transfer/import-archive.js';
import { SAFE_ASSET_NAME } from '../transfer/archive-lines.js';
import { PushError } from './push-error.js';

export function isSafeAssetName(name: string): boolean {
  return SAFE_ASSET_NAME.test(name) && name !== '.' && name !== '..' && !name.startsWith('.');
}

export function storedAssetName(metadata: AssetMetadata, filename: string | undefined): { hash: string; ext: string; name: string } {
  const fromName = filename ?? '';
  const dot = fromName.lastIndexOf('.');
  const hash = typeof metadata.hash === 'string' ? metadata.hash : (dot > 0 ? fromName.slice(0, dot) : fromName);
  const ext = typeof metadata.ext === 'string' ? metadata.ext : (dot > 0 ? fromName.slice(dot) : '');
  const name = `${hash}${ext}`;
  for (const candidate of [name, fromName]) {
    if (candidate !== '' && !isSafeAssetName(candidate)) {
      throw new PushError(`Refused asset name ${JSON.stringify(candidate)}: it could leave the upload folder`, 'validation', { filename: candidate });
    }
  }
  if (hash === '' || (ext !== '' && !/^\.[\w-]+$/.test(ext))) throw new PushError(`Refused asset name ${JSON.stringify(name)}: no hash or a bad extension`, 'validation', { filename: name });
  return { hash, ext, name };
}
