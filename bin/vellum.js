#!/usr/bin/env node
// Thin launcher: the CLI is compiled to dist/ by `npm install` (the `prepare` script). It runs the
// single-file bundle (dist/bundle/, `npm run build:bundle`) when there is one: a start then loads
// a few files instead of ~1,700 modules (about half of a cold start); dist/cli/ otherwise.
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/bundle/main.js', import.meta.url);
const { main } = await import(existsSync(bundle) ? bundle.href : '../dist/cli/main.js');

main(process.argv.slice(2)).then(
  (code) => { if (typeof code === 'number') process.exitCode = code; },
  (error) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  },
);
