/**
 * Child process of `npm run bench -- --baseline <ref>` (baseline.ts): writes the bench's dataset
 * into the bench project in `<dir>` through the baseline tree's own document service, when that
 * tree stores data in another layout than the current dataset file. The generator is the current
 * tree's (the same content); only the app that writes it is the baseline's. Prints the sample
 * documentId on its last line.
 *
 * usage: node --import tsx bench/baseline-dataset.ts <the baseline's transpiled module exporting createApp> <dir> <full|small>
 */
import { pathToFileURL } from 'node:url';
import { countsOf, fillDatabase, type DatasetAppFactory } from './dataset.js';

const [createAppFile, dir, size] = process.argv.slice(2);
if (createAppFile === undefined || dir === undefined || (size !== 'full' && size !== 'small')) {
  throw new Error('usage: baseline-dataset.ts <create-app.js> <dir> <full|small>');
}
const module = (await import(pathToFileURL(createAppFile).href)) as { createApp?: unknown };
if (typeof module.createApp !== 'function') throw new Error(`bench: ${createAppFile} exports no createApp`);
const sampleDocumentId = await fillDatabase(dir, {}, countsOf(size), console.log, module.createApp as DatasetAppFactory);
console.log(sampleDocumentId);
