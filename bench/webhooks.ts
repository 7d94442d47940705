/**
 * `npm run bench:webhooks`: what webhooks cost a write, on its own (webhook-cost.ts says how it
 * is measured; `npm run bench` measures it too, after the writes (g) of each database).
 * `BENCH_DB` (sqlite, postgres or mysql; default sqlite), `BENCH_DURATION` (s per side and
 * round, 10), `BENCH_ROUNDS` (3), `BENCH_WRITERS` (2), `BENCH_SIZE=small`. Exit code 1 when a
 * delivery is missing.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { BENCH_DATABASES, prepareDatabase, type BenchDatabase } from './databases.js';
import { productionSecrets } from './project.js';
import { buildServer } from './server-build.js';
import { baseEnv } from './server-process.js';
import { measureWebhookCost } from './webhook-cost.js';

const log = (message: string): void => console.log(message);
const db = (process.env.BENCH_DB ?? 'sqlite') as BenchDatabase;
if (!BENCH_DATABASES.includes(db)) throw new Error(`bench: BENCH_DB must be one of ${BENCH_DATABASES.join(', ')}`);

async function main(): Promise<void> {
  const built = await buildServer();
  const dir = mkdtempSync(join(tmpdir(), 'vellum-bench-webhooks-'));
  try {
    const prepared = await prepareDatabase(db, dir, process.env.BENCH_SIZE === 'small' ? 'small' : 'full', log);
    try {
      const env = { ...productionSecrets(), ...prepared.env };
      const { stdout } = await promisify(execFile)(process.execPath, [built.vellum, 'token', 'create', '--name', 'bench webhooks', '--type', 'full-access', '--dir', prepared.projectDir], { env: baseEnv(env) });
      const token = stdout.trim().split('\n').at(-1)?.trim() ?? '';
      await measureWebhookCost({
        vellum: built.vellum, projectDir: prepared.projectDir, logDir: dir, env, token, log,
        seconds: Number(process.env.BENCH_DURATION ?? 10),
        rounds: Math.round(Number(process.env.BENCH_ROUNDS ?? 3)),
        writers: Math.round(Number(process.env.BENCH_WRITERS ?? 2)),
      });
    } finally {
      await prepared.drop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
