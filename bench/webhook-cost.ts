/**
 * What webhooks cost a write (issue 22: "write throughput with three webhooks enabled against
 * none: within 5 %"), measured by `npm run bench:webhooks` (webhooks.ts) and by `npm run bench`
 * after the writes (g) of each database (run.ts). One server, the writes of (g) (create-then-update
 * loops, no reads meanwhile) in alternating rounds: no webhook, then three enabled webhooks on
 * entry.create and entry.update posting to a receiver on 127.0.0.1 (hence `allowPrivateTargets`,
 * set by `BENCH_WEBHOOKS_PRIVATE` in the bench project), then none again… The delivery worker
 * runs in the server meanwhile, so its cost (claims, bodies, sends, the log) is counted. After
 * each round with webhooks the receiver must have every delivery of that round's writes (three
 * per write) — a worker that fell behind or lost deliveries cannot look cheap —; how long after
 * the last write the last one arrived is reported.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { baseEnv, cpuMs, startServer } from './server-process.js';
import { createRequest, percentile, send, updateRequest, writeLoops, writeRefs, type WriteResult } from './writes.js';

export interface WebhookSide {
  /** per round */
  readonly writesPerSecond: readonly number[];
  readonly p50: readonly number[];
  /** the server's CPU time per write (the drain included): steadier than writes/s on a loaded machine */
  readonly cpuMsPerWrite: readonly number[];
}

/** `writers` loops for `seconds` per side, in `rounds` rounds */
export interface WebhookCost extends Pick<WriteResult, 'writers' | 'seconds'> {
  readonly rounds: number;
  readonly none: WebhookSide;
  readonly three: WebhookSide;
  /** three ÷ none: the median over rounds of the two sides of one round (side by side in time) */
  readonly ratio: number;
  /** deliveries the receiver got (distinct `X-Vellum-Delivery`), of those the writes made */
  readonly deliveries: { readonly expected: number; readonly received: number; readonly maxDrainMs: number };
}

export interface WebhookCostOptions {
  /** the package's CLI (`bin/vellum.js`) */
  readonly vellum: string;
  /** a bench project on its own copy of the data (or a database it may write to) */
  readonly projectDir: string;
  /** where the server's log goes */
  readonly logDir: string;
  readonly env: Readonly<Record<string, string>>;
  /** a full-access API token of that project */
  readonly token: string;
  readonly writers: number;
  readonly seconds: number;
  readonly rounds: number;
  readonly log: (message: string) => void;
}

/**
 * The receiver, in a process of its own as a real one would be (in the bench process its work
 * would delay the writers' requests): it answers 200 and counts distinct `X-Vellum-Delivery` ids
 * (a retry of one already received does not count twice); `GET /count` answers the count.
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

const round1 = (value: number): number => Math.round(value * 10) / 10;
const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? Number.NaN) + (sorted[mid] ?? Number.NaN)) / 2;
};
const mean = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0) / values.length;

export async function measureWebhookCost(options: WebhookCostOptions): Promise<WebhookCost> {
  const { vellum, projectDir, env, token, writers, seconds, rounds, log } = options;
  const cli = async (args: string[]): Promise<string> =>
    (await promisify(execFile)(process.execPath, [vellum, ...args, '--dir', projectDir], { env: baseEnv({ ...env }) })).stdout.trim();
  const receiver = await startReceiver();
  try {
    const server = await startServer({ entry: vellum, args: ['start', projectDir], projectDir: options.logDir, logName: 'webhooks', env: { ...env, BENCH_WEBHOOKS_PRIVATE: 'true' } });
    try {
      const refs = await writeRefs(server.url);
      for (let n = 10; n < 13; n += 1) {
        const warm = await send(server.url, token, createRequest(refs, n));
        if (warm.documentId !== undefined) await send(server.url, token, updateRequest(refs, n, warm.documentId));
      }
      const sides = { none: { writesPerSecond: [] as number[], p50: [] as number[], cpuMsPerWrite: [] as number[] }, three: { writesPerSecond: [] as number[], p50: [] as number[], cpuMsPerWrite: [] as number[] } };
      const drains: number[] = [];
      let expected = 0;
      let first = 1_000_000;
      for (let round = 0; round < rounds; round += 1) {
        for (const side of ['none', 'three'] as const) {
          const ids: string[] = [];
          if (side === 'three') {
            for (let i = 1; i <= 3; i += 1) {
              const out = await cli(['webhook', 'create', '--name', `bench ${i}`, '--url', `${receiver.url}/hook${i}`, '--events', 'entry.create,entry.update']);
              ids.push(/\d+/.exec(out.split('\n').at(-1) ?? '')?.[0] ?? '');
            }
          }
          const loops = writeLoops({ url: server.url, token, refs, writers, seconds, firstNumber: first });
          first += 100_000;
          const cpuBefore = cpuMs(server.pid);
          const started = performance.now();
          await loops.run();
          const rate = loops.latencies.length / ((performance.now() - started) / 1000);
          const failed = loops.failures();
          if (failed.count > 0) throw new Error(`bench: webhooks: ${failed.count} writes failed: ${failed.first}`);
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
          const cpu = (cpuMs(server.pid) - cpuBefore) / Math.max(1, loops.latencies.length);
          sides[side].writesPerSecond.push(rate);
          sides[side].p50.push(percentile([...loops.latencies].sort((a, b) => a - b), 50));
          sides[side].cpuMsPerWrite.push(cpu);
          log(`bench: webhooks round ${round + 1}, ${side === 'none' ? 'no webhook' : 'three webhooks'}: ${round1(rate)} writes/s, ${round1(cpu)} ms server CPU per write${drained}`);
          for (const id of ids) await cli(['webhook', 'delete', id]);
        }
      }
      const ratio = median(sides.three.writesPerSecond.map((three, i) => three / (sides.none.writesPerSecond[i] ?? Number.NaN)));
      const result: WebhookCost = { writers, seconds, rounds, none: sides.none, three: sides.three, ratio, deliveries: { expected, received: await receiver.count(), maxDrainMs: Math.round(Math.max(0, ...drains)) } };
      log(`bench: webhooks: ${round1(mean(sides.none.writesPerSecond))} writes/s without webhooks, ${round1(mean(sides.three.writesPerSecond))} with three ` +
        `(p50 ${round1(mean(sides.none.p50))} → ${round1(mean(sides.three.p50))} ms, server CPU per write ${round1(mean(sides.none.cpuMsPerWrite))} → ${round1(mean(sides.three.cpuMsPerWrite))} ms); ` +
        `ratio ${ratio.toFixed(3)} (median of ${rounds} round(s)); ${result.deliveries.received} of ${expected} deliveries received, the last of a round at most ${result.deliveries.maxDrainMs} ms after its last write; ` +
        `${writers} writers, ${rounds} × ${seconds} s per side`);
      return result;
    } finally {
      await server.stop();
    }
  } finally {
    receiver.child.kill();
  }
}
