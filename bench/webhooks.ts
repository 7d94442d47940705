/**
 * `npm run bench:webhooks`: what webhooks cost a write. One server on a copy of the SQLite
 * dataset, the writes of scenario (g) (create-then-update loops, no reads meanwhile) in
 * alternating rounds: no webhook, then three enabled webhooks subscribed to entry.create and
 * entry.update posting to a receiver this script starts on 127.0.0.1 (hence
 * `allowPrivateTargets`), then none again… Reported: writes/s of each side and their ratio
 * (issue 22: within 5 %). The delivery worker runs in the same process meanwhile, so its cost
 * (building the payloads, sending them) is counted; after each round with webhooks the script
 * waits until the receiver has every delivery of its writes (three per write: one per webhook),
 * reports how long that took after the last write, and fails when one is missing — a worker that
 * fell behind or lost deliveries cannot look cheap.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { prepareDatabase } from './databases.js';
import { productionSecrets } from './project.js';
import { buildServer } from './server-build.js';
import { baseEnv, cpuMs, startServer } from './server-process.js';
import { createRequest, percentile, send, updateRequest, writeLoops, writeRefs } from './writes.js';

const log = (message: string): void => console.log(message);
const seconds = Number(process.env.BENCH_DURATION ?? 10);
const rounds = Math.round(Number(process.env.BENCH_ROUNDS ?? 3));
const writers = Math.round(Number(process.env.BENCH_WRITERS ?? 2));

const round1 = (value: number): number => Math.round(value * 10) / 10;

/**
 * The receiver, in a process of its own as a real one would be (in this process its work would
 * delay the writers' requests): it answers 200 and counts distinct `X-Vellum-Delivery` ids (a
 * retry of one already received does not count twice); `GET /count` answers the count.
 */
const RECEIVER = `
const { createServer } = require('node:http');
const ids = new Set();
const server = createServer((req, res) => {
  if (req.method === 'GET') return res.end(String(ids.size));
  req.resume();
  req.on('end', () => { ids.add(String(req.headers['x-vellum-delivery'])); res.writeHead(200).end('ok'); });
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

async function startReceiver(): Promise<{ url: string; child: ChildProcess; count(): Promise<number> }> {
  const child = spawn(process.execPath, ['-e', RECEIVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`bench: webhooks: the receiver exited (${code})`)));
  });
  const url = `http://127.0.0.1:${port}`;
  return { url, child, count: async () => Number(await (await fetch(`${url}/count`)).text()) };
}

async function main(): Promise<void> {
  const receiver = await startReceiver();
  const receiverUrl = receiver.url;
  const built = await buildServer();
  const dir = mkdtempSync(join(tmpdir(), 'vellum-bench-webhooks-'));
  try {
    const prepared = await prepareDatabase('sqlite', dir, process.env.BENCH_SIZE === 'small' ? 'small' : 'full', log);
    const env = { ...productionSecrets(), ...prepared.env, BENCH_WEBHOOKS_PRIVATE: 'true' };
    const cli = async (args: string[]): Promise<string> =>
      (await promisify(execFile)(process.execPath, [built.vellum, ...args, '--dir', prepared.projectDir], { env: baseEnv(env) })).stdout.trim();
    const token = (await cli(['token', 'create', '--name', 'bench webhooks', '--type', 'full-access'])).split('\n').at(-1)?.trim() ?? '';
    const server = await startServer({ entry: built.vellum, args: ['start', prepared.projectDir], projectDir: dir, logName: 'webhooks', env: { ...env, ...(process.env.PROF ? { NODE_OPTIONS: process.env.PROF } : {}) } });
    try {
      const refs = await writeRefs(server.url);
      for (let n = 10; n < 13; n += 1) {
        const warm = await send(server.url, token, createRequest(refs, n));
        if (warm.documentId !== undefined) await send(server.url, token, updateRequest(refs, n, warm.documentId));
      }
      const sides = { none: [] as number[], three: [] as number[] };
      const p50 = { none: [] as number[], three: [] as number[] };
      // the server's CPU time per write, the drain included: steadier than writes/s on a loaded machine
      const cpu = { none: [] as number[], three: [] as number[] };
      const drains: number[] = [];
      let expected = 0;
      let first = 1_000;
      for (let round = 0; round < rounds; round += 1) {
        for (const side of ['none', 'three'] as const) {
          const ids: string[] = [];
          if (side === 'three') {
            for (let i = 1; i <= 3; i += 1) {
              const out = await cli(['webhook', 'create', '--name', `bench ${i}`, '--url', `${receiverUrl}/hook${i}`, '--events', 'entry.create,entry.update']);
              ids.push(/\d+/.exec(out.split('\n').at(-1) ?? '')?.[0] ?? '');
            }
          }
          const loops = writeLoops({ url: server.url, token, refs, writers, seconds, firstNumber: first });
          const cpuBefore = cpuMs(server.pid);
          const started = performance.now();
          await loops.run();
          const rate = loops.latencies.length / ((performance.now() - started) / 1000);
          first += 100_000;
          const failed = loops.failures();
          if (failed.count > 0) throw new Error(`bench: webhooks: ${failed.count} writes failed: ${failed.first}`);
          sides[side].push(rate);
          p50[side].push(percentile([...loops.latencies].sort((a, b) => a - b), 50));
          let drained = '';
          if (side === 'three') {
            // every write of the round sends one entry.create or entry.update to each of the three
            expected += loops.latencies.length * 3;
            const drainStart = performance.now();
            let count = await receiver.count();
            while (count < expected && performance.now() - drainStart < 60_000) {
              await new Promise((resolve) => setTimeout(resolve, 20));
              count = await receiver.count();
            }
            if (count !== expected) throw new Error(`bench: webhooks: the receiver has ${count} deliveries, expected ${expected}`);
            drains.push(performance.now() - drainStart);
            drained = `, all ${loops.latencies.length * 3} deliveries received ${Math.round(drains.at(-1) ?? 0)} ms after the last write`;
          }
          cpu[side].push((cpuMs(server.pid) - cpuBefore) / loops.latencies.length);
          log(`bench: webhooks round ${round + 1}, ${side === 'none' ? 'no webhook' : 'three webhooks'}: ${round1(rate)} writes/s, ${round1(cpu[side].at(-1) ?? 0)} ms server CPU per write${drained}`);
          for (const id of ids) await cli(['webhook', 'delete', id]);
        }
      }
      const total = (values: number[]): number => values.reduce((a, b) => a + b, 0) / values.length;
      const none = total(sides.none);
      const three = total(sides.three);
      log(`bench: webhooks: ${round1(none)} writes/s without webhooks, ${round1(three)} with three (p50 ${round1(total(p50.none))} → ${round1(total(p50.three))} ms, server CPU per write ${round1(total(cpu.none))} → ${round1(total(cpu.three))} ms); ` +
        `ratio ${(three / none).toFixed(3)} (${await receiver.count()} of ${expected} deliveries received, the last of a round at most ${Math.round(Math.max(...drains))} ms after its last write); ` +
        `${writers} writers, ${rounds} × ${seconds} s per side`);
    } finally {
      await server.stop();
    }
  } finally {
    receiver.child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
