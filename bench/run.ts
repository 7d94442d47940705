/**
 * `npm run bench`: the anchors' method against the current sources. Builds (once) the cached
 * dataset, transpiles the server, then in separate server processes: cold starts, a pass that
 * checks every scenario's response and reads its SQL statement count, and the load runs with
 * memory sampling. Writes `bench/results/latest.{json,md}` and prints the table.
 *
 * Environment: BENCH_DURATION (measured seconds, default 10), BENCH_WARMUP (default 3, at most
 * BENCH_DURATION), BENCH_ROUNDS (default 2), BENCH_COLD_STARTS (default 3), BENCH_SCENARIOS
 * (e.g. `a,b,e`; default all), BENCH_KEEP=1 keeps the temporary project directory, BENCH_CACHE=1
 * turns the response cache on (docs/cache.md).
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDataset, type DatasetInfo } from './dataset.js';
import { load } from './load.js';
import { BENCH_DIR, writeBenchProject } from './project.js';
import { markdown, targetsOf, type BenchResults, type RunResult, type ScenarioResult } from './report.js';
import { scenarios as allScenarios, type Scenario } from './scenarios.js';
import { buildServer } from './server-build.js';
import { cpuMs, machineCpuMs, memoryOf, sampleMemory, startServer } from './server-process.js';

const CONNECTIONS = [2, 10] as const;

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`bench: ${name} must be a positive number, got "${raw}"`);
  return value;
}

const seconds = numberFromEnv('BENCH_DURATION', 10);
const warmupSeconds = Math.min(numberFromEnv('BENCH_WARMUP', 3), seconds);
const rounds = Math.round(numberFromEnv('BENCH_ROUNDS', 2));
const coldStarts = Math.round(numberFromEnv('BENCH_COLD_STARTS', 3));
const selected = process.env.BENCH_SCENARIOS?.split(',').map((s) => s.trim()).filter(Boolean);

const log = (message: string): void => console.log(message);

const round1 = (value: number): number => Math.round(value * 10) / 10;

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

interface Probe {
  status: number;
  statements: number | null;
  bytes: number;
  problem: string | undefined;
}

/** The checking pass: each request three times on a Server-Timing server, the last one counts. */
async function probe(url: string, scenario: Scenario): Promise<Probe> {
  let result: Probe = { status: 0, statements: null, bytes: 0, problem: 'no response' };
  for (let i = 0; i < 3; i += 1) {
    const response = await fetch(url + scenario.path, {
      method: scenario.method,
      ...(scenario.headers === undefined ? {} : { headers: scenario.headers }),
      ...(scenario.body === undefined ? {} : { body: scenario.body }),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // not JSON: the check reports it
    }
    const timing = /db;count=(\d+)/.exec(response.headers.get('server-timing') ?? '');
    result = {
      status: response.status,
      statements: timing ? Number(timing[1]) : null,
      bytes: Buffer.byteLength(text),
      problem: scenario.check(response.status, body),
    };
  }
  return result;
}

async function coldStartRuns(entry: string, projectDir: string): Promise<{ ms: number[]; cpuMs: number[] }> {
  const runs = { ms: [] as number[], cpuMs: [] as number[] };
  for (let i = 0; i < coldStarts; i += 1) {
    const server = await startServer({ entry, projectDir, logName: `cold-start-${i + 1}` });
    runs.ms.push(server.coldStartMs);
    runs.cpuMs.push(server.coldStartCpuMs);
    await server.stop();
    log(`bench: cold start ${i + 1}: ${server.coldStartMs.toFixed(0)} ms, ${server.coldStartCpuMs.toFixed(0)} ms CPU (RSS ${server.rssAfterStartMiB.toFixed(0)} MiB)`);
  }
  return runs;
}

async function main(): Promise<void> {
  const loadAverageBefore = loadavg();
  const dataset: DatasetInfo = await ensureDataset(log);
  const { entry, ms: buildMs } = await buildServer();
  log(`bench: server transpiled in ${buildMs} ms; dataset ${dataset.key}`);

  const projectDir = mkdtempSync(join(tmpdir(), 'vellum-bench-'));
  try {
    copyFileSync(dataset.file, writeBenchProject(projectDir));
    const list = allScenarios(dataset.sampleDocumentId, dataset.counts.published).filter((s) => !selected || selected.includes(s.id));

    const coldRuns = await coldStartRuns(entry, projectDir);

    const probes = new Map<string, Probe>();
    const counting = await startServer({ entry, projectDir, serverTiming: true, logName: 'statements' });
    try {
      for (const scenario of list) {
        const found = await probe(counting.url, scenario);
        probes.set(scenario.id, found);
        log(`bench: (${scenario.id}) HTTP ${found.status}, ${found.statements ?? '?'} statements, ${found.bytes} bytes${found.problem ? ` — NOT MEASURED: ${found.problem}` : ''}`);
      }
    } finally {
      await counting.stop();
    }

    const server = await startServer({ entry, projectDir, logName: 'load' });
    const runs = new Map<string, RunResult[]>();
    let peakUnderLoad = 0;
    let highWaterMark = 0;
    let cpuShares = { server: 0, loadGenerator: 0, otherProcesses: 0 };
    try {
      log(`bench: load server up in ${server.coldStartMs.toFixed(0)} ms, RSS ${server.rssAfterStartMiB.toFixed(0)} MiB`);
      const memory = sampleMemory(server.pid);
      const machineBefore = machineCpuMs();
      const serverBefore = cpuMs(server.pid);
      const benchBefore = process.cpuUsage();
      try {
        for (let round = 1; round <= rounds; round += 1) {
          for (const scenario of list) {
            if (probes.get(scenario.id)?.problem !== undefined) continue;
            await load(server.url, scenario, 10, warmupSeconds);
            for (const connections of CONNECTIONS) {
              memory.reset();
              const cpuBefore = cpuMs(server.pid);
              const result = await load(server.url, scenario, connections, seconds);
              const cpu = cpuMs(server.pid) - cpuBefore;
              const run: RunResult = {
                ...result,
                rps: round1(result.rps),
                bytesPerRequest: Math.round(result.bytesPerRequest),
                round,
                serverCpuMsPerRequest: result.requests > 0 ? Math.round((cpu / result.requests) * 1000) / 1000 : Number.NaN,
                peakRssMiB: round1(memory.peak()),
              };
              peakUnderLoad = Math.max(peakUnderLoad, run.peakRssMiB);
              runs.set(scenario.id, [...(runs.get(scenario.id) ?? []), run]);
              const failures = run.non2xx + run.errors > 0 ? ` — ${run.non2xx} non-2xx, ${run.errors} errors` : '';
              log(`bench: round ${round} (${scenario.id}) ${connections} conns: ${run.rps.toFixed(0)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, ` +
                `CPU ${run.serverCpuMsPerRequest.toFixed(2)} ms/req, RSS ${run.peakRssMiB.toFixed(0)} MiB${failures}`);
            }
          }
        }
      } finally {
        memory.stop();
      }
      const machine = machineCpuMs();
      const bench = process.cpuUsage(benchBefore);
      const serverUsed = cpuMs(server.pid) - serverBefore;
      const benchUsed = (bench.user + bench.system) / 1000;
      const total = machine.total - machineBefore.total;
      cpuShares = {
        server: serverUsed / total,
        loadGenerator: benchUsed / total,
        otherProcesses: Math.max(0, machine.busy - machineBefore.busy - serverUsed - benchUsed) / total,
      };
      highWaterMark = memoryOf(server.pid)?.hwm ?? Number.NaN;
    } finally {
      await server.stop();
    }

    const best = (all: readonly RunResult[], connections: number): RunResult | null =>
      all.filter((r) => r.connections === connections && r.requests > 0 && r.non2xx + r.errors === 0).reduce<RunResult | null>((a, b) => (a === null || b.rps > a.rps ? b : a), null);
    const scenarioResults: ScenarioResult[] = list.map((scenario) => {
      const found = probes.get(scenario.id)!;
      const all = runs.get(scenario.id) ?? [];
      const failed = all.find((r) => r.non2xx + r.errors > 0);
      return {
        id: scenario.id,
        label: scenario.label,
        request: `${scenario.method} ${scenario.path}`,
        notMeasured: found.problem ?? (failed ? `${failed.non2xx} non-2xx / ${failed.errors} errors under load` : null),
        status: found.status,
        statements: found.statements,
        responseBytes: found.bytes,
        runs: all,
        at2: best(all, 2),
        at10: best(all, 10),
      };
    });

    const partial: Omit<BenchResults, 'targets'> = {
      date: new Date().toISOString(),
      machine: {
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
        node: process.version,
        loadAverageBefore,
        loadAverageAfter: loadavg(),
        cpuSharesDuringLoad: {
          server: round1(cpuShares.server * 100),
          loadGenerator: round1(cpuShares.loadGenerator * 100),
          otherProcesses: round1(cpuShares.otherProcesses * 100),
        },
      },
      settings: { warmupSeconds, seconds, rounds, connections: CONNECTIONS },
      dataset: { key: dataset.key, counts: dataset.counts, bytes: dataset.bytes },
      coldStart: {
        runsMs: coldRuns.ms.map((ms) => Math.round(ms)),
        medianMs: Math.round(median(coldRuns.ms)),
        cpuMs: coldRuns.cpuMs.map((ms) => Math.round(ms)),
        medianCpuMs: Math.round(median(coldRuns.cpuMs)),
      },
      memory: {
        rssAfterStartMiB: Math.round(server.rssAfterStartMiB),
        peakUnderLoadMiB: Math.round(peakUnderLoad),
        highWaterMarkMiB: Math.round(highWaterMark),
      },
      scenarios: scenarioResults,
    };
    const results: BenchResults = { ...partial, targets: targetsOf(partial) };
    const outDir = join(BENCH_DIR, 'results');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(join(outDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
    const table = markdown(results);
    writeFileSync(join(outDir, 'latest.md'), table);
    console.log(`\n${table}`);
  } finally {
    if (process.env.BENCH_KEEP === '1') log(`bench: project kept in ${projectDir}`);
    else rmSync(projectDir, { recursive: true, force: true });
  }
}

await main();
