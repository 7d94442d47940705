/**
 * `node bin/vellum.js <command> <dir>`: the program users run, over the `dist/` that
 * `npm run build` made (tests that use this need a build of the current sources). Production
 * mode, a free port, nothing of the test process's own database or port settings. `started`
 * resolves once the server says where it answers; `exit` resolves with the exit code or signal.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/vellum.js', import.meta.url));
const BUNDLE = fileURLToPath(new URL('../../dist/bundle/main.js', import.meta.url));
const OWN_SETTINGS = /^(HOST|PORT|NODE_ENV|DATABASE_\w+|LOG_LEVEL|REDIS_URL)$/;
/** secrets a production start requires; fixed values, the test's databases are throwaway */
export const TEST_SECRETS = { APP_KEYS: 'k1,k2', API_TOKEN_SALT: 'salt-for-tests', JWT_SECRET: 'jwt-secret-for-tests', ADMIN_JWT_SECRET: 'admin-secret-for-tests' };

export interface BinProcess {
  readonly child: ChildProcess;
  output(): string;
  /** the URL it answers at, once it says so (rejects when it exits or takes over `timeoutMs`) */
  started(timeoutMs?: number): Promise<string>;
  readonly exit: Promise<number | string | null>;
}

export function runBin(args: readonly string[], env: Record<string, string> = {}): BinProcess {
  if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: run npm run build first`);
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !OWN_SETTINGS.test(key)));
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...inherited, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', ...TEST_SECRETS, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  const exit = new Promise<number | string | null>((done) => child.once('exit', (code, signal) => done(code ?? signal)));
  const started = async (timeoutMs = 60_000): Promise<string> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const url = /running at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (url !== undefined) return url;
      if (child.exitCode !== null || child.signalCode !== null || Date.now() > until) {
        throw new Error(`vellum ${args.join(' ')} did not come up (exit ${child.exitCode ?? child.signalCode}):\n${output}`);
      }
      await new Promise((done) => setTimeout(done, 50));
    }
  };
  return { child, output: () => output, started, exit };
}

/** A new project directory holding `files` (path → content); the caller removes it. */
export async function writeProject(files: Readonly<Record<string, string>>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'vellum-project-'));
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  return dir;
}
