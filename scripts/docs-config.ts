/** Writes docs/configuration.md from the config schema (`npm run docs:config`). */
import { writeFile } from 'node:fs/promises';
import { renderConfigDocs } from '../src/config/docs/render-config-docs.js';

const target = new URL('../docs/configuration.md', import.meta.url);
await writeFile(target, renderConfigDocs());
console.log(`wrote ${target.pathname}`);
