/**
 * `vellum start <dir>` as its own process, as an orchestrator runs it (`node bin/vellum.js`, the
 * shipped bundle built by the tests' global setup): production mode, a free port, the environment the caller
 * gives (database, secrets, Redis) and nothing inherited that would pick another database or
 * port. Resolves once the process logs where it answers; `stop()` sends SIGTERM and resolves to
 * the exit code.
 */
import { spawn } from 'node:child_process';
import { vellumArgs } from './vellum-bin.js';

const START_TIMEOUT_MS = 90_000;
/** variables of the test process that must not leak into the server's configuration */
const OWN_SETTINGS = /^(HOST|PORT|NODE_ENV|DATABASE_\w+|LOG_LEVEL|REDIS_URL|APP_KEYS|API_TOKEN_SALT|JWT_SECRET|ADMIN_JWT_SECRET)$/;

export interface VellumProcess {
  readonly url: string;
  readonly pid: number;
  /** stdout and stderr so far */
  output(): string;
  /** SIGTERM, then the exit code (SIGKILL after 15 s) */
  stop(): Promise<number | null>;
  /** the exit code once the process has ended (null when a signal ended it) */
  readonly exited: Promise<number | null>;
}

/** `command`: `start` (production) by default, or `develop` (development mode, watching the project) */
export async function startVellumProcess(dir: string, env: Record<string, string>, command: 'start' | 'develop' = 'start'): Promise<VellumProcess> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !OWN_SETTINGS.test(key)));
  const mode = command === 'start' ? 'production' : 'development';
  const child = spawn(process.execPath, vellumArgs(command, dir), {
    env: { ...inherited, NODE_ENV: mode, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const stop = async (): Promise<number | null> => {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };
  const started = Date.now();
  for (;;) {
    const url = /running at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    if (url !== undefined) return { url, pid: child.pid!, output: () => output, stop, exited };
    if (child.exitCode !== null || child.signalCode !== null || Date.now() - started > START_TIMEOUT_MS) {
      await stop();
      throw new Error(`vellum ${command} ${dir} did not come up (exit ${child.exitCode ?? child.signalCode}):\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 50));
  }
}
