/**
 * `npm run bench:import`: how fast `vellum import --force` reads a Strapi archive, and how much
 * memory it needs as archives grow (issue 23, item 4).
 *
 * 1. Speed: the bench dataset (5,000 articles as 7,992 rows, 200 authors, 100 tags, 50
 *    categories, 20 images) exported with `vellum export --no-encrypt` from a copy of the cached
 *    dataset, then imported into a fresh bench project `BENCH_ROUNDS` times per database
 *    (`BENCH_IMPORT_DB`, default `sqlite,postgres`), each a new process of the package's CLI
 *    (`node bin/vellum.js import blog.tar.gz --force`): wall time from spawn to exit, so start-up
 *    and the schema sync of the empty database count. Target: 20× faster than `strapi import
 *    --force` of the same dataset's export on this machine kind (173.8 s, anchors below).
 * 2. Memory: generated archives (import-archives.ts) of `BENCH_IMPORT_SMALL` (10,000),
 *    `BENCH_IMPORT_MIDDLE` (50,000) and `BENCH_IMPORT_ENTRIES` (100,000) entries, and one of
 *    10,000 entries with `BENCH_IMPORT_ASSET_MB` (1,024) MB of asset files of random bytes, each
 *    imported once on SQLite; the largest once more with V8's old space capped at 64 MB. The
 *    peak RSS is the import process's own (`process.resourceUsage().maxRSS`, written at exit by a
 *    preloaded module). Target: the peak does not grow with the archive (100,000 entries within
 *    15 % of 50,000), and the capped run completes.
 *
 * Prints the figures, keeps them in `bench/.cache/results/import.json`; exit code 1 when a target
 * is missed. `BENCH_KEEP=1` keeps the working directory.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { extract } from 'tar';
import { prepareDatabase } from './databases.js';
import { generateArchive, type ArchiveSize } from './import-archives.js';
import { CACHE_DIR, productionSecrets, writeBenchProject } from './project.js';
import { createScratchDatabase } from './scratch-database.js';
import { buildServer } from './server-build.js';
import { baseEnv } from './server-process.js';

/** `strapi import --force` of the bench dataset's export (Strapi 5.54, SQLite), measured in an earlier session on this machine kind */
export const STRAPI_IMPORT_SECONDS = 173.8;
const TARGET_FACTOR = 20;
/** `--max-old-space-size` of the capped run of the largest archive */
const CAPPED_HEAP_MB = 64;

const log = (message: string): void => console.log(message);
const rounds = Math.max(1, Math.round(Number(process.env.BENCH_ROUNDS ?? 3)));
const databases = (process.env.BENCH_IMPORT_DB ?? 'sqlite,postgres').split(',').map((s) => s.trim()).filter(Boolean);
const smallEntries = Number(process.env.BENCH_IMPORT_SMALL ?? 10_000);
const middleEntries = Number(process.env.BENCH_IMPORT_MIDDLE ?? 50_000);
const largeEntries = Number(process.env.BENCH_IMPORT_ENTRIES ?? 100_000);
const assetMb = Number(process.env.BENCH_IMPORT_ASSET_MB ?? 1024);

const USAGE_HOOK = `import { writeFileSync } from 'node:fs';
process.on('exit', () => {
  const usage = process.resourceUsage();
  writeFileSync(process.env.BENCH_USAGE_FILE, JSON.stringify({ maxRssKiB: usage.maxRSS, userMs: usage.userCPUTime / 1000, systemMs: usage.systemCPUTime / 1000 }));
});
`;

interface ImportRun {
  readonly seconds: number;
  readonly cpuSeconds: number;
  readonly peakRssMiB: number;
  readonly stdout: string;
}

const round1 = (value: number): number => Math.round(value * 10) / 10;
const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** `node bin/vellum.js <args>` with the usage hook; rejects on a non-zero exit. */
async function vellum(entry: string, args: readonly string[], env: Record<string, string>, work: string, nodeArgs: readonly string[] = []): Promise<ImportRun> {
  const hook = join(work, 'usage-hook.mjs');
  writeFileSync(hook, USAGE_HOOK);
  const usageFile = join(work, `usage-${process.hrtime.bigint()}.json`);
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, '--import', hook, entry, ...args], { env: baseEnv({ ...env, BENCH_USAGE_FILE: usageFile }), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
  // progress lines: only the tail is kept (a large import prints thousands)
  child.stderr.on('data', (chunk: Buffer) => { stderr = (stderr + chunk.toString()).slice(-8000); });
  const [code] = (await once(child, 'exit')) as [number | null];
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`bench: vellum ${args.join(' ')} exited ${code}:\n${stdout}\n${stderr}`);
  const usage = JSON.parse(readFileSync(usageFile, 'utf8')) as { maxRssKiB: number; userMs: number; systemMs: number };
  return { seconds, cpuSeconds: (usage.userMs + usage.systemMs) / 1000, peakRssMiB: usage.maxRssKiB / 1024, stdout };
}

/** The dataset's file rows name stored files the cached database has no bytes for: small random ones are written in their place. */
function writeStoredFiles(dbFile: string, projectDir: string): number {
  const db = new Database(dbFile, { readonly: true });
  let count = 0;
  try {
    for (const row of db.prepare('SELECT url, formats FROM files').all() as Array<{ url: string; formats: string | null }>) {
      const formats = row.formats ? Object.values(JSON.parse(row.formats) as Record<string, { url: string }>) : [];
      for (const url of [row.url, ...formats.map((f) => f.url)]) {
        writeFileSync(join(projectDir, 'public', url), crypto.getRandomValues(new Uint8Array(2048)));
        count += 1;
      }
    }
  } finally {
    db.close();
  }
  return count;
}

/** A fresh bench project (and database) to import into; `drop` removes both. */
async function freshTarget(db: string, dir: string): Promise<{ dir: string; env: Record<string, string>; drop(): Promise<void> }> {
  writeBenchProject(dir);
  if (db === 'sqlite') return { dir, env: {}, drop: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })) };
  if (db !== 'postgres' && db !== 'mysql') throw new Error(`bench: BENCH_IMPORT_DB: unknown database ${db}`);
  const scratch = await createScratchDatabase(db);
  return {
    dir, env: { ...scratch.env },
    drop: async () => {
      await scratch.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<void> {
  const built = await buildServer();
  mkdirSync(join(CACHE_DIR, 'results'), { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'vellum-bench-import-'));
  const secrets = productionSecrets();
  const results: Record<string, unknown> = { strapiImportSeconds: STRAPI_IMPORT_SECONDS, loadBefore: loadavg() };
  let missed = false;
  try {
    // 1. the blog dataset's export
    const source = join(work, 'source');
    const prepared = await prepareDatabase('sqlite', source, 'full', log);
    const files = writeStoredFiles(prepared.file!, source);
    const exported = await vellum(built.vellum, ['export', join(work, 'blog'), '--no-encrypt', '--dir', source], secrets, work);
    const archive = join(work, 'blog.tar.gz');
    log(`bench: import: ${exported.stdout.trim()} (${files} stored files, ${round1(exported.seconds)} s)`);
    results.archive = exported.stdout.trim();

    // 2. speed
    const speed: Record<string, unknown> = {};
    for (const db of databases) {
      const runs: ImportRun[] = [];
      for (let round = 1; round <= rounds; round += 1) {
        const target = await freshTarget(db, join(work, `import-${db}-${round}`));
        try {
          const run = await vellum(built.vellum, ['import', archive, '--force', '--dir', target.dir], { ...secrets, ...target.env }, work);
          runs.push(run);
          log(`bench: import: ${db} round ${round}: ${round1(run.seconds)} s (CPU ${round1(run.cpuSeconds)} s, peak RSS ${Math.round(run.peakRssMiB)} MiB, load ${loadavg()[0]!.toFixed(1)})`);
        } finally {
          await target.drop();
        }
      }
      const seconds = median(runs.map((r) => r.seconds));
      const factor = STRAPI_IMPORT_SECONDS / seconds;
      speed[db] = { seconds: runs.map((r) => round1(r.seconds)), cpuSeconds: runs.map((r) => round1(r.cpuSeconds)), peakRssMiB: runs.map((r) => Math.round(r.peakRssMiB)), median: round1(seconds), timesFaster: round1(factor) };
      log(`bench: import: ${db}: median ${round1(seconds)} s over ${rounds} rounds; Strapi ${STRAPI_IMPORT_SECONDS} s: ${round1(factor)}× (target ${TARGET_FACTOR}×: under ${round1(STRAPI_IMPORT_SECONDS / TARGET_FACTOR)} s)`);
      if (factor < TARGET_FACTOR) missed = true;
    }
    results.speed = speed;

    // 3. memory as the archive grows
    const blog = join(work, 'blog-unpacked');
    mkdirSync(blog);
    await extract({ file: archive, cwd: blog });
    const sizes: Array<[string, ArchiveSize]> = [
      [`${smallEntries} entries`, { entries: smallEntries, assetBytes: 0, assetFileBytes: 0, gzip: true }],
      [`${middleEntries} entries`, { entries: middleEntries, assetBytes: 0, assetFileBytes: 0, gzip: true }],
      [`${largeEntries} entries`, { entries: largeEntries, assetBytes: 0, assetFileBytes: 0, gzip: true }],
      [`${smallEntries} entries + ${assetMb} MB of assets`, { entries: smallEntries, assetBytes: assetMb * 1024 * 1024, assetFileBytes: 8 * 1024 * 1024, gzip: false }],
    ];
    const memory: Array<Record<string, unknown>> = [];
    for (const [label, size] of sizes) {
      const startedGen = performance.now();
      const generated = await generateArchive(blog, join(work, 'staging'), join(work, 'generated'), size);
      log(`bench: import: generated ${label}: ${generated.entities} entities, ${generated.links} links, ${generated.assets} files, ${round1(generated.bytes / 1048576)} MiB (${round1((performance.now() - startedGen) / 1000)} s)`);
      // the largest archive also with V8's old space capped: it completes only if what the import keeps alive is bounded
      const variants: Array<[string, string[]]> = size.entries === largeEntries && size.assetBytes === 0 ? [['', []], [`, old space capped at ${CAPPED_HEAP_MB} MB`, [`--max-old-space-size=${CAPPED_HEAP_MB}`]]] : [['', []]];
      for (const [variant, nodeArgs] of variants) {
        const target = await freshTarget('sqlite', join(work, 'import-memory'));
        try {
          const run = await vellum(built.vellum, ['import', generated.path, '--force', '--dir', target.dir], secrets, work, nodeArgs);
          const row = { archive: `${label}${variant}`, entities: generated.entities, links: generated.links, assets: generated.assets, archiveMiB: round1(generated.bytes / 1048576), seconds: round1(run.seconds), cpuSeconds: round1(run.cpuSeconds), peakRssMiB: Math.round(run.peakRssMiB) };
          memory.push(row);
          log(`bench: import: ${row.archive}: ${row.seconds} s (CPU ${row.cpuSeconds} s), peak RSS ${row.peakRssMiB} MiB`);
        } finally {
          await target.drop();
        }
      }
      rmSync(generated.path, { force: true });
    }
    results.memory = memory;
    // V8 lets the old space grow to a multiple of the live heap before a full collection, so the
    // peak climbs until the first collections (a small archive may end before) and then stays
    const peak = (label: string): number => memory.find((m) => m.archive === label)?.peakRssMiB as number;
    const middle = peak(`${middleEntries} entries`);
    const large = peak(`${largeEntries} entries`);
    const bounded = large <= middle * 1.15;
    log(`bench: import: peak RSS ${memory.map((m) => `${m.archive}: ${m.peakRssMiB}`).join(', ')} MiB: ${bounded ? `bounded (${largeEntries} entries within 15 % of ${middleEntries})` : 'GROWS with the archive'}`);
    if (!bounded) missed = true;
    results.loadAfter = loadavg();
    writeFileSync(join(CACHE_DIR, 'results', 'import.json'), `${JSON.stringify(results, null, 2)}\n`);
  } finally {
    if (process.env.BENCH_KEEP === '1') log(`bench: import: kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
  if (missed) process.exitCode = 1;
}

await main();
