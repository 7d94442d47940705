import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { StoredFile, UploadProvider } from './provider.js';

// Only names this provider produces: never write or remove a path outside the uploads folder.
const SAFE_NAME = /^[\w.-]+$/;

/** Writes files to `<publicDir>/uploads`, served by the app at `/uploads/...`. */
export function localProvider(publicDir: string): UploadProvider {
  const uploads = join(publicDir, 'uploads');
  return {
    name: 'local',
    async upload(file: StoredFile) {
      const name = `${file.hash}${file.ext}`;
      if (!SAFE_NAME.test(name)) throw new Error(`local upload provider: unsafe file name ${JSON.stringify(name)}`);
      await mkdir(uploads, { recursive: true });
      const path = join(uploads, name);
      try {
        // `wx`: a name is never reused (the hash carries random bytes), so never overwrite one.
        await pipeline(file.stream, createWriteStream(path, { flags: 'wx' }));
      } catch (error) {
        // a partial file (limit reached, client gone, disk full) is removed before reporting;
        // a name that was already taken is someone else's file
        if ((error as { code?: unknown }).code !== 'EEXIST') await rm(path, { force: true });
        throw error;
      }
      return { url: `/uploads/${name}` };
    },
    async delete(file) {
      if (!SAFE_NAME.test(`${file.hash}${file.ext}`)) return;
      await rm(join(uploads, `${file.hash}${file.ext}`), { force: true });
    },
  };
}
