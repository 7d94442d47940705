#!/usr/bin/env node
// Thin launcher for the one program Vellum ships: the single-file bundle dist/bundle/main.js that
// `npm run build` makes (its last step, `npm run build:bundle`; `npm install` runs it through the
// `prepare` script). The build decides what ships, not this file: there is no fallback to the
// `tsc` output dist/cli/ and no comparison of file times, so a copied install (`cp -r`, an image
// layer, a CI cache) runs the same program the tests ran (issue 18). Without the bundle it stops
// and says how to make it. dist/ (tsc) stays the library entry, dist/index.js.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundle = new URL('../dist/bundle/main.js', import.meta.url);
if (!existsSync(bundle)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  console.error(`vellum: the server bundle ${fileURLToPath(bundle)} is missing. Run \`npm run build\` in ${root} to build it.`);
  process.exit(1);
}
const { main } = await import(bundle.href);

main(process.argv.slice(2)).then(
  (code) => { if (typeof code === 'number') process.exitCode = code; },
  (error) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  },
);
