/**
 * The server under fuzz: `vellum start` (`node bin/vellum.js`, the shipped bundle) on a copy of the bare blog model,
 * as a child process, so a crash is seen as an exit and memory is the server's own (VmRSS).
 * The project's bootstrap grants the public role read access to every type (anonymous cases reach
 * the engine, drafts stay behind credentials) and writes a full-access API token to a file, which
 * the write families send so writes really happen.
 */
import { databaseEnv } from '../helpers/test-databases.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DialectName } from '../../src/db/dialect.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-databases.js';
import { BLOG_MODEL } from '../helpers/fixtures.js';
import { vellumArgs } from '../helpers/vellum-bin.js';

const MEMORY_PROBE = fileURLToPath(new URL('./memory-probe.mjs', import.meta.url));

const BOOTSTRAP = `
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');
module.exports = {
  async bootstrap({ app }) {
    const reads = [];
    for (const [uid, type] of app.registry.contentTypes) {
      if (type.namespace === 'api') reads.push(uid + '.find', uid + '.findOne');
    }
    reads.push('plugin::upload.file.find', 'plugin::upload.file.findOne');
    await app.permissions.grant('public', reads);
    const { accessKey } = await app.tokens.create({ name: 'fuzz full access', type: 'full-access' });
    writeFileSync(join(app.dir, 'fuzz-token.txt'), accessKey);
  },
};
`;

/** bytes, as process.memoryUsage() gives them */
export interface SettledMemory {
  readonly rss: number;
  /** the live JS heap */
  readonly heapUsed: number;
  readonly heapTotal: number;
  /** memory of C++ objects bound to JS objects (Buffers outside the heap) */
  readonly external: number;
}

export interface FuzzServer {
  readonly url: string;
  readonly pid: number;
  readonly dir: string;
  readonly token: string;
  readonly dialect: DialectName;
  readonly database: TestDatabase;
  /** everything the server wrote to stderr so far */
  stderr(): string;
  alive(): boolean;
  /** VmRSS in bytes, from /proc/<pid>/status */
  rss(): Promise<number>;
  /** the server's memory right after full garbage collections (memory-probe.mjs) */
  settledMemory(): Promise<SettledMemory>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startFuzzServer(dialect: DialectName): Promise<FuzzServer> {
  const dir = await mkdtemp(join(tmpdir(), 'vellum-fuzz-'));
  await cp(BLOG_MODEL, dir, { recursive: true });
  await writeFile(join(dir, 'src', 'index.js'), BOOTSTRAP);
  const database = await createTestDatabase(dialect);
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--expose-gc', '--import', MEMORY_PROBE, ...vellumArgs('start', dir)], {
    env: {
      PATH: process.env.PATH ?? '', NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', FUZZ_MEMORY_PROBE: '1',
      JWT_SECRET: 'fuzz-jwt-secret', ADMIN_JWT_SECRET: 'fuzz-admin-jwt-secret', ...databaseEnv(database.config),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // if the harness itself dies, the server goes with it
  const killChild = (): void => { child.kill('SIGKILL'); };
  process.once('exit', killChild);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => { stdout += d.toString(); });
  child.stderr!.on('data', (d: Buffer) => { stderr += d.toString(); });
  const cleanup = async (): Promise<void> => {
    await database.drop().catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  };
  let url: string;
  try {
    url = await new Promise<string>((resolve, reject) => {
      const check = (): void => {
        const match = /running at (http:\/\/\S+)/.exec(stdout);
        if (match) resolve(match[1]!);
      };
      child.stdout!.on('data', check);
      child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${stdout}\n${stderr}`)));
    });
  } catch (error) {
    await cleanup();
    throw error;
  }
  const token = (await readFile(join(dir, 'fuzz-token.txt'), 'utf8')).trim();
  const pid = child.pid!;
  // the probe's answers, numbered
  let probes = 0;
  return {
    url, pid, dir, token, dialect, database,
    stderr: () => stderr,
    alive: () => child.exitCode === null && child.signalCode === null,
    async rss() {
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      const match = /VmRSS:\s+(\d+) kB/.exec(status);
      if (!match) throw new Error(`no VmRSS in /proc/${pid}/status`);
      return Number(match[1]) * 1024;
    },
    async settledMemory() {
      probes += 1;
      const sequence = probes;
      const answer = new Promise<SettledMemory>((resolve, reject) => {
        const onData = (): void => {
          for (const match of stdout.matchAll(/^fuzz-memory (\{.*\})$/gm)) {
            const figures = JSON.parse(match[1]!) as SettledMemory & { sequence: number };
            if (figures.sequence !== sequence) continue;
            child.stdout!.off('data', onData);
            child.off('exit', onExit);
            resolve(figures);
          }
        };
        const onExit = (): void => reject(new Error('the server process died'));
        child.stdout!.on('data', onData);
        child.once('exit', onExit);
      });
      child.kill('SIGUSR2');
      return answer;
    },
    async stop() {
      process.off('exit', killChild);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
      await cleanup();
    },
  };
}
