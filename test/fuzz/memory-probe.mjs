/**
 * Preloaded into the server under fuzz only (server.ts adds it with `--expose-gc`; no production
 * code knows of it). On SIGUSR2 it runs full garbage collections, then prints the process's memory
 * figures as one `fuzz-memory {json}` line on stdout, so the harness compares memory that is retained, not garbage that
 * happens to await collection: without it, RSS at a given moment swings by a third between two
 * snapshots of the same live heap, depending only on when V8 last collected.
 */
// plain JavaScript: the server runs bin/vellum.js without a TypeScript loader
const gc = globalThis.gc;
let sequence = 0;

if (process.env.FUZZ_MEMORY_PROBE === '1' && gc) {
  process.on('SIGUSR2', () => {
    // twice: objects with finalizers (better-sqlite3 statements, streams) go in the second pass
    gc();
    gc();
    const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
    sequence += 1;
    process.stdout.write(`fuzz-memory ${JSON.stringify({ sequence, rss, heapUsed, heapTotal, external })}\n`);
  });
}
