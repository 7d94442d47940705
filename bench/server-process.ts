/**
 * A server under test as a child process (Vellum or the ceiling): spawn (production mode), time
 * the cold start to the first 200, sample its resident memory from /proc, stop it with SIGTERM.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export interface ServerHandle {
  readonly url: string;
  readonly pid: number;
  /** process start → first 200 of the readiness request */
  readonly coldStartMs: number;
  /** CPU time (user + system, all threads) the process used up to that first 200 */
  readonly coldStartCpuMs: number;
  /** resident memory right after that first 200 */
  readonly rssAfterStartMiB: number;
  readonly logFile: string;
  stop(): Promise<void>;
}

const READY_PATH = '/api/articles';
const START_TIMEOUT_MS = 60_000;

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

/** Resident set now and its high-water mark, in MiB (Linux /proc). */
export function memoryOf(pid: number): { rss: number; hwm: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rss: kib('VmRSS') / 1024, hwm: kib('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** User + system CPU time of a process so far, in ms (Linux /proc; 10 ms resolution). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** Machine-wide CPU time so far (all cores), busy and total, in ms (Linux /proc/stat). */
export function machineCpuMs(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1, 9).map(Number) as number[];
  const busy = user! + nice! + system! + irq! + softirq! + steal!;
  return { busy: (busy * 1000) / CLOCK_TICKS, total: ((busy + idle! + iowait!) * 1000) / CLOCK_TICKS };
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => child.once('exit', () => done()));
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-30).join('\n');
  } catch {
    return '';
  }
}

export interface StartOptions {
  /** the script node runs, then its arguments (Vellum's CLI: `start <project dir>`; the ceiling: the SQLite file) */
  readonly entry: string;
  readonly args: readonly string[];
  /** where the log file goes */
  readonly projectDir: string;
  readonly serverTiming?: boolean;
  readonly logName: string;
  /** more environment: secrets (the same for every process of a run, so tokens stay valid), DATABASE_* */
  readonly env?: Readonly<Record<string, string>>;
}

/** The environment every bench process gets: production mode, nothing inherited but PATH and HOME. */
export function baseEnv(extra: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', ...extra };
}

export async function startServer(options: StartOptions): Promise<ServerHandle> {
  const port = await freePort();
  const logFile = join(options.projectDir, `${options.logName}.log`);
  const out = openSync(logFile, 'w');
  const env = baseEnv({
    HOST: '127.0.0.1',
    PORT: String(port),
    BENCH_SERVER_TIMING: options.serverTiming === true ? 'true' : 'false',
    ...options.env,
  });
  const started = performance.now();
  const child = spawn(process.execPath, [options.entry, ...options.args], { env, stdio: ['ignore', out, out] });
  closeSync(out);
  const url = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited(child);
    clearTimeout(timer);
  };

  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`bench: the server exited during start (${child.exitCode ?? child.signalCode}):\n${tail(logFile)}`);
    }
    if (performance.now() - started > START_TIMEOUT_MS) {
      await stop();
      throw new Error(`bench: the server did not answer 200 on ${READY_PATH} within ${START_TIMEOUT_MS} ms:\n${tail(logFile)}`);
    }
    try {
      const response = await fetch(url + READY_PATH);
      await response.arrayBuffer();
      if (response.status === 200) break;
      if (response.status !== 503) {
        await stop();
        throw new Error(`bench: ${READY_PATH} answered ${response.status} (does the Public role need read permissions?):\n${tail(logFile)}`);
      }
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('bench:')) throw error;
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 5));
  }
  const coldStartMs = performance.now() - started;
  const coldStartCpuMs = cpuMs(child.pid!);
  const rssAfterStartMiB = memoryOf(child.pid!)?.rss ?? Number.NaN;
  return { url, pid: child.pid!, coldStartMs, coldStartCpuMs, rssAfterStartMiB, logFile, stop };
}

/** Samples a process's RSS every `everyMs` until stopped; returns the peak seen. */
export function sampleMemory(pid: number, everyMs = 50): { peak(): number; reset(): void; stop(): void } {
  let peak = 0;
  const timer = setInterval(() => {
    const memory = memoryOf(pid);
    if (memory && memory.rss > peak) peak = memory.rss;
  }, everyMs);
  return {
    peak: () => peak,
    reset: () => {
      peak = memoryOf(pid)?.rss ?? 0;
    },
    stop: () => clearInterval(timer),
  };
}
