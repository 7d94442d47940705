/**
 * What names one archive for `--resume` (vellum_import_progress): the SHA-256 of the archive
 * file's bytes, streamed (a changed or another archive never resumes an import it did not
 * start); for an unpacked directory, of every file's path, size and modification time (hashing
 * the directory's bytes would read every asset a third time).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

export async function archiveDigest(name: string): Promise<string> {
  const hash = createHash('sha256');
  if ((await stat(name)).isDirectory()) {
    for (const path of await filesUnder(name, '')) {
      const info = await stat(join(name, path));
      hash.update(`${path}\0${info.size}\0${info.mtimeMs}\n`);
    }
  } else {
    await pipeline(createReadStream(name), hash);
  }
  return hash.digest('hex');
}

async function filesUnder(root: string, dir: string): Promise<string[]> {
  const found: string[] = [];
  const entries = await readdir(join(root, dir), { withFileTypes: true });
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) found.push(...(await filesUnder(root, path)));
    else if (entry.isFile()) found.push(path);
  }
  return found;
}
