/**
 * `npm run bench -- --baseline <git-ref>`: another commit's server, made ready to run beside
 * Vellum. That commit is checked out as a detached git worktree in `bench/.cache/baseline-<sha>`;
 * its node_modules are the current ones (a symlink) unless its package-lock names a runtime
 * dependency the current lock lacks or pins otherwise (then its own `npm ci --omit=dev`); its
 * `src/` is transpiled file by file with esbuild (older trees have no server bundle) and run as
 * `vellum start <project>`. Its storage layout is read from a start on an empty project: when
 * the tables the dataset fills differ from the current dataset file's, the baseline gets its own
 * dataset, the bench's generator written through its own document service (baseline-dataset.ts).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { cachedDataset, type DatasetCounts, type DatasetInfo } from './dataset.js';
import { BENCH_DIR, CACHE_DIR, REPO_DIR, writeBenchProject } from './project.js';
import { startServer } from './server-process.js';
import { readLayout, type TableLayouts } from './sqlite-layout.js';

const run = promisify(execFile);

export interface BaselineTree {
  readonly ref: string;
  readonly sha: string;
  readonly dir: string;
  /** `node <entry> start <project dir>` runs the baseline's `vellum start` */
  readonly entry: string;
  /** the baseline's transpiled module that exports `createApp` (for its own dataset) */
  readonly createApp: string;
  readonly modules: { readonly how: 'symlink' | 'npm ci'; readonly runtimeDifferences: readonly string[] };
}

interface LockFile {
  readonly packages?: Readonly<Record<string, { readonly version?: string; readonly dev?: boolean }>>;
}

/**
 * The baseline's runtime packages (not `dev`) that the current lock lacks or pins to another
 * version, as `path version (current: version | none)`: empty means the current node_modules
 * serve the baseline as they are.
 */
export function runtimeDifferences(baseline: LockFile, current: LockFile): string[] {
  return Object.entries(baseline.packages ?? {}).flatMap(([path, entry]) => {
    if (path === '' || entry.dev === true) return [];
    const now = current.packages?.[path];
    return now?.version === entry.version ? [] : [`${path.replace(/^node_modules\//, '')} ${entry.version ?? '?'} (current: ${now?.version ?? 'none'})`];
  });
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const readLock = (dir: string): LockFile => JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as LockFile;

/** Its node_modules: a symlink to the current ones, else its own install (redone when its lock changes). */
async function provideModules(dir: string, log: (message: string) => void): Promise<BaselineTree['modules']> {
  const differences = runtimeDifferences(readLock(dir), readLock(REPO_DIR));
  const modules = join(dir, 'node_modules');
  const present = existsSync(modules) || (() => { try { return lstatSync(modules).isSymbolicLink(); } catch { return false; } })();
  if (differences.length === 0) {
    if (!present) symlinkSync(realpathSync(join(REPO_DIR, 'node_modules')), modules, 'dir');
    return { how: 'symlink', runtimeDifferences: [] };
  }
  const marker = join(modules, '.bench-lock-hash');
  const lockHash = createHash('sha256').update(readFileSync(join(dir, 'package-lock.json'))).digest('hex');
  if (!existsSync(marker) || readFileSync(marker, 'utf8') !== lockHash) {
    log(`bench: baseline: runtime dependencies differ (${differences.join(', ')}): npm ci --omit=dev in ${dir}`);
    rmSync(modules, { recursive: true, force: true });
    // its own scripts (a `prepare` that builds with dev tools) are not needed: the bench transpiles
    // its sources itself; the packages' own install scripts (native addons) run in the rebuild
    await run('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
    await run('npm', ['rebuild', '--no-audit', '--no-fund'], { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
    writeFileSync(marker, lockHash);
  }
  return { how: 'npm ci', runtimeDifferences: differences };
}

/** Checks out `ref` (once per commit), gives it node_modules and transpiles its server. */
export async function prepareBaselineTree(ref: string, log: (message: string) => void): Promise<BaselineTree> {
  const git = async (...args: string[]): Promise<string> => (await run('git', args, { cwd: REPO_DIR })).stdout.trim();
  const sha = await git('rev-parse', '--verify', `${ref}^{commit}`).catch(() => {
    throw new Error(`bench: --baseline ${ref}: not a commit of this repository`);
  });
  const dir = join(CACHE_DIR, `baseline-${sha.slice(0, 12)}`);
  if (!existsSync(join(dir, '.git'))) {
    rmSync(dir, { recursive: true, force: true });
    await git('worktree', 'prune');
    await git('worktree', 'add', '--detach', dir, sha);
    log(`bench: baseline ${ref} (${sha.slice(0, 12)}) checked out in ${dir}`);
  }
  if (!existsSync(join(dir, 'src', 'cli', 'main.ts'))) throw new Error(`bench: --baseline ${ref} has no src/cli/main.ts: it cannot be started as \`vellum start\``);
  const modules = await provideModules(dir, log);
  const out = join(dir, '.bench-build');
  rmSync(out, { recursive: true, force: true });
  await build({
    entryPoints: sources(join(dir, 'src')), outdir: out, outbase: dir,
    bundle: false, format: 'esm', platform: 'node', target: 'node20', sourcemap: false, logLevel: 'error',
  });
  const entry = join(out, 'baseline-main.js');
  // what bin/vellum.js is to the current package: the CLI's main on the arguments (`start <dir>`)
  writeFileSync(entry, "import { main } from './src/cli/main.js';\nprocess.exitCode = await main(process.argv.slice(2));\n");
  // its package entry exports createApp; trees from before src/index.ts only have the module itself
  const createApp = [join(out, 'src', 'index.js'), join(out, 'src', 'app', 'create-app.js')].find((file) => existsSync(file))!;
  return { ref, sha, dir, entry, createApp, modules };
}

/**
 * Where the baseline's layout differs from the current dataset's, on the tables the dataset
 * holds rows in (the others, e.g. an auth table of the newer code, the baseline makes itself).
 */
export function layoutDifferences(dataset: TableLayouts, baseline: TableLayouts): string[] {
  const differences: string[] = [];
  for (const [name, table] of dataset) {
    if (table.rows === 0) continue;
    const theirs = baseline.get(name);
    if (theirs === undefined) {
      differences.push(`${name}: no such table`);
      continue;
    }
    const missing = (a: readonly string[], b: readonly string[]): string[] => a.filter((x) => !b.includes(x));
    for (const column of missing(table.columns, theirs.columns)) differences.push(`${name}: column ${column} only in the current layout`);
    for (const column of missing(theirs.columns, table.columns)) differences.push(`${name}: column ${column} only in the baseline`);
    for (const index of missing(table.indexes, theirs.indexes)) differences.push(`${name}: ${index} only in the current layout`);
    for (const index of missing(theirs.indexes, table.indexes)) differences.push(`${name}: ${index} only in the baseline`);
  }
  return differences;
}

/** The baseline's storage layout: what it creates when it starts on an empty bench project. */
async function baselineLayout(tree: BaselineTree, env: Readonly<Record<string, string>>): Promise<TableLayouts> {
  const dir = mkdtempSync(join(tmpdir(), 'vellum-bench-baseline-layout-'));
  try {
    const file = writeBenchProject(dir);
    const server = await startServer({ entry: tree.entry, args: ['start', dir], projectDir: dir, logName: 'layout', env });
    await server.stop();
    return readLayout(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface BaselineDataset {
  readonly info: DatasetInfo;
  readonly shared: boolean;
  readonly layoutDifferences: readonly string[];
}

/**
 * The dataset the baseline reads: the current one when the layouts agree, else its own (cached
 * per commit and current dataset key), written by the baseline's code in a child process.
 */
export async function baselineDataset(
  tree: BaselineTree, current: DatasetInfo, size: 'full' | 'small', env: Readonly<Record<string, string>>, log: (message: string) => void,
): Promise<BaselineDataset> {
  const differences = layoutDifferences(readLayout(current.file), await baselineLayout(tree, env));
  if (differences.length === 0) return { info: current, shared: true, layoutDifferences: [] };
  log(`bench: baseline: its storage layout differs from the current dataset's (${differences.length} differences, e.g. ${differences[0]}): it gets its own dataset`);
  const counts: DatasetCounts = current.counts;
  const info = await cachedDataset(`baseline-${tree.sha.slice(0, 12)}-${current.key}`, counts, async (dir) => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', join(BENCH_DIR, 'baseline-dataset.ts'), tree.createApp, dir, size], {
      cwd: REPO_DIR, maxBuffer: 64 * 1024 * 1024,
    });
    const sample = stdout.trim().split('\n').at(-1)?.trim() ?? '';
    if (sample === '') throw new Error(`bench: the baseline's dataset build printed no sample documentId:\n${stdout.slice(-2000)}`);
    return sample;
  }, log);
  return { info, shared: false, layoutDifferences: differences };
}
