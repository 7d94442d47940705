/**
 * The results file (`latest.json`) and its markdown (`latest.md`): Vellum beside the
 * hand-written ceiling of the same run (÷ ceiling per scenario and connection count, req/s and
 * CPU per request), Strapi's anchor figures as a reference column, the writes, the other
 * databases, and every target of issue 13 marked met or not. The tables are the ones
 * `docs/benchmarks.md` shows.
 */
import { STRAPI, STRAPI_PROCESS, TARGETS } from './anchors.js';
import { baselineSection } from './baseline-report.js';
import type { BaselineResults } from './baseline-report.js';
import { fixed, pairedRatio, row, times } from './report-cells.js';
import type { ColdStart, Figures, RunResult } from './run-result.js';
import type { ScenarioId } from './scenarios.js';
import type { WebhookCost } from './webhook-cost.js';
import type { WriteResult } from './writes.js';

export interface AtConnections extends Figures {
  readonly connections: number;
  /** the ceiling's best run at this connection count ((a), (b), (d), (f) on SQLite) */
  readonly ceiling: Figures | null;
  /** Vellum ÷ ceiling: req/s (higher is better) and CPU per request (lower is better) */
  readonly ratio: number | null;
  readonly cpuRatio: number | null;
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
  /** the headline figures: 2 connections (as `byConnections[0]`) */
  readonly rps: number | null;
  readonly p50: number | null;
  readonly p99: number | null;
  readonly cpuMsPerReq: number | null;
  readonly rssMiB: number | null;
  readonly ceiling: Figures | null;
  /** why the ceiling was not measured on this scenario (its bytes differ from Vellum's), else null */
  readonly ceilingProblem: string | null;
  readonly ratio: number | null;
  readonly cpuRatio: number | null;
  readonly byConnections: readonly AtConnections[];
  readonly runs: readonly RunResult[];
  readonly ceilingRuns: readonly RunResult[];
}

export interface WritesResult extends WriteResult {
  /** SQL statements of one create and one update (3 tags, 3 gallery files), and of a create with 1 of each */
  readonly statementsPerWrite: { readonly create: number | null; readonly update: number | null; readonly createWithOneRelated: number | null };
  readonly serverCpuMsPerWrite: number;
  readonly peakRssMiB: number;
}

export interface DatabaseResults {
  readonly db: string;
  readonly dataset: { readonly key: string; readonly counts: Readonly<Record<string, number>> };
  /** time to make the dataset ready: copy of the cached SQLite file, or generation on the server */
  readonly loadMs: number;
  readonly coldStart: ColdStart;
  /** the ceiling's cold start (SQLite only) */
  readonly ceilingColdStart: ColdStart | null;
  readonly memory: { readonly rssAfterStartMiB: number; readonly peakUnderLoadMiB: number; readonly highWaterMarkMiB: number };
  readonly ceilingMemory: { readonly rssAfterStartMiB: number; readonly peakUnderLoadMiB: number } | null;
  /** statements of (a) at page sizes 25 and 100: they must not grow with the page */
  readonly statementsByPageSize: { readonly 25: number | null; readonly 100: number | null };
  /** percent of all cores' time during this database's read rounds */
  readonly cpuShares: { readonly vellum: number; readonly ceiling: number; readonly baseline: number; readonly loadGenerator: number; readonly otherProcesses: number };
  readonly scenarios: readonly ScenarioResult[];
  /** `--baseline <ref>`: another commit's server, measured interleaved with Vellum (SQLite only) */
  readonly baseline: BaselineResults | null;
  /** `--cache`: (a), (b), (d) with the response cache on (ratios against this run's ceiling) */
  readonly cached: readonly ScenarioResult[];
  readonly writes: WritesResult | null;
  /** the writes (g) with three webhooks against none (issue 22), same server, alternating rounds */
  readonly webhooks?: WebhookCost | null;
}

export interface Target {
  readonly name: string;
  readonly target: string;
  readonly actual: string;
  readonly met: boolean | null;
}

export interface BenchResults {
  readonly date: string;
  /** `--smoke`: proves the bench runs; its figures mean nothing */
  readonly smoke: boolean;
  readonly machine: {
    readonly cpus: number;
    readonly cpuModel: string;
    readonly node: string;
    readonly loadAverageBefore: readonly number[];
    readonly loadAverageAfter: readonly number[];
    /** percent of all cores' time during the first database's read rounds (its `cpuShares`) */
    readonly share: DatabaseResults['cpuShares'];
  };
  readonly settings: { readonly warmupSeconds: number; readonly seconds: number; readonly rounds: number; readonly connections: readonly number[]; readonly writers: number };
  /** the headline: the first database of the run (SQLite unless `--db` says otherwise) */
  readonly db: string;
  readonly coldStartMs: number;
  readonly ceilingColdStartMs: number | null;
  readonly loadMs: number;
  readonly rssUnderLoadMiB: number;
  readonly scenarios: readonly ScenarioResult[];
  readonly writes: WritesResult | null;
  readonly databases: readonly DatabaseResults[];
  /** the headline database's `baseline` (`--baseline <ref>`) */
  readonly baseline: BaselineResults | null;
  readonly targets: readonly Target[];
}

const metCell = (met: boolean | null): string => (met === null ? 'not measured' : met ? '**met**' : '**not met**');

/**
 * (h) ÷ (d) at one connection count: the median over rounds of the ratio of the two runs made side
 * by side in the same round (the bench measures (h) in (d)'s slot); without such pairs (one of
 * them measured apart, or made-up figures), the best runs' ratio.
 */
export function tokenShare(d: ScenarioResult | undefined, h: ScenarioResult | undefined, connections: number): { rps: number; cpu: number } {
  const paired = pairedRatio(h?.runs ?? [], d?.runs ?? [], connections);
  if (paired !== null) return paired;
  const hAt = h?.byConnections.find((x) => x.connections === connections);
  const dAt = d?.byConnections.find((x) => x.connections === connections);
  return hAt && dAt ? { rps: hAt.rps / dAt.rps, cpu: hAt.cpuMsPerReq / dAt.cpuMsPerReq } : { rps: Number.NaN, cpu: Number.NaN };
}

export function targetsOf(results: Omit<BenchResults, 'targets'>): Target[] {
  const targets: Target[] = [];
  const scenario = (id: ScenarioId): ScenarioResult | undefined => results.scenarios.find((s) => s.id === id && s.notMeasured === null);
  for (const id of ['a', 'b', 'd', 'f'] as const) {
    for (const at of scenario(id)?.byConnections ?? [{ connections: 2, ratio: null, cpuRatio: null } as const]) {
      targets.push({
        name: `(${id}) ÷ ceiling, ${at.connections} conns: req/s`,
        target: `≥ ${TARGETS.ceilingFraction}×`,
        actual: times(at.ratio),
        met: at.ratio === null ? null : at.ratio >= TARGETS.ceilingFraction,
      });
      targets.push({
        name: `(${id}) ÷ ceiling, ${at.connections} conns: CPU per request`,
        target: `≤ ${TARGETS.ceilingCpu}×`,
        actual: times(at.cpuRatio),
        met: at.cpuRatio === null ? null : at.cpuRatio <= TARGETS.ceilingCpu,
      });
    }
  }
  const d = scenario('d');
  const h = scenario('h');
  for (const hAt of h?.byConnections ?? []) {
    const paired = tokenShare(d, h, hAt.connections);
    targets.push({
      name: `(h) token ÷ (d) anonymous, ${hAt.connections} conns: req/s`,
      target: `≥ ${TARGETS.tokenFraction}×`,
      actual: times(paired.rps),
      met: Number.isFinite(paired.rps) ? paired.rps >= TARGETS.tokenFraction : null,
    });
    targets.push({
      name: `(h) token ÷ (d) anonymous, ${hAt.connections} conns: CPU per request`,
      target: `≤ ${TARGETS.ceilingCpu}×`,
      actual: times(paired.cpu),
      met: Number.isFinite(paired.cpu) ? paired.cpu <= TARGETS.ceilingCpu : null,
    });
  }
  const e = scenario('e');
  const strapiE = STRAPI.e!;
  const eTimes = e?.rps == null ? Number.NaN : e.rps / strapiE.rps2;
  targets.push({
    name: '(e) GraphQL ÷ Strapi (anchors), 2 conns',
    target: `≥ ${TARGETS.graphqlTimesStrapi}×, ≤ ${TARGETS.graphqlStatements} statements`,
    actual: e ? `${times(eTimes)}, ${e.statements ?? '?'} statements` : 'not measured',
    met: e && Number.isFinite(eTimes) ? eTimes >= TARGETS.graphqlTimesStrapi && (e.statements ?? Infinity) <= TARGETS.graphqlStatements : null,
  });
  const primary = results.databases[0];
  const pages = primary?.statementsByPageSize;
  targets.push({
    name: 'statements per request vs page size ((a) at 25 and 100)',
    target: 'equal',
    actual: pages ? `${pages[25] ?? '?'} and ${pages[100] ?? '?'}` : 'not measured',
    met: pages && pages[25] !== null && pages[100] !== null ? pages[25] === pages[100] : null,
  });
  const perWrite = results.writes?.statementsPerWrite;
  targets.push({
    name: '(g) statements per create vs related items (3 tags + 3 files, 1 + 1)',
    target: 'equal',
    actual: perWrite ? `${perWrite.create ?? '?'} and ${perWrite.createWithOneRelated ?? '?'}` : 'not measured',
    met: perWrite && perWrite.create !== null && perWrite.createWithOneRelated !== null ? perWrite.create === perWrite.createWithOneRelated : null,
  });
  const hooks = results.databases[0]?.webhooks;
  targets.push({
    name: '(g) writes/s with three webhooks ÷ none (every delivery received)',
    target: `≥ ${TARGETS.webhookWriteRatio}`,
    actual: hooks ? `${fixed(hooks.ratio, 3)} (${hooks.deliveries.received} of ${hooks.deliveries.expected} deliveries)` : 'not measured',
    met: hooks ? hooks.ratio >= TARGETS.webhookWriteRatio && hooks.deliveries.received === hooks.deliveries.expected : null,
  });
  targets.push({
    name: 'RSS under load (peak)',
    target: `< ${TARGETS.rssUnderLoadMiB} MiB`,
    actual: `${fixed(results.rssUnderLoadMiB)} MiB`,
    met: Number.isFinite(results.rssUnderLoadMiB) && results.rssUnderLoadMiB > 0 ? results.rssUnderLoadMiB < TARGETS.rssUnderLoadMiB : null,
  });
  targets.push({
    name: 'cold start (spawn → first 200)',
    target: `< ${TARGETS.coldStartMs} ms`,
    actual: `${fixed(results.coldStartMs)} ms (ceiling: ${fixed(results.ceilingColdStartMs)} ms)`,
    met: results.coldStartMs < TARGETS.coldStartMs,
  });
  return targets;
}

/** Vellum ÷ ceiling for (a), (b), (d), (f) at each connection count. */
function ceilingTable(scenarios: readonly ScenarioResult[]): string[] {
  const lines = [
    row(['scenario', 'conns', 'Vellum req/s', 'ceiling req/s', '**÷ ceiling req/s**', 'Vellum CPU ms/req', 'ceiling CPU ms/req', '**÷ ceiling CPU**', 'Vellum p50 / p99 ms', 'ceiling p50 / p99 ms']),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
  ];
  for (const s of scenarios) {
    if (s.notMeasured !== null) {
      lines.push(row([`(${s.id}) ${s.label}`, '', `not measured: ${s.notMeasured}`, '', '', '', '', '', '', '']));
      continue;
    }
    if (s.ceilingProblem !== null) lines.push(row([`(${s.id}) ${s.label}`, '', `ceiling not measured: ${s.ceilingProblem}`, '', '', '', '', '', '', '']));
    for (const at of s.byConnections) {
      if (at.ceiling === null) continue;
      lines.push(row([
        `(${s.id}) ${s.label}`, at.connections, fixed(at.rps), fixed(at.ceiling.rps), `**${times(at.ratio)}**`,
        fixed(at.cpuMsPerReq, 2), fixed(at.ceiling.cpuMsPerReq, 2), `**${times(at.cpuRatio)}**`,
        `${fixed(at.p50, 1)} / ${fixed(at.p99, 1)}`, `${fixed(at.ceiling.p50, 1)} / ${fixed(at.ceiling.p99, 1)}`,
      ]));
    }
  }
  return lines;
}

/** Every read scenario: Vellum's figures, statements, and Strapi's anchors as a reference. */
function scenarioTable(db: DatabaseResults): string[] {
  const lines = [
    row(['scenario', 'req/s @2', 'p50 / p99 ms @2', 'req/s @10', 'p50 / p99 ms @10', 'SQL / req', 'body bytes', 'CPU ms / req @2', 'RSS MiB', '× Strapi @2 (anchors)', 'Strapi SQL']),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
  ];
  for (const s of db.scenarios) {
    const strapi = STRAPI[s.id];
    if (s.notMeasured !== null) {
      lines.push(row([`(${s.id}) ${s.label}`, `not measured: ${s.notMeasured}`, '', '', '', s.statements ?? '–', '', '', '', '', strapi?.statements ?? '–']));
      continue;
    }
    const at2 = s.byConnections.find((x) => x.connections === 2);
    const at10 = s.byConnections.find((x) => x.connections === 10);
    lines.push(row([
      `(${s.id}) ${s.label}`,
      fixed(at2?.rps), at2 ? `${fixed(at2.p50, 1)} / ${fixed(at2.p99, 1)}` : '–',
      fixed(at10?.rps), at10 ? `${fixed(at10.p50, 1)} / ${fixed(at10.p99, 1)}` : '–',
      s.statements ?? '?', s.responseBytes, fixed(at2?.cpuMsPerReq, 2), fixed(s.rssMiB),
      strapi && at2 ? times(at2.rps / strapi.rps2) : '–', strapi?.statements ?? '–',
    ]));
  }
  return lines;
}

function writesTable(dbs: readonly DatabaseResults[]): string[] {
  const lines = [
    row(['database', 'writers', 'writes/s', 'write p50 / p99 ms', 'SQL per create / update', 'SQL per create, 1 tag + 1 file', 'CPU ms / write (est.)', '(a) under writes: req/s, p50 / p99 ms', '(a) alone @2: req/s, p50 / p99 ms', 'failures']),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
  ];
  for (const db of dbs) {
    const w = db.writes;
    if (w === null) continue;
    const alone = db.scenarios.find((s) => s.id === 'a')?.byConnections.find((x) => x.connections === 2);
    lines.push(row([
      db.db, w.writers, fixed(w.writesPerSecond, 1), `${fixed(w.p50, 1)} / ${fixed(w.p99, 1)}`,
      `${w.statementsPerWrite.create ?? '?'} / ${w.statementsPerWrite.update ?? '?'}`, w.statementsPerWrite.createWithOneRelated ?? '?',
      fixed(w.serverCpuMsPerWrite, 2),
      `${fixed(w.reads.rps)}, ${fixed(w.reads.p50, 1)} / ${fixed(w.reads.p99, 1)}`,
      alone ? `${fixed(alone.rps)}, ${fixed(alone.p50, 1)} / ${fixed(alone.p99, 1)}` : '–',
      w.failures === 0 ? '0' : `${w.failures}: ${w.firstFailure ?? ''}`,
    ]));
  }
  return lines;
}

function webhooksTable(dbs: readonly DatabaseResults[]): string[] {
  const avg = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0) / values.length;
  const lines = [
    row(['database', 'writers', 'rounds × s per side', 'writes/s: none / three webhooks', 'ratio (median of rounds)', 'write p50 ms: none / three', 'server CPU ms / write: none / three', 'deliveries received', 'last delivery after the last write']),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
  ];
  for (const db of dbs) {
    const h = db.webhooks;
    if (!h) continue;
    lines.push(row([
      db.db, h.writers, `${h.rounds} × ${h.seconds}`, `${fixed(avg(h.none.writesPerSecond), 1)} / ${fixed(avg(h.three.writesPerSecond), 1)}`, fixed(h.ratio, 3),
      `${fixed(avg(h.none.p50), 1)} / ${fixed(avg(h.three.p50), 1)}`, `${fixed(avg(h.none.cpuMsPerWrite), 2)} / ${fixed(avg(h.three.cpuMsPerWrite), 2)}`,
      `${h.deliveries.received} of ${h.deliveries.expected}`, `≤ ${h.deliveries.maxDrainMs} ms`,
    ]));
  }
  return lines;
}

/** The same scenarios on each database of the run, side by side. */
function databasesTable(dbs: readonly DatabaseResults[]): string[] {
  const head = ['scenario', ...dbs.flatMap((db) => [`${db.db} req/s @2`, `${db.db} CPU ms/req`, `${db.db} SQL`])];
  const lines = [row(head), row(head.map((_, i) => (i === 0 ? '---' : '---:')))];
  const ids = [...new Set(dbs.flatMap((db) => db.scenarios.map((s) => s.id)))];
  for (const id of ids) {
    const first = dbs.map((db) => db.scenarios.find((s) => s.id === id)).find((s) => s !== undefined)!;
    lines.push(row([`(${id}) ${first.label}`, ...dbs.flatMap((db) => {
      const s = db.scenarios.find((x) => x.id === id);
      if (!s || s.notMeasured !== null) return ['–', '–', s?.statements ?? '–'];
      return [fixed(s.rps), fixed(s.cpuMsPerReq, 2), s.statements ?? '?'];
    })]));
  }
  lines.push(row(['cold start ms (median)', ...dbs.flatMap((db) => [fixed(db.coldStart.medianMs), `${fixed(db.coldStart.medianCpuMs)} CPU`, ''])]));
  lines.push(row(['dataset load ms', ...dbs.flatMap((db) => [fixed(db.loadMs), '', ''])]));
  return lines;
}

function processTable(results: BenchResults): string[] {
  const db = results.databases[0]!;
  const ceiling = db.ceilingColdStart;
  return [
    row(['process', 'Vellum', 'ceiling (this run)', 'Strapi (anchors)']),
    row(['---', '---:', '---:', '---:']),
    row([`cold start (spawn → first 200), median of ${db.coldStart.runsMs.length}`,
      `${fixed(db.coldStart.medianMs)} ms (${fixed(db.coldStart.medianCpuMs)} ms CPU)`,
      ceiling ? `${fixed(ceiling.medianMs)} ms (${fixed(ceiling.medianCpuMs)} ms CPU)` : '–', `${STRAPI_PROCESS.coldStartMs} ms`]),
    row(['RSS after start', `${fixed(db.memory.rssAfterStartMiB)} MiB`, db.ceilingMemory ? `${fixed(db.ceilingMemory.rssAfterStartMiB)} MiB` : '–', `${STRAPI_PROCESS.rssAfterStartMiB} MiB`]),
    row(['RSS peak under load', `${fixed(db.memory.peakUnderLoadMiB)} MiB`, db.ceilingMemory ? `${fixed(db.ceilingMemory.peakUnderLoadMiB)} MiB` : '–', `~${STRAPI_PROCESS.rssPeakMiB} MiB`]),
  ];
}

export function markdown(results: BenchResults): string {
  const m = results.machine;
  const primary = results.databases[0]!;
  const share = m.share;
  const lines = [
    `# Vellum benchmark — ${results.date}${results.smoke ? ' (smoke run: the figures mean nothing)' : ''}`,
    '',
    `Machine: ${m.cpus} × ${m.cpuModel}, Node ${m.node}; load average before ${m.loadAverageBefore.map((n) => n.toFixed(2)).join(' ')}, ` +
      `after ${m.loadAverageAfter.map((n) => n.toFixed(2)).join(' ')}. During the ${primary.db} read rounds the ${m.cpus} cores' time went ` +
      `${share.vellum}% to Vellum, ${share.ceiling}% to the ceiling, ${primary.baseline ? `${share.baseline}% to the baseline, ` : ''}${share.loadGenerator}% to autocannon and ` +
      `**${share.otherProcesses}% to other processes**.`,
    `Dataset ${primary.dataset.key}: ${Object.entries(primary.dataset.counts).map(([k, v]) => `${v} ${k}`).join(', ')}; ready in ${fixed(primary.loadMs)} ms.`,
    `Method: Vellum (\`vellum start\`, NODE_ENV=production) and the hand-written ceiling (\`bench/ceiling/\`) in their own processes on the same ` +
      `database file, autocannon from the bench process, ${results.settings.warmupSeconds} s warm-up then ${results.settings.seconds} s per ` +
      `server and connection count, the two servers interleaved, (h) measured in (d)'s slot beside it (its ÷ (d) ratios: median over rounds of those pairs), ${results.settings.rounds} round(s), best round shown. ` +
      'SQL statements from a separate pass with Server-Timing on.',
    '',
    ...(primary.ceilingColdStart === null
      ? ['The ceiling reads SQLite only: no ceiling ratios for this database (run with `--db sqlite,…` for them).', '']
      : [`## Vellum ÷ ceiling (${primary.db}, same run)`, '', ...ceilingTable(primary.scenarios), '']),
    ...(primary.baseline === null ? [] : [...baselineSection(primary.baseline), '']),
    ...(primary.cached.length === 0 ? [] : [`## With the response cache on (\`--cache\`, ${primary.db})`, '', ...ceilingTable(primary.cached), '']),
    `## All scenarios (${primary.db})`,
    '',
    ...scenarioTable(primary),
    '',
    '## Writes: (g), with (a) read at 2 connections meanwhile',
    '',
    ...writesTable(results.databases),
    '',
    ...(results.databases.some((db) => db.webhooks) ? [
      '## Writes with three webhooks against none (issue 22)',
      '',
      'The loops of (g) without reads, on one server, rounds alternating between no webhook and three enabled webhooks on ' +
        'entry.create and entry.update posting to a receiver in its own process on 127.0.0.1; after each round with webhooks ' +
        'the receiver must have all of its deliveries (three per write). See docs/benchmarks.md, "Webhooks and write throughput (issue 22)".',
      '',
      ...webhooksTable(results.databases),
      '',
    ] : []),
    ...(results.databases.length > 1 ? ['## Databases side by side', '', ...databasesTable(results.databases), ''] : []),
    '## Process',
    '',
    ...processTable(results),
    '',
    '## Targets (issue 13)',
    '',
    row(['target', 'aim', 'this run', '']),
    row(['---', '---', '---', '---']),
    ...results.targets.map((t) => row([t.name, t.target, t.actual, metCell(t.met)])),
    '',
    'Strapi figures come from `shared/anchors.md` (same kind of machine, another run): ratios against them carry the drift ' +
      'between runs. The ceiling ratios do not: both servers ran in this run, on this dataset, interleaved.',
    '',
  ];
  for (const db of results.databases.slice(1)) {
    lines.push(`## All scenarios (${db.db})`, '', ...scenarioTable(db), '');
  }
  return lines.join('\n');
}
