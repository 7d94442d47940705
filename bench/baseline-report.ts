/**
 * `npm run bench -- --baseline <ref>`: the results of another commit's server measured
 * interleaved with Vellum on the same scenarios, and their section of `latest.md`. The ratios
 * are Vellum ÷ baseline (req/s: above 1 is faster; CPU per request: above 1 costs more), each
 * the median over rounds of the two runs made side by side in that round.
 */
import { describeComparison, type BodyComparison } from './body-diff.js';
import type { ColdStart, Figures, RunResult } from './run-result.js';
import { bestRun, figuresOf, fixed, pairedRatio, row, times } from './report-cells.js';
import type { ScenarioId } from './scenarios.js';

export interface BaselineAtConnections {
  readonly connections: number;
  /** each server's best run (most req/s) at this connection count */
  readonly vellum: Figures;
  readonly baseline: Figures;
  /** Vellum ÷ baseline from the runs made side by side (median over rounds) */
  readonly ratio: number | null;
  readonly cpuRatio: number | null;
}

export interface BaselineScenario {
  readonly id: ScenarioId;
  readonly label: string;
  /** why the baseline was not measured on it (a wrong answer, or under load errors), else null */
  readonly notMeasured: string | null;
  /** SQL statements per request (Server-Timing pass of each server) */
  readonly statements: { readonly vellum: number | null; readonly baseline: number | null };
  readonly bodies: BodyComparison | null;
  readonly byConnections: readonly BaselineAtConnections[];
  readonly runs: readonly RunResult[];
}

export interface BaselineResults {
  readonly ref: string;
  readonly sha: string;
  /** how the baseline tree got its node_modules: the current ones, or its own `npm ci` (and why) */
  readonly modules: { readonly how: 'symlink' | 'npm ci'; readonly runtimeDifferences: readonly string[] };
  readonly dataset: {
    readonly key: string;
    /** true: the same dataset file as Vellum; false: one the baseline's own code wrote */
    readonly shared: boolean;
    /** where the baseline's storage layout differs from the current dataset file's (tables holding rows) */
    readonly layoutDifferences: readonly string[];
  };
  readonly coldStart: ColdStart;
  readonly memory: { readonly rssAfterStartMiB: number; readonly peakUnderLoadMiB: number };
  readonly scenarios: readonly BaselineScenario[];
}

/** Vellum's and the baseline's runs of one scenario reduced per connection count. */
export function baselineFigures(vellumRuns: readonly RunResult[], baselineRuns: readonly RunResult[], connections: readonly number[]): BaselineAtConnections[] {
  return connections.flatMap((n) => {
    const vellum = bestRun(vellumRuns, n);
    const baseline = bestRun(baselineRuns, n);
    if (vellum === null || baseline === null) return [];
    const paired = pairedRatio(vellumRuns, baselineRuns, n);
    const round3 = (value: number): number => Math.round(value * 1000) / 1000;
    return [{
      connections: n, vellum: figuresOf(vellum), baseline: figuresOf(baseline),
      ratio: paired === null ? null : round3(paired.rps), cpuRatio: paired === null ? null : round3(paired.cpu),
    }];
  });
}

/** The `latest.md` section: the ratio table, then what was compared and how. */
export function baselineSection(results: BaselineResults): string[] {
  const lines = [
    `## Vellum ÷ baseline \`${results.ref}\` (${results.sha.slice(0, 12)}, same run)`,
    '',
    row(['scenario', 'conns', 'Vellum req/s', 'baseline req/s', '**÷ baseline req/s**', 'Vellum CPU ms/req', 'baseline CPU ms/req', '**÷ baseline CPU**', 'SQL / req Vellum, baseline']),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
  ];
  for (const s of results.scenarios) {
    const statements = `${s.statements.vellum ?? '?'}, ${s.statements.baseline ?? '?'}`;
    if (s.notMeasured !== null) {
      lines.push(row([`(${s.id}) ${s.label}`, '', `baseline not measured: ${s.notMeasured}`, '', '', '', '', '', statements]));
      continue;
    }
    for (const at of s.byConnections) {
      lines.push(row([
        `(${s.id}) ${s.label}`, at.connections, fixed(at.vellum.rps), fixed(at.baseline.rps), `**${times(at.ratio)}**`,
        fixed(at.vellum.cpuMsPerReq, 2), fixed(at.baseline.cpuMsPerReq, 2), `**${times(at.cpuRatio)}**`, statements,
      ]));
    }
  }
  const dataset = results.dataset.shared
    ? `the same dataset file as Vellum (${results.dataset.key})`
    : `its own dataset (${results.dataset.key}), the bench's generator written through the baseline's document service, because its storage layout differs: ` +
      `${results.dataset.layoutDifferences.slice(0, 3).join('; ')}${results.dataset.layoutDifferences.length > 3 ? ` and ${results.dataset.layoutDifferences.length - 3} more (JSON: \`baseline.dataset\`)` : ''}`;
  lines.push(
    '',
    `Ratios: median over rounds of Vellum's run ÷ the baseline's run made beside it in the same round; figures: each server's best run. ` +
      `The baseline is \`vellum start\` of that commit, transpiled file by file with esbuild, on ${dataset}. ` +
      (results.modules.how === 'symlink'
        ? 'Its node_modules are the current ones (no runtime dependency differs).'
        : `It has its own \`npm ci --omit=dev\`: ${results.modules.runtimeDifferences.join(', ')}.`) +
      ` Cold start median ${fixed(results.coldStart.medianMs)} ms (${fixed(results.coldStart.medianCpuMs)} ms CPU), RSS after start ${fixed(results.memory.rssAfterStartMiB)} MiB, peak under load ${fixed(results.memory.peakUnderLoadMiB)} MiB.`,
    '',
    'Bodies, Vellum against the baseline:',
    '',
    ...results.scenarios.map((s) => `- (${s.id}): ${s.bodies === null ? 'not compared' : describeComparison(s.bodies)}`),
  );
  return lines;
}
