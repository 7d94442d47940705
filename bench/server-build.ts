/**
 * Makes ready what the bench runs, with no TypeScript loader in a measured process:
 * - Vellum: the `vellum` package's own CLI, `bin/vellum.js` (`vellum start <dir>` for the servers,
 *   `vellum token create` for the tokens), exactly what a user runs. It runs the package's server
 *   bundle, so the bench first has the package rebuild it from the current sources (`npm run
 *   build:bundle` in the package: a few seconds; it replaces the files atomically, so a server
 *   already running from the previous bundle keeps working).
 * - the ceiling: `bench/ceiling/` transpiled file by file into `bench/.cache/ceiling/`.
 */
import { execFile } from 'node:child_process';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { BENCH_DIR, CACHE_DIR } from './project.js';

const OUT_DIR = join(CACHE_DIR, 'ceiling');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The installed `vellum` package (the workspace link to the repository root) and its CLI. */
export function vellumPackage(): { readonly dir: string; readonly bin: string } {
  // BENCH_VELLUM_DIR: another checkout of the package (a git worktree whose node_modules is shared
  // resolves `vellum` to the checkout that installed them)
  const manifest = process.env.BENCH_VELLUM_DIR ? join(process.env.BENCH_VELLUM_DIR, 'package.json') : createRequire(import.meta.url).resolve('vellum/package.json');
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: { vellum: string } };
  const dir = dirname(manifest);
  return { dir, bin: join(dir, bin.vellum) };
}

export interface BuiltEntries {
  /** `node <vellum> start <project dir>` runs the server, `node <vellum> token create …` the CLI */
  readonly vellum: string;
  /** `node <ceiling> <SQLite file>` runs the hand-written ceiling */
  readonly ceiling: string;
  readonly ms: number;
}

export async function buildServer(): Promise<BuiltEntries> {
  const started = performance.now();
  const vellum = vellumPackage();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  await promisify(execFile)(npm, ['run', 'build:bundle'], { cwd: vellum.dir, maxBuffer: 16 * 1024 * 1024 }).catch((error: Error & { stderr?: string }) => {
    throw new Error(`bench: \`npm run build:bundle\` failed in ${vellum.dir}: ${error.stderr ?? error.message}`);
  });
  rmSync(OUT_DIR, { recursive: true, force: true });
  await build({
    entryPoints: sources(join(BENCH_DIR, 'ceiling')),
    outdir: OUT_DIR,
    outbase: join(BENCH_DIR, 'ceiling'),
    bundle: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: false,
    logLevel: 'error',
  });
  return { vellum: vellum.bin, ceiling: join(OUT_DIR, 'main.js'), ms: Math.round(performance.now() - started) };
}
