// Precompressed copies of the built admin panel's assets (dist/admin-panel/assets): brotli and
// gzip at their highest levels, written once at build time, so the server (@fastify/static
// `preCompressed`) sends them without compressing per request. index.html is left out: the
// server rewrites its <base href> at start (src/admin/panel-page.ts).
// Run by `npm run build:admin` after `vite build`.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const assets = fileURLToPath(new URL('../dist/admin-panel/assets', import.meta.url));
let raw = 0;
let gzipped = 0;
for (const name of await readdir(assets)) {
  if (!/\.(js|css|svg|json|txt)$/.test(name)) continue;
  const bytes = await readFile(join(assets, name));
  const gzip = gzipSync(bytes, { level: 9 });
  await writeFile(join(assets, `${name}.gz`), gzip);
  await writeFile(join(assets, `${name}.br`), brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
  raw += bytes.length;
  gzipped += gzip.length;
}
console.log(`admin panel built: ${(raw / 1024).toFixed(0)} KiB of assets, ${(gzipped / 1024).toFixed(0)} KiB gzip`);
