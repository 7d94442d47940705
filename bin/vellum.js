#!/usr/bin/env node
// Thin launcher: the CLI is compiled to dist/ by `npm install` (the `prepare` script). It runs the
// single-file bundle (dist/bundle/, `npm run build:bundle`) when there is one at least as new as
// dist/cli/ (a `tsc` build alone leaves an older bundle behind): a start then loads a few files
// instead of ~1,700 modules, about half of a cold start. dist/cli/ otherwise.
import { statSync } from 'node:fs';

const modified = (path) => statSync(new URL(path, import.meta.url), { throwIfNoEntry: false })?.mtimeMs;
const bundled = modified('../dist/bundle/main.js');
const compiled = modified('../dist/cli/main.js');
const entry = bundled !== undefined && (compiled === undefined || bundled >= compiled) ? '../dist/bundle/main.js' : '../dist/cli/main.js';
const { main } = await import(entry);

main(process.argv.slice(2)).then(
  (code) => { if (typeof code === 'number') process.exitCode = code; },
  (error) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  },
);
