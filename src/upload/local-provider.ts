import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StoredFile, UploadProvider } from './provider.js';

/** Writes files to `<publicDir>/uploads`, served by the app at `/uploads/...`. */
export function localProvider(publicDir: string): UploadProvider {
  const uploads = join(publicDir, 'uploads');
  return {
    name: 'local',
    async upload(file: StoredFile) {
      await mkdir(uploads, { recursive: true });
      const name = `${file.hash}${file.ext}`;
      await writeFile(join(uploads, name), file.buffer);
      return { url: `/uploads/${name}` };
    },
    async delete(file) {
      // Only names this provider produced: never follow a URL outside the uploads folder.
      if (!/^[\w.-]+$/.test(`${file.hash}${file.ext}`)) return;
      await rm(join(uploads, `${file.hash}${file.ext}`), { force: true });
    },
  };
}
