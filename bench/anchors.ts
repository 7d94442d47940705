/**
 * Reference figures from `shared/anchors.md` (Strapi 5.54 on the same machine kind, another run)
 * and the targets. The hand-written ceiling is no longer an anchor: it runs in the same
 * bench run (`bench/ceiling/`).
 */
import type { ScenarioId } from './scenarios.js';

export interface StrapiFigures {
  readonly rps2: number;
  readonly p50: number;
  readonly p99: number;
  readonly rps10: number;
  readonly statements: number;
}

/** Strapi's read scenarios; (g) and (h) were not measured on Strapi. */
export const STRAPI: Readonly<Partial<Record<ScenarioId, StrapiFigures>>> = {
  a: { rps2: 203, p50: 9, p99: 16, rps10: 203, statements: 3 },
  b: { rps2: 41, p50: 48, p99: 73, rps10: 39, statements: 13 },
  c: { rps2: 62, p50: 31, p99: 50, rps10: 63, statements: 6 },
  d: { rps2: 34, p50: 57, p99: 94, rps10: 34, statements: 6 },
  e: { rps2: 15, p50: 129, p99: 208, rps10: 15, statements: 202 },
  f: { rps2: 543, p50: 3, p99: 7, rps10: 546, statements: 2 },
};

export const STRAPI_PROCESS = { rssAfterStartMiB: 283, rssPeakMiB: 615, coldStartMs: 3_100 } as const;

/** Issue 13's targets, all as ratios or limits from one run. */
export const TARGETS = {
  /** (a), (b), (d), (f): at least this fraction of the ceiling's req/s */
  ceilingFraction: 0.95,
  /** (a), (b), (d), (f): server CPU per request at most this multiple of the ceiling's */
  ceilingCpu: 1.05,
  /** (h): at least this fraction of (d)'s req/s */
  tokenFraction: 0.95,
  /** (e): at least this multiple of Strapi */
  graphqlTimesStrapi: 10,
  /** (e): "a handful" of statements */
  graphqlStatements: 10,
  coldStartMs: 500,
  rssUnderLoadMiB: 150,
  /** issue 22: the writes (g) with three webhooks enabled, at least this fraction of none */
  webhookWriteRatio: 0.95,
} as const;
