/**
 * The server under test, run in its own process: exactly `vellum start <dir>` (the CLI's code
 * path), from the transpiled copy `server-build.ts` makes, so no TypeScript loader is on the
 * clock for cold start or under load.
 */
import { main } from '../src/cli/main.js';

const dir = process.argv[2];
if (dir === undefined) throw new Error('usage: server-main.js <project dir>');
process.exitCode = await main(['start', dir]);
