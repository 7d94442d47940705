/**
 * `npm run bench`: Vellum against the hand-written ceiling, in the same run, on the same dataset.
 * Builds (once) the cached dataset, transpiles the server, the CLI and the ceiling, then per
 * database: cold starts of both servers, a checking pass that validates every response and reads
 * statement counts, interleaved load rounds of Vellum and the ceiling, and the writes (g) on a
 * copy of the data. Writes `bench/results/latest.{json,md}` for a complete run (every scenario,
 * the default durations), else `bench/.cache/results/`.
 *
 * Options: `--db sqlite,postgres,mysql` (default sqlite; PostgreSQL and MySQL get a fresh
 * database filled with the same dataset, dropped after), `--smoke` (small dataset, ½ s runs at 2 connections:
 * proves the bench runs end to end), `--cache` ((a), (b), (d) once more with the response cache on),
 * `--baseline <git-ref>` (that commit's server as a third server, interleaved on the read scenarios
 * (a)–(f) on SQLite, reported as Vellum ÷ baseline; see baseline.ts).
 * Environment: BENCH_DURATION (measured seconds, default 10), BENCH_WARMUP (default 3, at most
 * BENCH_DURATION), BENCH_ROUNDS (default 2), BENCH_COLD_STARTS (default 3), BENCH_SCENARIOS
 * (e.g. `a,b,g`; default all), BENCH_WRITERS (default 2), BENCH_KEEP=1 keeps the project directories,
 * BENCH_REST_CACHE (the `rest.cache` JSON of `--cache`, default memory).
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { baselineDataset, prepareBaselineTree, type BaselineTree } from './baseline.js';
import { baselineFigures, type BaselineResults } from './baseline-report.js';
import { compareBodies, describeComparison, PER_BUILD_KEYS, type BodyComparison } from './body-diff.js';
import { BENCH_DATABASES, prepareDatabase, type BenchDatabase, type PreparedDatabase } from './databases.js';
import { ensureDataset } from './dataset.js';
import { load } from './load.js';
import { BENCH_DIR, CACHE_DIR, productionSecrets, writeBenchProject } from './project.js';
import { bestRun, figuresOf, medianOf } from './report-cells.js';
import { markdown, targetsOf, type AtConnections, type BenchResults, type DatabaseResults, type ScenarioResult, type WritesResult } from './report.js';
import type { ColdStart, RunResult } from './run-result.js';
import { CEILING_SCENARIOS, SCENARIO_IDS, scenarios as readScenarios, sendScenario, type Scenario, type ScenarioId } from './scenarios.js';
import { buildServer, type BuiltEntries } from './server-build.js';
import { baseEnv, cpuMs, machineCpuMs, memoryOf, sampleMemory, startServer, type ServerHandle } from './server-process.js';
import { createRequest, runWrites, send, updateRequest, writeRefs } from './writes.js';
import { measureWebhookCost, type WebhookCost } from './webhook-cost.js';


function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`bench: ${name} must be a positive number, got "${raw}"`);
  return value;
}

const { values: flags } = parseArgs({
  options: {
    db: { type: 'string', multiple: true }, smoke: { type: 'boolean', default: false }, cache: { type: 'boolean', default: false }, baseline: { type: 'string' },
  },
});
const smoke = flags.smoke === true;
/** `--cache`: (a), (b), (d) once more on a server with the response cache on (`rest.cache`) */
const cached = flags.cache === true;
const CACHED_SCENARIOS: readonly ScenarioId[] = ['a', 'b', 'd'];
const CACHE_CONFIG = process.env.BENCH_REST_CACHE ?? JSON.stringify({ enabled: true, store: 'memory' });
const databases = (flags.db ?? ['sqlite']).flatMap((d) => d.split(',')).map((d) => d.trim()).filter(Boolean);
for (const db of databases) {
  if (!BENCH_DATABASES.includes(db as BenchDatabase)) throw new Error(`bench: --db must be one of ${BENCH_DATABASES.join(', ')} (got "${db}")`);
}
/** `--baseline <git-ref>`: that commit's server beside Vellum (SQLite only: its dataset is a file) */
const baselineRef = flags.baseline;
if (baselineRef !== undefined && !databases.includes('sqlite')) throw new Error('bench: --baseline runs on SQLite: add sqlite to --db');
/** what the baseline is measured on: the read scenarios ((g) writes and (h)'s token are the current tree's) */
const BASELINE_SCENARIOS: readonly ScenarioId[] = ['a', 'b', 'c', 'd', 'e', 'f'];

// smoke: 2 connections only
const CONNECTIONS: readonly number[] = smoke ? [2] : [2, 10];
// smoke: half-second runs are enough to prove every scenario answers under load
const seconds = smoke ? 0.5 : numberFromEnv('BENCH_DURATION', 10);
const warmupSeconds = smoke ? 0.25 : Math.min(numberFromEnv('BENCH_WARMUP', 3), seconds);
const rounds = smoke ? 1 : Math.round(numberFromEnv('BENCH_ROUNDS', 2));
// smoke: no separate cold starts, the load servers' starts are timed instead
const coldStarts = smoke ? 0 : Math.round(numberFromEnv('BENCH_COLD_STARTS', 3));
const writers = Math.round(numberFromEnv('BENCH_WRITERS', 2));
const selected = process.env.BENCH_SCENARIOS?.split(',').map((s) => s.trim()).filter(Boolean);
for (const id of selected ?? []) {
  if (!SCENARIO_IDS.includes(id as ScenarioId)) throw new Error(`bench: BENCH_SCENARIOS: unknown scenario "${id}" (${SCENARIO_IDS.join(', ')})`);
}
const wanted = (id: ScenarioId): boolean => !selected || selected.includes(id);
/** a run whose results may replace `bench/results/latest.*`: every scenario, the default method */
const complete = !smoke && !selected && seconds >= 10 && rounds >= 2 && databases.includes('sqlite');

const log = (message: string): void => console.log(message);
const round1 = (value: number): number => Math.round(value * 10) / 10;
const round3 = (value: number): number => Math.round(value * 1000) / 1000;

interface Probe {
  status: number;
  statements: number | null;
  bytes: number;
  problem: string | undefined;
}

const statementsOf = (headers: Headers): number | null => {
  const timing = /db;count=(\d+)/.exec(headers.get('server-timing') ?? '');
  return timing ? Number(timing[1]) : null;
};

/** The checking pass: each request three times on a Server-Timing server, the last one counts. */
async function probe(url: string, scenario: Scenario): Promise<Probe> {
  let result: Probe = { status: 0, statements: null, bytes: 0, problem: 'no response' };
  for (let i = 0; i < 3; i += 1) {
    const { response, text, body } = await sendScenario(url, scenario);
    result = { status: response.status, statements: statementsOf(response.headers), bytes: Buffer.byteLength(text), problem: scenario.check(response.status, body) };
  }
  return result;
}

const toColdStart = (runs: { ms: number[]; cpuMs: number[] }): ColdStart => ({
  runsMs: runs.ms.map(Math.round),
  medianMs: Math.round(medianOf(runs.ms)),
  cpuMs: runs.cpuMs.map(Math.round),
  medianCpuMs: Math.round(medianOf(runs.cpuMs)),
});

/** Makes an API token with the CLI, as a user would; returns the key it prints on its last line. */
async function cliToken(built: BuiltEntries, db: PreparedDatabase, env: Record<string, string>, name: string, type: string): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [built.vellum, 'token', 'create', '--dir', db.projectDir, '--name', name, '--type', type], {
    env: baseEnv({ ...env, ...db.env }),
  });
  const key = stdout.trim().split('\n').at(-1)?.trim() ?? '';
  if (key === '') throw new Error(`bench: vellum token create printed no token:\n${stdout}`);
  return key;
}

interface Side {
  readonly name: 'vellum' | 'ceiling' | 'cached' | 'baseline';
  readonly server: ServerHandle;
  readonly memory: ReturnType<typeof sampleMemory>;
  peak: number;
  cpuUsed: number;
}

/** One measured load run of `scenario` on one server. */
async function measure(side: Side, scenario: Scenario, connections: number, round: number): Promise<RunResult> {
  side.memory.reset();
  const cpuBefore = cpuMs(side.server.pid);
  const result = await load(side.server.url, scenario, connections, seconds);
  const cpu = cpuMs(side.server.pid) - cpuBefore;
  side.cpuUsed += cpu;
  const run: RunResult = {
    ...result,
    rps: round1(result.rps),
    bytesPerRequest: Math.round(result.bytesPerRequest),
    round,
    serverCpuMsPerRequest: result.requests > 0 ? round3(cpu / result.requests) : Number.NaN,
    peakRssMiB: round1(side.memory.peak()),
  };
  side.peak = Math.max(side.peak, run.peakRssMiB);
  const failures = run.non2xx + run.errors > 0 ? ` — ${run.non2xx} non-2xx, ${run.errors} errors` : '';
  log(`bench: round ${round} (${scenario.id}) ${side.name} ${connections} conns: ${run.rps.toFixed(0)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, ` +
    `CPU ${run.serverCpuMsPerRequest.toFixed(2)} ms/req, RSS ${run.peakRssMiB.toFixed(0)} MiB${failures}`);
  return run;
}

function scenarioResult(scenario: Scenario, found: Probe, runs: readonly RunResult[], ceilingRuns: readonly RunResult[], ceilingProblem: string | null): ScenarioResult {
  const failed = [...runs, ...ceilingRuns].find((r) => r.non2xx + r.errors > 0);
  const byConnections: AtConnections[] = CONNECTIONS.flatMap((connections) => {
    const vellum = bestRun(runs, connections);
    if (vellum === null) return [];
    const ceilingRun = bestRun(ceilingRuns, connections);
    const ceiling = ceilingRun === null ? null : figuresOf(ceilingRun);
    return [{
      connections,
      ...figuresOf(vellum),
      ceiling,
      ratio: ceiling === null ? null : round3(vellum.rps / ceiling.rps),
      cpuRatio: ceiling === null ? null : round3(vellum.serverCpuMsPerRequest / ceiling.cpuMsPerReq),
    }];
  });
  const at2 = byConnections.find((x) => x.connections === 2) ?? null;
  return {
    id: scenario.id,
    label: scenario.label,
    request: `${scenario.method} ${scenario.path.replace(/Bearer .*/, 'Bearer …')}`,
    notMeasured: found.problem ?? (failed ? `${failed.non2xx} non-2xx / ${failed.errors} errors under load` : null),
    status: found.status,
    statements: found.statements,
    responseBytes: found.bytes,
    rps: at2?.rps ?? null,
    p50: at2?.p50 ?? null,
    p99: at2?.p99 ?? null,
    cpuMsPerReq: at2?.cpuMsPerReq ?? null,
    rssMiB: runs.length > 0 ? Math.max(...runs.map((r) => r.peakRssMiB)) : null,
    ceiling: at2?.ceiling ?? null,
    ceilingProblem,
    ratio: at2?.ratio ?? null,
    cpuRatio: at2?.cpuRatio ?? null,
    byConnections,
    runs,
    ceilingRuns,
  };
}

/** The writes (g) on their own copy of the data: statement counts first, then the measured run. */
async function writesPhase(built: BuiltEntries, prepared: PreparedDatabase, env: Record<string, string>, writeToken: string, read: Scenario, readCpuMsPerReq: number): Promise<WritesResult> {
  const dir = mkdtempSync(join(tmpdir(), 'vellum-bench-writes-'));
  try {
    const copy = await prepared.copyForWrites(dir);
    const serverEnv = { ...env, ...copy.env };
    const counting = await startServer({ entry: built.vellum, args: ['start', copy.projectDir], projectDir: dir, serverTiming: true, logName: 'writes-statements', env: serverEnv });
    let statementsPerWrite: WritesResult['statementsPerWrite'];
    try {
      const refs = await writeRefs(counting.url);
      // On SQLite the first request after a commit checks the auth stamp with one statement more
      // (PRAGMA data_version, then the stamp: docs/auth.md): a read before each counted write puts
      // every write in the same state, so the counts compare the writes alone.
      const settled = async <T>(write: () => Promise<T>): Promise<T> => {
        await fetch(`${counting.url}/api/articles?pagination[pageSize]=1`);
        return write();
      };
      const created = await settled(() => send(counting.url, writeToken, createRequest(refs, 0)));
      const createdId = created.documentId;
      const updated = createdId === undefined ? undefined : await settled(() => send(counting.url, writeToken, updateRequest(refs, 0, createdId)));
      const small = await settled(() => send(counting.url, writeToken, createRequest(refs, 1, 1)));
      if (created.documentId === undefined) throw new Error(`bench: (g) create failed: HTTP ${created.status} ${created.text.slice(0, 300)}`);
      statementsPerWrite = { create: statementsOf(created.headers), update: updated ? statementsOf(updated.headers) : null, createWithOneRelated: statementsOf(small.headers) };
      log(`bench: (g) statements per create ${statementsPerWrite.create}, per update ${statementsPerWrite.update}, per create with 1 tag and 1 file ${statementsPerWrite.createWithOneRelated}`);
    } finally {
      await counting.stop();
    }
    const server = await startServer({ entry: built.vellum, args: ['start', copy.projectDir], projectDir: dir, logName: 'writes', env: serverEnv });
    try {
      const memory = sampleMemory(server.pid);
      const refs = await writeRefs(server.url);
      // warm-up: a fresh server's first writes load and compile what writing needs (~1 s on PostgreSQL)
      for (let n = 10; n < 13; n += 1) {
        const warm = await send(server.url, writeToken, createRequest(refs, n));
        if (warm.documentId !== undefined) await send(server.url, writeToken, updateRequest(refs, n, warm.documentId));
      }
      const cpuBefore = cpuMs(server.pid);
      const result = await runWrites({ url: server.url, token: writeToken, refs, read, writers, seconds, firstNumber: 1_000 });
      const cpu = cpuMs(server.pid) - cpuBefore;
      memory.stop();
      log(`bench: (g) ${result.writesPerSecond} writes/s, p50 ${result.p50} ms, p99 ${result.p99} ms; (a) under writes ${result.reads.rps.toFixed(0)} req/s, ` +
        `p99 ${result.reads.p99} ms${result.failures > 0 ? ` — ${result.failures} failed: ${result.firstFailure}` : ''}`);
      // the reads ran on the same server meanwhile: their share is taken out at (a)'s CPU per request
      const writeCpu = Math.max(0, cpu - result.reads.requests * readCpuMsPerReq);
      return { ...result, statementsPerWrite, serverCpuMsPerWrite: result.writes > 0 ? round3(writeCpu / result.writes) : Number.NaN, peakRssMiB: round1(memory.peak()) };
    } finally {
      await server.stop();
    }
  } finally {
    if (process.env.BENCH_KEEP === '1') log(`bench: writes project kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * What three webhooks cost the writes (g) (issue 22), on their own copy of the data: rounds with
 * and without alternating on one server, every delivery checked at the receiver (webhook-cost.ts).
 * Smoke: one short round, a proof that every delivery arrives.
 */
async function webhooksPhase(built: BuiltEntries, prepared: PreparedDatabase, env: Record<string, string>, writeToken: string): Promise<WebhookCost> {
  const dir = mkdtempSync(join(tmpdir(), 'vellum-bench-webhooks-'));
  try {
    const copy = await prepared.copyForWrites(dir);
    return await measureWebhookCost({
      vellum: built.vellum, projectDir: copy.projectDir, logDir: dir, env: { ...env, ...copy.env }, token: writeToken, log, writers,
      seconds: smoke ? 1 : seconds, rounds: smoke ? 1 : Math.max(rounds, 3),
    });
  } finally {
    if (process.env.BENCH_KEEP === '1') log(`bench: webhooks project kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `--cache`: the given scenarios on a Vellum server with the response cache on, after a check
 * that its bodies equal the uncached server's, against the ceiling runs of the read rounds.
 */
async function cachedPass(
  built: BuiltEntries, projectDir: string, env: Record<string, string>, list: readonly Scenario[],
  probes: ReadonlyMap<ScenarioId, Probe>, ceilingRuns: ReadonlyMap<ScenarioId, RunResult[]>,
): Promise<ScenarioResult[]> {
  const server = await startServer({ entry: built.vellum, args: ['start', projectDir], projectDir, logName: 'cached', env: { ...env, BENCH_REST_CACHE: CACHE_CONFIG } });
  const side: Side = { name: 'cached', server, memory: sampleMemory(server.pid), peak: 0, cpuUsed: 0 };
  const results: ScenarioResult[] = [];
  try {
    for (const scenario of list) {
      const found = await probe(server.url, scenario);
      const plain = probes.get(scenario.id);
      const problem = found.problem ?? (plain && found.bytes !== plain.bytes ? `cached body has ${found.bytes} bytes, uncached ${plain.bytes}` : undefined);
      const runs: RunResult[] = [];
      if (problem === undefined) {
        for (let round = 1; round <= rounds; round += 1) {
          await load(server.url, scenario, 10, warmupSeconds);
          for (const connections of CONNECTIONS) runs.push(await measure(side, scenario, connections, round));
        }
      } else {
        log(`bench: (${scenario.id}) cached NOT MEASURED: ${problem}`);
      }
      // after the probe's three requests the answer must come from the cache (`X-Cache: HIT`)
      const again = await fetch(server.url + scenario.path, scenario.headers === undefined ? {} : { headers: scenario.headers });
      await again.arrayBuffer();
      const hit = /hit/i.test(again.headers.get('x-cache') ?? '');
      if (!hit) log(`bench: (${scenario.id}) cached: no "X-Cache: HIT" — is the response cache (rest.cache) in this build?`);
      const result = scenarioResult(scenario, { ...found, statements: plain?.statements ?? null, problem }, runs, ceilingRuns.get(scenario.id) ?? [], null);
      results.push({ ...result, label: `${scenario.label}, cached${hit ? '' : ' (no X-Cache: HIT seen: cache inactive?)'}` });
    }
  } finally {
    side.memory.stop();
    await server.stop();
  }
  return results;
}

async function benchDatabase(db: BenchDatabase, built: BuiltEntries, baselineTree: BaselineTree | null): Promise<DatabaseResults> {
  const projectDir = mkdtempSync(join(tmpdir(), `vellum-bench-${db}-`));
  const size = smoke ? 'small' : 'full';
  const prepared = await prepareDatabase(db, projectDir, size, log);
  const baselineDir = baselineTree === null ? null : mkdtempSync(join(tmpdir(), 'vellum-bench-baseline-'));
  try {
    // one set of secrets for every process of this database: the tokens the CLI makes stay valid
    const secrets = productionSecrets();
    const env = { ...secrets, ...prepared.env };
    const readToken = await cliToken(built, prepared, secrets, 'bench read-only', 'read-only');
    const writeToken = await cliToken(built, prepared, secrets, 'bench writes', 'full-access');
    const all = readScenarios(prepared.sampleDocumentId, prepared.counts.published, readToken);
    const list = all.filter((s) => wanted(s.id));
    const withCeiling = prepared.file !== null;
    const vellumArgs = ['start', projectDir];
    // the baseline: its own project (the same model and config), on the current dataset or its own
    const baselineData = baselineTree !== null && baselineDir !== null ? await baselineDataset(baselineTree, await ensureDataset(log, size), size, secrets, log) : null;
    if (baselineData !== null && baselineDir !== null) copyFileSync(baselineData.info.file, writeBenchProject(baselineDir));
    const baselineList = baselineData === null ? [] : readScenarios(baselineData.info.sampleDocumentId, baselineData.info.counts.published)
      .filter((s) => wanted(s.id) && BASELINE_SCENARIOS.includes(s.id));
    const startBaseline = (logName: string, serverTiming = false): Promise<ServerHandle> =>
      startServer({ entry: baselineTree!.entry, args: ['start', baselineDir!], projectDir: baselineDir!, serverTiming, logName, env: secrets });
    const baselineCold = { ms: [] as number[], cpuMs: [] as number[] };

    // cold starts, Vellum and the ceiling alternately
    const vellumCold = { ms: [] as number[], cpuMs: [] as number[] };
    const ceilingCold = { ms: [] as number[], cpuMs: [] as number[] };
    for (let i = 0; i < coldStarts; i += 1) {
      const server = await startServer({ entry: built.vellum, args: vellumArgs, projectDir, logName: `cold-start-${i + 1}`, env });
      await server.stop();
      vellumCold.ms.push(server.coldStartMs);
      vellumCold.cpuMs.push(server.coldStartCpuMs);
      log(`bench: ${db}: cold start ${i + 1}: ${server.coldStartMs.toFixed(0)} ms, ${server.coldStartCpuMs.toFixed(0)} ms CPU (RSS ${server.rssAfterStartMiB.toFixed(0)} MiB)`);
      if (withCeiling) {
        const ceiling = await startServer({ entry: built.ceiling, args: [prepared.file!], projectDir, logName: `ceiling-cold-start-${i + 1}`, env });
        await ceiling.stop();
        ceilingCold.ms.push(ceiling.coldStartMs);
        ceilingCold.cpuMs.push(ceiling.coldStartCpuMs);
        log(`bench: ceiling cold start ${i + 1}: ${ceiling.coldStartMs.toFixed(0)} ms, ${ceiling.coldStartCpuMs.toFixed(0)} ms CPU (RSS ${ceiling.rssAfterStartMiB.toFixed(0)} MiB)`);
      }
      if (baselineData !== null) {
        const server = await startBaseline(`baseline-cold-start-${i + 1}`);
        await server.stop();
        baselineCold.ms.push(server.coldStartMs);
        baselineCold.cpuMs.push(server.coldStartCpuMs);
        log(`bench: baseline cold start ${i + 1}: ${server.coldStartMs.toFixed(0)} ms, ${server.coldStartCpuMs.toFixed(0)} ms CPU (RSS ${server.rssAfterStartMiB.toFixed(0)} MiB)`);
      }
    }

    // the checking pass
    const probes = new Map<ScenarioId, Probe>();
    let statementsByPageSize: DatabaseResults['statementsByPageSize'] = { 25: null, 100: null };
    const counting = await startServer({ entry: built.vellum, args: vellumArgs, projectDir, serverTiming: true, logName: 'statements', env });
    try {
      for (const scenario of list) {
        const found = await probe(counting.url, scenario);
        probes.set(scenario.id, found);
        log(`bench: ${db}: (${scenario.id}) HTTP ${found.status}, ${found.statements ?? '?'} statements, ${found.bytes} bytes${found.problem ? ` — NOT MEASURED: ${found.problem}` : ''}`);
      }
      const statementsAt = async (size: number): Promise<number | null> => statementsOf((await fetch(`${counting.url}/api/articles?pagination[pageSize]=${size}`)).headers);
      statementsByPageSize = { 25: await statementsAt(25), 100: await statementsAt(100) };
    } finally {
      await counting.stop();
    }
    const baselineProbes = new Map<ScenarioId, Probe>();
    if (baselineData !== null) {
      const baselineCounting = await startBaseline('baseline-statements', true);
      try {
        for (const scenario of baselineList) {
          const found = await probe(baselineCounting.url, scenario);
          baselineProbes.set(scenario.id, found);
          log(`bench: baseline: (${scenario.id}) HTTP ${found.status}, ${found.statements ?? '?'} statements, ${found.bytes} bytes${found.problem ? ` — NOT MEASURED: ${found.problem}` : ''}`);
        }
      } finally {
        await baselineCounting.stop();
      }
    }

    // the interleaved load rounds
    const vellumServer = await startServer({ entry: built.vellum, args: vellumArgs, projectDir, logName: 'load', env });
    const ceilingServer = withCeiling ? await startServer({ entry: built.ceiling, args: [prepared.file!], projectDir, logName: 'ceiling', env }) : null;
    const baselineServer = baselineData === null ? null : await startBaseline('baseline');
    if (coldStarts === 0) {
      vellumCold.ms.push(vellumServer.coldStartMs);
      vellumCold.cpuMs.push(vellumServer.coldStartCpuMs);
      if (ceilingServer) {
        ceilingCold.ms.push(ceilingServer.coldStartMs);
        ceilingCold.cpuMs.push(ceilingServer.coldStartCpuMs);
      }
    }
    const vellum: Side = { name: 'vellum', server: vellumServer, memory: sampleMemory(vellumServer.pid), peak: 0, cpuUsed: 0 };
    const ceiling: Side | null = ceilingServer ? { name: 'ceiling', server: ceilingServer, memory: sampleMemory(ceilingServer.pid), peak: 0, cpuUsed: 0 } : null;
    const baseline: Side | null = baselineServer ? { name: 'baseline', server: baselineServer, memory: sampleMemory(baselineServer.pid), peak: 0, cpuUsed: 0 } : null;
    const runs = new Map<ScenarioId, RunResult[]>();
    const ceilingRuns = new Map<ScenarioId, RunResult[]>();
    const baselineRuns = new Map<ScenarioId, RunResult[]>();
    let cpuShares: DatabaseResults['cpuShares'] = { vellum: 0, ceiling: 0, baseline: 0, loadGenerator: 0, otherProcesses: 0 };
    let highWaterMark = Number.NaN;
    // the ceiling is only a ceiling if it answers the same bytes (checked here on this run's data)
    const ceilingDiffers = new Map<ScenarioId, string>();
    if (ceilingServer !== null) {
      for (const scenario of list.filter((s) => CEILING_SCENARIOS.includes(s.id))) {
        const [ours, theirs] = await Promise.all([vellumServer.url, ceilingServer.url].map(async (url) => Buffer.from(await (await fetch(url + scenario.path)).arrayBuffer())));
        if (!ours!.equals(theirs!)) ceilingDiffers.set(scenario.id, `the ceiling's body differs from Vellum's (${theirs!.length} vs ${ours!.length} bytes)`);
      }
      for (const [id, problem] of ceilingDiffers) log(`bench: ${db}: (${id}) ceiling NOT MEASURED: ${problem}`);
    }
    // the baseline's bodies against Vellum's: identical, or where and how they differ
    const bodies = new Map<ScenarioId, BodyComparison>();
    if (baselineServer !== null && baselineData !== null) {
      for (const theirs of baselineList) {
        const ours = list.find((s) => s.id === theirs.id)!;
        const [vellumBody, baselineBody] = await Promise.all([sendScenario(vellumServer.url, ours), sendScenario(baselineServer.url, theirs)]);
        const comparison = compareBodies(vellumBody!.text, baselineBody!.text, baselineData.shared ? null : PER_BUILD_KEYS);
        bodies.set(theirs.id, comparison);
        log(`bench: baseline: (${theirs.id}) bodies: ${describeComparison(comparison)}`);
      }
    }
    const baselineMeasured = (id: ScenarioId): Scenario | undefined =>
      baselineProbes.get(id)?.problem === undefined ? baselineList.find((s) => s.id === id) : undefined;
    try {
      const machineBefore = machineCpuMs();
      const benchBefore = process.cpuUsage();
      const measurable = (id: ScenarioId): boolean => list.some((s) => s.id === id) && probes.get(id)?.problem === undefined;
      // (h) is judged against (d): measured in (d)'s slot, right beside it, so the two share the
      // machine's state; measured apart, the drift between slots on a shared machine (±50 % req/s)
      // was larger than the cost of the token it is meant to show.
      const tokenBesideD = measurable('d') && measurable('h');
      for (let round = 1; round <= rounds; round += 1) {
        for (const scenario of list) {
          if (scenario.id === 'g' || probes.get(scenario.id)?.problem !== undefined) continue;
          if (scenario.id === 'h' && tokenBesideD) continue;
          const sides = ceiling !== null && CEILING_SCENARIOS.includes(scenario.id) && !ceilingDiffers.has(scenario.id) ? [vellum, ceiling] : [vellum];
          const slots: { side: Side; scenario: Scenario }[] = sides.map((side) => ({ side, scenario }));
          if (scenario.id === 'd' && tokenBesideD) slots.push({ side: vellum, scenario: list.find((s) => s.id === 'h')! });
          const theirs = baselineMeasured(scenario.id);
          if (baseline !== null && theirs !== undefined) slots.push({ side: baseline, scenario: theirs });
          // alternate who goes first, so neither always runs on a machine the other just warmed
          if (round % 2 === 0) slots.reverse();
          for (const slot of slots) await load(slot.side.server.url, slot.scenario, 10, warmupSeconds);
          for (const connections of CONNECTIONS) {
            for (const slot of slots) {
              const run = await measure(slot.side, slot.scenario, connections, round);
              const into = slot.side.name === 'vellum' ? runs : slot.side.name === 'ceiling' ? ceilingRuns : baselineRuns;
              into.set(slot.scenario.id, [...(into.get(slot.scenario.id) ?? []), run]);
            }
          }
        }
      }
      const machine = machineCpuMs();
      const bench = process.cpuUsage(benchBefore);
      const benchUsed = (bench.user + bench.system) / 1000;
      const total = machine.total - machineBefore.total;
      const serversUsed = vellum.cpuUsed + (ceiling?.cpuUsed ?? 0) + (baseline?.cpuUsed ?? 0);
      cpuShares = {
        vellum: round1((vellum.cpuUsed / total) * 100),
        ceiling: round1(((ceiling?.cpuUsed ?? 0) / total) * 100),
        baseline: round1(((baseline?.cpuUsed ?? 0) / total) * 100),
        loadGenerator: round1((benchUsed / total) * 100),
        otherProcesses: round1((Math.max(0, machine.busy - machineBefore.busy - serversUsed - benchUsed) / total) * 100),
      };
      highWaterMark = memoryOf(vellumServer.pid)?.hwm ?? Number.NaN;
    } finally {
      vellum.memory.stop();
      ceiling?.memory.stop();
      baseline?.memory.stop();
      await vellumServer.stop();
      await ceilingServer?.stop();
      await baselineServer?.stop();
    }

    const cachedResults = cached ? await cachedPass(built, projectDir, env, list.filter((s) => CACHED_SCENARIOS.includes(s.id)), probes, ceilingRuns) : [];
    const scenarioResults = list.map((scenario) =>
      scenarioResult(scenario, probes.get(scenario.id)!, runs.get(scenario.id) ?? [], ceilingRuns.get(scenario.id) ?? [], ceilingDiffers.get(scenario.id) ?? null));
    const read = all.find((s) => s.id === 'a')!;
    const readCpu = scenarioResults.find((s) => s.id === 'a')?.cpuMsPerReq ?? 0;
    const writes = wanted('g') ? await writesPhase(built, prepared, secrets, writeToken, read, readCpu) : null;
    const webhooks = wanted('g') ? await webhooksPhase(built, prepared, secrets, writeToken) : null;
    const baselineResults: BaselineResults | null = baselineTree === null || baselineData === null || baselineServer === null ? null : {
      ref: baselineTree.ref,
      sha: baselineTree.sha,
      modules: baselineTree.modules,
      dataset: { key: baselineData.info.key, shared: baselineData.shared, layoutDifferences: baselineData.layoutDifferences },
      coldStart: toColdStart(coldStarts === 0 ? { ms: [baselineServer.coldStartMs], cpuMs: [baselineServer.coldStartCpuMs] } : baselineCold),
      memory: { rssAfterStartMiB: Math.round(baselineServer.rssAfterStartMiB), peakUnderLoadMiB: Math.round(baseline?.peak ?? Number.NaN) },
      scenarios: baselineList.map((scenario) => {
        const found = baselineProbes.get(scenario.id);
        const theirRuns = baselineRuns.get(scenario.id) ?? [];
        const failed = theirRuns.find((r) => r.non2xx + r.errors > 0);
        return {
          id: scenario.id,
          label: scenario.label,
          notMeasured: found?.problem ?? (failed ? `${failed.non2xx} non-2xx / ${failed.errors} errors under load` : null),
          statements: { vellum: probes.get(scenario.id)?.statements ?? null, baseline: found?.statements ?? null },
          bodies: bodies.get(scenario.id) ?? null,
          byConnections: baselineFigures(runs.get(scenario.id) ?? [], theirRuns, CONNECTIONS),
          runs: theirRuns,
        };
      }),
    };

    return {
      db,
      dataset: { key: prepared.key, counts: { ...prepared.counts } },
      loadMs: prepared.loadMs,
      coldStart: toColdStart(vellumCold),
      ceilingColdStart: withCeiling ? toColdStart(ceilingCold) : null,
      memory: { rssAfterStartMiB: Math.round(vellumServer.rssAfterStartMiB), peakUnderLoadMiB: Math.round(vellum.peak), highWaterMarkMiB: Math.round(highWaterMark) },
      ceilingMemory: ceilingServer && ceiling ? { rssAfterStartMiB: Math.round(ceilingServer.rssAfterStartMiB), peakUnderLoadMiB: Math.round(ceiling.peak) } : null,
      statementsByPageSize,
      cpuShares,
      scenarios: scenarioResults,
      cached: cachedResults,
      writes,
      webhooks,
      baseline: baselineResults,
    };
  } finally {
    await prepared.drop();
    if (process.env.BENCH_KEEP === '1') log(`bench: project kept in ${projectDir}${baselineDir === null ? '' : ` (baseline: ${baselineDir})`}`);
    else for (const dir of [projectDir, baselineDir]) if (dir !== null) rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const loadAverageBefore = loadavg();
  const built = await buildServer();
  log(`bench: vellum's server bundle built and the ceiling transpiled in ${built.ms} ms${smoke ? ' (smoke run)' : ''}`);
  const baselineTree = baselineRef === undefined ? null : await prepareBaselineTree(baselineRef, log);
  if (baselineTree !== null) log(`bench: baseline ${baselineTree.ref} (${baselineTree.sha.slice(0, 12)}) built; node_modules: ${baselineTree.modules.how}`);
  const results: DatabaseResults[] = [];
  for (const db of databases) results.push(await benchDatabase(db as BenchDatabase, built, db === 'sqlite' ? baselineTree : null));
  const primary = results[0]!;
  const partial: Omit<BenchResults, 'targets'> = {
    date: new Date().toISOString(),
    smoke,
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
      node: process.version,
      loadAverageBefore,
      loadAverageAfter: loadavg(),
      share: primary.cpuShares,
    },
    settings: { warmupSeconds, seconds, rounds, connections: CONNECTIONS, writers },
    db: primary.db,
    coldStartMs: primary.coldStart.medianMs,
    ceilingColdStartMs: primary.ceilingColdStart?.medianMs ?? null,
    loadMs: primary.loadMs,
    rssUnderLoadMiB: primary.memory.peakUnderLoadMiB,
    scenarios: primary.scenarios,
    writes: primary.writes,
    databases: results,
    baseline: results.find((r) => r.baseline !== null)?.baseline ?? null,
  };
  const report: BenchResults = { ...partial, targets: targetsOf(partial) };
  const outDir = complete ? join(BENCH_DIR, 'results') : join(CACHE_DIR, 'results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  const table = markdown(report);
  writeFileSync(join(outDir, 'latest.md'), table);
  console.log(`\n${table}`);
  log(`bench: results in ${outDir}${complete ? '' : ' (not a complete run: bench/results/ is left alone)'}`);
  if (smoke) {
    // the smoke run is CI's proof that every scenario answers right, under load, on every server
    const problems = results.flatMap((db) => [
      ...db.scenarios.filter((s) => s.notMeasured !== null).map((s) => `${db.db} (${s.id}): ${s.notMeasured}`),
      ...db.scenarios.filter((s) => s.ceilingProblem !== null).map((s) => `${db.db} (${s.id}): ${s.ceilingProblem}`),
      ...(db.writes && db.writes.failures > 0 ? [`${db.db} (g): ${db.writes.failures} failed writes, first: ${db.writes.firstFailure}`] : []),
      ...(wanted('g') && db.writes?.writes === 0 ? [`${db.db} (g): no write completed`] : []),
      ...(db.webhooks && db.webhooks.deliveries.received !== db.webhooks.deliveries.expected ? [`${db.db} webhooks: ${db.webhooks.deliveries.received} of ${db.webhooks.deliveries.expected} deliveries received`] : []),
    ]);
    if (problems.length > 0) {
      console.error(`bench: smoke run failed:\n${problems.join('\n')}`);
      process.exitCode = 1;
    }
  }
}

await main();
