/**
 * The shipped program, as tests run it: `node bin/vellum.js …` over the dist/ that
 * `npm run build` made from the current sources (test/setup/build-artifact.ts builds it once per
 * run). Not a tsx transpile of src/cli: the bundle is what users run, and it once answered 500
 * on register and login while every test on sources passed (issue 18).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const VELLUM_BIN = fileURLToPath(new URL('../../bin/vellum.js', import.meta.url));

/** node's argument list for `vellum <args…>` (after any node options) */
export function vellumArgs(...args: string[]): string[] {
  return [VELLUM_BIN, ...args];
}

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** `vellum <args…>` run to its exit (NODE_ENV=test unless `env` says otherwise) */
export function runVellum(args: readonly string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((done) => {
    const child = spawn(process.execPath, vellumArgs(...args), { env: { ...process.env, NODE_ENV: 'test', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    child.once('exit', (code) => done({ code, stdout, stderr }));
  });
}
