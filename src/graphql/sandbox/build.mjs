// Bundles the sandbox page (GraphiQL, explorer plugin, React) into dist/sandbox/, so Vellum
// serves every byte of it itself: no CDN, works offline, no third-party CSP sources.
// Run by `npm run build:sandbox` (part of `npm run build`, hence of `npm install`'s prepare).
import { build } from 'esbuild';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const outdir = `${root}dist/sandbox`;

await rm(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: { sandbox: 'src/graphql/sandbox/client/sandbox.jsx' },
  outdir,
  bundle: true,
  minify: true,
  format: 'iife',
  platform: 'browser',
  target: ['es2020'],
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
  loader: { '.woff': 'dataurl', '.woff2': 'dataurl', '.ttf': 'dataurl', '.svg': 'dataurl' },
  legalComments: 'external',
  logLevel: 'warning',
  metafile: true,
});
// Precompressed copies: the server sends them to clients that accept gzip (1.3 MiB → ~400 KiB).
for (const name of ['sandbox.js', 'sandbox.css']) {
  await writeFile(`${outdir}/${name}.gz`, gzipSync(await readFile(`${outdir}/${name}`), { level: 9 }));
}
const outputs = Object.entries(result.metafile.outputs).map(([file, { bytes }]) => `${file.replace(`${root}`, '')} ${(bytes / 1024).toFixed(0)} KiB`);
console.log(`sandbox built: ${outputs.join(', ')}`);
