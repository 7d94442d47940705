/**
 * `npm run load`: the sustained-load check of issue 14, on the bench dataset and the bench's
 * production server process. Every bench scenario (REST lists, populates, filters, GraphQL, one
 * entry) is first checked once for a right answer, then replayed as one mixed workload (each
 * connection cycles through them) at 16 and then 64 concurrent connections. Reports, like the
 * bench, the request rate, latency percentiles, errors and the server's resident memory, and
 * checks: no error or non-2xx answer at all, p99 at 64 connections within 3× the p99 at 16.
 * Exits 1 when a check fails. Writes `bench/results/load-latest.{json,md}`.
 *
 * Environment: LOAD_DURATION (seconds per connection count, default 60), LOAD_WARMUP (default 5),
 * LOAD_CONNECTIONS (default `16,64`; the check compares the last with the first),
 * BENCH_SCENARIOS (e.g. `a,b,e`; default all), LOAD_KEEP=1 keeps the temporary project and the
 * server's log (one JSON line per request, with its duration inside the server).
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { ensureDataset } from './dataset.js';
import { BENCH_DIR, productionSecrets, writeBenchProject } from './project.js';
import { figuresOf, type LoadResult } from './load.js';
import { scenarios as allScenarios, sendScenario, type Scenario } from './scenarios.js';
import { buildServer } from './server-build.js';
import { memoryOf, sampleMemory, startServer } from './server-process.js';

const P99_FACTOR = 3;

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`load: ${name} must be a positive number, got "${raw}"`);
  return value;
}

const seconds = positive('LOAD_DURATION', 60);
const warmupSeconds = positive('LOAD_WARMUP', 5);
const connectionCounts = (process.env.LOAD_CONNECTIONS ?? '16,64').split(',').map((c) => Number(c.trim()));
if (connectionCounts.length < 2 || connectionCounts.some((c) => !Number.isInteger(c) || c <= 0)) {
  throw new Error('load: LOAD_CONNECTIONS must list at least two positive integers, e.g. 16,64');
}
const selected = process.env.BENCH_SCENARIOS?.split(',').map((s) => s.trim()).filter(Boolean);

interface LoadRun extends Omit<LoadResult, 'bytesPerRequest'> {
  readonly timeouts: number;
  /** (non-2xx + errors) / requests; errors include timeouts */
  readonly errorRate: number;
  readonly peakRssMiB: number;
  /** the same requests timed inside the server (its `request completed` log lines, onRequest to response end) */
  readonly server: { readonly requests: number; readonly p50: number; readonly p99: number; readonly max: number };
}

/** `durationMs` of the server's request log lines after `offset` bytes of its log, and the new offset */
function serverDurations(logFile: string, offset: number): { durations: number[]; offset: number } {
  const text = readFileSync(logFile);
  const durations: number[] = [];
  for (const line of text.subarray(offset).toString('utf8').split('\n')) {
    if (!line.includes('"request completed"')) continue;
    try {
      const entry = JSON.parse(line) as { durationMs?: unknown };
      if (typeof entry.durationMs === 'number') durations.push(entry.durationMs);
    } catch {
      // a line cut by the read: counted with the next run's lines at worst
    }
  }
  return { durations, offset: text.length };
}

function percentiles(values: number[]): { requests: number; p50: number; p99: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number): number => round1(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Number.NaN);
  return { requests: sorted.length, p50: at(0.5), p99: at(0.99), max: round1(sorted.at(-1) ?? Number.NaN) };
}

const round1 = (value: number): number => Math.round(value * 10) / 10;

async function mixedLoad(url: string, list: readonly Scenario[], connections: number, duration: number) {
  return autocannon({
    url,
    connections,
    duration,
    timeout: 30,
    requests: list.map((s) => ({
      method: s.method,
      path: s.path,
      ...(s.body === undefined ? {} : { body: s.body }),
      ...(s.headers === undefined ? {} : { headers: s.headers }),
    })),
  });
}

/** one request per scenario, its answer checked: a fast wrong answer must not pass as load */
async function checkAnswers(url: string, list: readonly Scenario[]): Promise<void> {
  for (const scenario of list) {
    const { response, body } = await sendScenario(url, scenario);
    const problem = scenario.check(response.status, body);
    if (problem !== undefined) throw new Error(`load: scenario (${scenario.id}) ${scenario.label} answers wrongly: ${problem}`);
  }
}

function markdown(report: { date: string; machine: string; datasetKey: string; scenarios: string; runs: LoadRun[]; memory: Record<string, number>; checks: Array<{ name: string; ok: boolean; detail: string }> }): string {
  const lines = [
    `# Load: mixed bench workload, ${report.runs[0]?.seconds ?? 0} s per connection count`,
    '',
    `${report.date} · ${report.machine} · dataset ${report.datasetKey} · scenarios ${report.scenarios}`,
    '',
    'Client side (autocannon) and inside the server (its request log: onRequest to response end).',
    '',
    '| connections | requests | req/s | p50 ms | p90 ms | p99 ms | max ms | errors | non-2xx | timeouts | error rate | server p50 ms | server p99 ms | server max ms | peak RSS MiB |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...report.runs.map((r) => `| ${r.connections} | ${r.requests} | ${r.rps} | ${r.p50} | ${r.p90} | ${r.p99} | ${r.max} | ${r.errors} | ${r.non2xx} | ${r.timeouts} | ${r.errorRate} | ${r.server.p50} | ${r.server.p99} | ${r.server.max} | ${r.peakRssMiB} |`),
    '',
    `Memory (MiB): ${Object.entries(report.memory).map(([k, v]) => `${k} ${v}`).join(', ')}`,
    '',
    ...report.checks.map((c) => `- ${c.ok ? 'PASS' : 'FAIL'} ${c.name}: ${c.detail}`),
    '',
  ];
  return lines.join('\n');
}

async function main(): Promise<number> {
  const log = (message: string): void => console.log(message);
  const dataset = await ensureDataset(log);
  const { vellum } = await buildServer();
  const projectDir = mkdtempSync(join(tmpdir(), 'vellum-load-'));
  try {
    copyFileSync(dataset.file, writeBenchProject(projectDir));
    const list = allScenarios(dataset.sampleDocumentId, dataset.counts.published).filter((s) => !selected || selected.includes(s.id));
    if (list.length === 0) throw new Error(`load: BENCH_SCENARIOS selects no scenario`);
    const server = await startServer({ entry: vellum, args: ['start', projectDir], projectDir, logName: 'load', env: productionSecrets() });
    const runs: LoadRun[] = [];
    const rssAfterStart = server.rssAfterStartMiB;
    let rssAfterWarmup = Number.NaN;
    let highWaterMark = Number.NaN;
    try {
      await checkAnswers(server.url, list);
      log(`load: server up at ${server.url} (RSS ${rssAfterStart.toFixed(0)} MiB); answers checked for ${list.map((s) => s.id).join(',')}; warming up ${warmupSeconds} s`);
      await mixedLoad(server.url, list, connectionCounts[0]!, warmupSeconds);
      rssAfterWarmup = memoryOf(server.pid)?.rss ?? Number.NaN;
      let logOffset = serverDurations(server.logFile, 0).offset;
      const memory = sampleMemory(server.pid);
      try {
        for (const connections of connectionCounts) {
          memory.reset();
          const result = await mixedLoad(server.url, list, connections, seconds);
          // the last lines of the run may still be on their way to the log file
          await new Promise((done) => setTimeout(done, 500));
          const inside = serverDurations(server.logFile, logOffset);
          logOffset = inside.offset;
          const { bytesPerRequest: _bytes, ...figures } = figuresOf(result, connections);
          // autocannon counts timeouts among errors
          const failures = figures.non2xx + figures.errors;
          const run: LoadRun = {
            ...figures,
            rps: round1(figures.rps),
            timeouts: result.timeouts,
            errorRate: figures.requests > 0 ? failures / figures.requests : 1,
            peakRssMiB: round1(memory.peak()),
            server: percentiles(inside.durations),
          };
          runs.push(run);
          log(`load: ${connections} connections, ${run.seconds} s: ${run.rps} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, max ${run.max} ms, ` +
            `${run.errors} errors, ${run.non2xx} non-2xx, ${run.timeouts} timeouts, peak RSS ${run.peakRssMiB} MiB; ` +
            `inside the server: ${run.server.requests} requests, p50 ${run.server.p50} ms, p99 ${run.server.p99} ms, max ${run.server.max} ms`);
        }
      } finally {
        memory.stop();
      }
      highWaterMark = memoryOf(server.pid)?.hwm ?? Number.NaN;
    } finally {
      await server.stop();
    }

    const first = runs[0]!;
    const last = runs.at(-1)!;
    const checks = [
      {
        name: 'error rate 0',
        ok: runs.every((r) => r.errorRate === 0 && r.requests > 0),
        detail: runs.map((r) => `${r.connections} conns: ${r.errors + r.non2xx} of ${r.requests}`).join('; '),
      },
      {
        name: `p99 at ${last.connections} within ${P99_FACTOR}× p99 at ${first.connections}`,
        ok: last.p99 <= P99_FACTOR * first.p99,
        detail: `${last.p99} ms vs ${first.p99} ms (${round1(last.p99 / first.p99)}×)`,
      },
      {
        // what the server itself adds, apart from time in socket buffers and in the load generator
        name: `server-side p99 at ${last.connections} within ${P99_FACTOR}× server-side p99 at ${first.connections}`,
        ok: last.server.p99 <= P99_FACTOR * first.server.p99,
        detail: `${last.server.p99} ms vs ${first.server.p99} ms (${round1(last.server.p99 / first.server.p99)}×)`,
      },
    ];
    const report = {
      date: new Date().toISOString(),
      machine: `${cpus().length}× ${cpus()[0]?.model.trim() ?? 'unknown'}, node ${process.version}, load average ${loadavg().map(round1).join('/')}`,
      datasetKey: dataset.key,
      scenarios: list.map((s) => s.id).join(','),
      settings: { seconds, warmupSeconds, connections: connectionCounts },
      runs,
      memory: {
        afterStart: Math.round(rssAfterStart),
        afterWarmup: Math.round(rssAfterWarmup),
        peakUnderLoad: Math.round(Math.max(...runs.map((r) => r.peakRssMiB))),
        highWaterMark: Math.round(highWaterMark),
      },
      checks,
    };
    const outDir = join(BENCH_DIR, 'results');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(join(outDir, 'load-latest.json'), `${JSON.stringify(report, null, 2)}\n`);
    const table = markdown(report);
    writeFileSync(join(outDir, 'load-latest.md'), table);
    console.log(`\n${table}`);
    return checks.every((c) => c.ok) ? 0 : 1;
  } finally {
    if (process.env.LOAD_KEEP === '1') log(`load: project and server log kept in ${projectDir}`);
    else rmSync(projectDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
