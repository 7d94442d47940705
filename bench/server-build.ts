/**
 * Builds what the bench runs from the current sources, without writing to `dist/` (other work may
 * be using it) and without a TypeScript loader in the measured process: the measured server
 * (`server-main.ts`, i.e. `vellum start`) as the same single-file bundle `npm run build` makes
 * for `bin/vellum.js` (scripts/build-server-bundle.mjs), into `bench/.cache/server/bundle/`; the
 * CLI and the ceiling transpiled file by file into `bench/.cache/server/` (the layout `tsc` gives
 * `dist/`).
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { serverBundleOptions } from '../scripts/build-server-bundle.mjs';
import { BENCH_DIR, CACHE_DIR, REPO_DIR } from './project.js';

const OUT_DIR = join(CACHE_DIR, 'server');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

export interface BuiltEntries {
  /** `node <entry> <project dir>` runs `vellum start` */
  readonly entry: string;
  /** `node <cli> <args…>` runs the Vellum CLI */
  readonly cli: string;
  /** `node <ceiling> <SQLite file>` runs the hand-written ceiling */
  readonly ceiling: string;
  readonly ms: number;
}

export async function buildServer(): Promise<BuiltEntries> {
  const started = performance.now();
  rmSync(OUT_DIR, { recursive: true, force: true });
  await build({
    entryPoints: [
      ...sources(join(REPO_DIR, 'src')),
      ...sources(join(BENCH_DIR, 'ceiling')),
      join(BENCH_DIR, 'cli-main.ts'),
    ],
    outdir: OUT_DIR,
    outbase: REPO_DIR,
    bundle: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: false,
    logLevel: 'error',
  });
  await build(serverBundleOptions(join(BENCH_DIR, 'server-main.ts'), join(OUT_DIR, 'bundle')));
  return {
    entry: join(OUT_DIR, 'bundle', 'server-main.js'),
    cli: join(OUT_DIR, 'bench', 'cli-main.js'),
    ceiling: join(OUT_DIR, 'bench', 'ceiling', 'main.js'),
    ms: Math.round(performance.now() - started),
  };
}
