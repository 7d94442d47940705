/**
 * What the report modules share: table cells and the medians and paired ratios the report draws
 * from the runs (report.ts for the ceiling and (h), baseline-report.ts for `--baseline`).
 */
import type { Figures, RunResult } from './run-result.js';

export const fixed = (value: number | null | undefined, digits = 0): string =>
  value !== null && value !== undefined && Number.isFinite(value) ? value.toFixed(digits) : '–';
export const times = (value: number | null | undefined): string =>
  value !== null && value !== undefined && Number.isFinite(value) ? `${value.toFixed(value >= 10 ? 0 : 2)}×` : '–';
export const row = (cells: readonly (string | number)[]): string => `| ${cells.join(' | ')} |`;

/** the median of the finite values; NaN when there is none */
export const medianOf = (values: readonly number[]): number => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * `top` ÷ `bottom` at one connection count from runs made side by side: per round, the ratio of
 * the two runs of that round (req/s and CPU per request), then the median over rounds. Runs of
 * one round share the machine's state; the best run of each, taken from different rounds, does
 * not (±50 % between slots on a shared machine). null when no round has both.
 */
export function pairedRatio(top: readonly RunResult[], bottom: readonly RunResult[], connections: number): { rps: number; cpu: number } | null {
  const ok = (run: RunResult): boolean => run.connections === connections && run.requests > 0 && run.non2xx + run.errors === 0;
  const pairs = top.filter(ok).flatMap((topRun) => {
    const bottomRun = bottom.find((run) => ok(run) && run.round === topRun.round);
    return bottomRun ? [{ rps: topRun.rps / bottomRun.rps, cpu: topRun.serverCpuMsPerRequest / bottomRun.serverCpuMsPerRequest }] : [];
  });
  return pairs.length === 0 ? null : { rps: medianOf(pairs.map((p) => p.rps)), cpu: medianOf(pairs.map((p) => p.cpu)) };
}

/** one server's best run (most req/s, no errors) at one connection count */
export const bestRun = (runs: readonly RunResult[], connections: number): RunResult | null =>
  runs.filter((r) => r.connections === connections && r.requests > 0 && r.non2xx + r.errors === 0)
    .reduce<RunResult | null>((a, b) => (a === null || b.rps > a.rps ? b : a), null);

export const figuresOf = (run: RunResult): Figures => ({ rps: run.rps, p50: run.p50, p99: run.p99, cpuMsPerReq: run.serverCpuMsPerRequest, rssMiB: run.peakRssMiB });
