/**
 * The ceiling as its own process, as the bench runs it: `node main.js <SQLite file>`, listening
 * on HOST/PORT (127.0.0.1, 1337 by default), stopped with SIGTERM.
 */
import { createCeiling } from './server.js';

const file = process.argv[2];
if (file === undefined) throw new Error('usage: main.js <SQLite file>');
const ceiling = createCeiling(file);
await ceiling.app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 1337) });
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void ceiling.close());
