/**
 * The server bundle `bin/vellum.js` runs (dist/bundle, `npm run build:bundle`), built from the
 * current sources into a temporary folder of the repository (so its externals resolve from the
 * repository's node_modules): tests run the shipped form of `vellum start` and the CLI with it,
 * where the bundle's CommonJS interop differs from the sources run through tsx.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startVellumProcess, type VellumProcess } from './vellum-process.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface ServerBundle {
  /** `vellum start <dir>` from the bundle, as vellum-process.ts runs it */
  start(dir: string, env: Record<string, string>): Promise<VellumProcess>;
  /** one CLI command (`role create …`) from the bundle, to its exit */
  run(args: readonly string[], env: Record<string, string>): Promise<CliResult>;
  remove(): Promise<void>;
}

function exited(args: readonly string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    child.once('exit', (code) => done({ code, stdout, stderr }));
  });
}

export async function buildServerBundle(): Promise<ServerBundle> {
  await mkdir(join(REPO, '.tmp'), { recursive: true });
  const outDir = await mkdtemp(join(REPO, '.tmp', 'server-bundle-'));
  const build = await exited([join(REPO, 'scripts', 'build-server-bundle.mjs'), outDir], {});
  if (build.code !== 0) throw new Error(`building the server bundle failed:\n${build.stdout}${build.stderr}`);
  // What bin/vellum.js does with dist/bundle/main.js, as a file: under `node --eval` the project's
  // CommonJS config files (config/plugins.js) were not applied.
  const launcherFile = join(outDir, 'vellum.mjs');
  await writeFile(launcherFile, "import { main } from './main.js';\nprocess.exitCode = await main(process.argv.slice(2));\n");
  const launcher = [launcherFile];
  return {
    start: (dir, env) => startVellumProcess(dir, env, launcher),
    run: (args, env) => exited([...launcher, ...args], env),
    remove: () => rm(outDir, { recursive: true, force: true }),
  };
}
