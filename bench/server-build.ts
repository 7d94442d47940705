/**
 * Transpiles `src/` (and the bench's server entry) file by file with esbuild into
 * `bench/.cache/server/`, the same module layout `tsc` gives `dist/`. The bench measures the
 * current sources without writing to `dist/` (other work may be using it) and without a
 * TypeScript loader in the measured process.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { BENCH_DIR, CACHE_DIR, REPO_DIR } from './project.js';

const OUT_DIR = join(CACHE_DIR, 'server');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Returns the entry file to run with `node <entry> <project dir>`. */
export async function buildServer(): Promise<{ entry: string; ms: number }> {
  const started = performance.now();
  rmSync(OUT_DIR, { recursive: true, force: true });
  await build({
    entryPoints: [...sources(join(REPO_DIR, 'src')), join(BENCH_DIR, 'server-main.ts')],
    outdir: OUT_DIR,
    outbase: REPO_DIR,
    bundle: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: false,
    logLevel: 'error',
  });
  return { entry: join(OUT_DIR, 'bench', 'server-main.js'), ms: Math.round(performance.now() - started) };
}
