/**
 * The results file (`bench/results/latest.json`) and its markdown table (`latest.md`): Vellum's
 * figures beside the anchors' Strapi and hand-written-ceiling figures, as ratios.
 */
import { CEILING, CEILING_PROCESS, STRAPI, STRAPI_PROCESS, TARGETS } from './anchors.js';
import type { LoadResult } from './load.js';
import type { ScenarioId } from './scenarios.js';

export interface RunResult extends LoadResult {
  readonly round: number;
  /** server CPU time (user + system) per request, from /proc */
  readonly serverCpuMsPerRequest: number;
  readonly peakRssMiB: number;
}

export interface ScenarioResult {
  readonly id: ScenarioId;
  readonly label: string;
  readonly request: string;
  /** why the scenario was not measured (its response was wrong), else null */
  readonly notMeasured: string | null;
  readonly status: number;
  readonly statements: number | null;
  readonly responseBytes: number;
  readonly runs: readonly RunResult[];
  /** the best round (highest req/s) at each connection count */
  readonly at2: RunResult | null;
  readonly at10: RunResult | null;
}

export interface Target {
  readonly name: string;
  readonly target: string;
  readonly actual: string;
  readonly met: boolean | null;
}

export interface BenchResults {
  readonly date: string;
  readonly machine: {
    readonly cpus: number;
    readonly cpuModel: string;
    readonly node: string;
    readonly loadAverageBefore: readonly number[];
    readonly loadAverageAfter: readonly number[];
    /** percent of all cores' time during the load phase: the server, autocannon (this process), everything else */
    readonly cpuSharesDuringLoad: { readonly server: number; readonly loadGenerator: number; readonly otherProcesses: number };
  };
  readonly settings: { readonly warmupSeconds: number; readonly seconds: number; readonly rounds: number; readonly connections: readonly number[] };
  readonly dataset: { readonly key: string; readonly counts: Readonly<Record<string, number>>; readonly bytes: number };
  readonly coldStart: {
    readonly runsMs: readonly number[];
    readonly medianMs: number;
    /** CPU time the process used to get there: less sensitive to other work on the machine */
    readonly cpuMs: readonly number[];
    readonly medianCpuMs: number;
  };
  readonly memory: { readonly rssAfterStartMiB: number; readonly peakUnderLoadMiB: number; readonly highWaterMarkMiB: number };
  readonly scenarios: readonly ScenarioResult[];
  readonly targets: readonly Target[];
}

const fixed = (value: number, digits = 0): string => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const ratio = (value: number): string => (Number.isFinite(value) ? `${value.toFixed(value >= 10 ? 0 : 2)}×` : '–');

export function targetsOf(results: Omit<BenchResults, 'targets'>): Target[] {
  const targets: Target[] = [];
  for (const id of ['a', 'b', 'd'] as const) {
    const scenario = results.scenarios.find((s) => s.id === id);
    const ceiling = CEILING[id]!;
    const rps = scenario?.at2?.rps ?? Number.NaN;
    targets.push({
      name: `(${id}) vs ceiling at 2 conns`,
      target: `≥ ${TARGETS.ceilingFraction}× ceiling (${fixed(ceiling.rps2 * TARGETS.ceilingFraction)} req/s)`,
      actual: `${fixed(rps)} req/s = ${ratio(rps / ceiling.rps2)}`,
      met: Number.isFinite(rps) ? rps >= ceiling.rps2 * TARGETS.ceilingFraction : null,
    });
  }
  const graphql = results.scenarios.find((s) => s.id === 'e');
  const rpsE = graphql?.at2?.rps ?? Number.NaN;
  targets.push({
    name: '(e) GraphQL vs Strapi at 2 conns',
    target: `≥ ${TARGETS.graphqlTimesStrapi}× Strapi (${STRAPI.e.rps2 * TARGETS.graphqlTimesStrapi} req/s), a handful of statements`,
    actual: graphql?.notMeasured ? `not measured: ${graphql.notMeasured}` : `${fixed(rpsE)} req/s = ${ratio(rpsE / STRAPI.e.rps2)}, ${graphql?.statements ?? '?'} statements`,
    met: Number.isFinite(rpsE) ? rpsE >= STRAPI.e.rps2 * TARGETS.graphqlTimesStrapi : null,
  });
  targets.push({
    name: 'cold start (process start → first 200)',
    target: `< ${TARGETS.coldStartMs} ms`,
    actual: `${fixed(results.coldStart.medianMs)} ms (median of ${results.coldStart.runsMs.length})`,
    met: results.coldStart.medianMs < TARGETS.coldStartMs,
  });
  targets.push({
    name: 'RSS under load',
    target: `< ${TARGETS.rssUnderLoadMiB} MiB`,
    actual: `${fixed(results.memory.peakUnderLoadMiB)} MiB peak`,
    met: results.memory.peakUnderLoadMiB < TARGETS.rssUnderLoadMiB,
  });
  return targets;
}

function scenarioRows(results: BenchResults): string[] {
  const rows = [
    '| scenario | req/s @2 | p50 / p99 ms @2 | req/s @10 | p50 / p99 ms @10 | SQL / req | body bytes | server CPU ms / req | × Strapi @2 | × Strapi @10 | ÷ ceiling @2 | Strapi SQL |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const s of results.scenarios) {
    const strapi = STRAPI[s.id];
    const ceiling = CEILING[s.id];
    if (s.notMeasured !== null || s.at2 === null) {
      rows.push(`| (${s.id}) ${s.label} | not measured: ${s.notMeasured ?? 'no run'} | | | | ${s.statements ?? '–'} | | | | | | ${strapi.statements} |`);
      continue;
    }
    const at10 = s.at10;
    rows.push([
      `(${s.id}) ${s.label}`,
      fixed(s.at2.rps),
      `${fixed(s.at2.p50, 1)} / ${fixed(s.at2.p99, 1)}`,
      at10 ? fixed(at10.rps) : '–',
      at10 ? `${fixed(at10.p50, 1)} / ${fixed(at10.p99, 1)}` : '–',
      s.statements === null ? '?' : String(s.statements),
      String(s.responseBytes),
      fixed(s.at2.serverCpuMsPerRequest, 2),
      ratio(s.at2.rps / strapi.rps2),
      at10 ? ratio(at10.rps / strapi.rps10) : '–',
      ceiling ? ratio(s.at2.rps / ceiling.rps2) : '–',
      String(strapi.statements),
    ].join(' | ').replace(/^/, '| ').replace(/$/, ' |'));
  }
  return rows;
}

export function markdown(results: BenchResults): string {
  const m = results.machine;
  const lines = [
    `# Vellum benchmark — ${results.date}`,
    '',
    `Machine: ${m.cpus} × ${m.cpuModel}, Node ${m.node}; load average before ${m.loadAverageBefore.map((n) => n.toFixed(2)).join(' ')}, ` +
      `after ${m.loadAverageAfter.map((n) => n.toFixed(2)).join(' ')}. During the load runs the ${m.cpus} cores' time went ` +
      `${m.cpuSharesDuringLoad.server}% to the server, ${m.cpuSharesDuringLoad.loadGenerator}% to autocannon and ` +
      `**${m.cpuSharesDuringLoad.otherProcesses}% to other processes** (the cores are shared with other work: req/s and latencies ` +
      'suffer from it; server CPU ms per request much less so).',
    `Dataset ${results.dataset.key}: ${Object.entries(results.dataset.counts).map(([k, v]) => `${v} ${k}`).join(', ')} (SQLite, ${(results.dataset.bytes / 1048576).toFixed(1)} MiB).`,
    `Method: server in its own process (\`vellum start\`, NODE_ENV=production), autocannon from the bench process, ` +
      `${results.settings.warmupSeconds} s warm-up then ${results.settings.seconds} s per connection count, ` +
      `${results.settings.rounds} interleaved round(s), best round shown. SQL statements from a separate pass with Server-Timing on.`,
    '',
    ...scenarioRows(results),
    '',
    '| process | Vellum | Strapi (anchors) | ceiling (anchors) |',
    '|---|---:|---:|---:|',
    `| cold start (process start → first 200), median of ${results.coldStart.runsMs.length} | ${fixed(results.coldStart.medianMs)} ms (${fixed(results.coldStart.medianCpuMs)} ms CPU) | ${STRAPI_PROCESS.coldStartMs} ms | ${CEILING_PROCESS.coldStartMs} ms |`,
    `| RSS after start | ${fixed(results.memory.rssAfterStartMiB)} MiB | ${STRAPI_PROCESS.rssAfterStartMiB} MiB | ${CEILING_PROCESS.rssMiB[0]} MiB |`,
    `| RSS peak under load | ${fixed(results.memory.peakUnderLoadMiB)} MiB | ~${STRAPI_PROCESS.rssPeakMiB} MiB | ${CEILING_PROCESS.rssMiB[1]} MiB |`,
    '',
    '| target | aim | this run | met |',
    '|---|---|---|---|',
    ...results.targets.map((t) => `| ${t.name} | ${t.target} | ${t.actual} | ${t.met === null ? 'not measured' : t.met ? 'yes' : 'no'} |`),
    '',
    'Strapi and ceiling figures come from `shared/anchors.md` (same kind of machine, another run): ratios against them ' +
      'carry the drift between runs, and more so when the load average shows other work.',
    '',
  ];
  return lines.join('\n');
}
