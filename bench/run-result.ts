/**
 * The figures of one measured run and what the report modules draw from runs: shared by
 * report.ts, report-cells.ts and baseline-report.ts, which is why they live apart from all three
 * (report.ts imports the other two, so its own types there made an import circle).
 */
import type { LoadResult } from './load.js';

export interface RunResult extends LoadResult {
  readonly round: number;
  /** server CPU time (user + system) per request, from /proc */
  readonly serverCpuMsPerRequest: number;
  readonly peakRssMiB: number;
}

/** One server's best run at one connection count, reduced to the report's figures. */
export interface Figures {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly cpuMsPerReq: number;
  readonly rssMiB: number;
}

export interface ColdStart {
  readonly runsMs: readonly number[];
  readonly medianMs: number;
  /** CPU time the process used to get there: less sensitive to other work on the machine */
  readonly cpuMs: readonly number[];
  readonly medianCpuMs: number;
}

