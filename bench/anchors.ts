/** The figures of `shared/anchors.md` (Strapi 5.54 and a hand-written ceiling, same machine kind). */
import type { ScenarioId } from './scenarios.js';

export interface StrapiFigures {
  readonly rps2: number;
  readonly p50: number;
  readonly p99: number;
  readonly rps10: number;
  readonly statements: number;
}

export const STRAPI: Readonly<Record<ScenarioId, StrapiFigures>> = {
  a: { rps2: 203, p50: 9, p99: 16, rps10: 203, statements: 3 },
  b: { rps2: 41, p50: 48, p99: 73, rps10: 39, statements: 13 },
  c: { rps2: 62, p50: 31, p99: 50, rps10: 63, statements: 6 },
  d: { rps2: 34, p50: 57, p99: 94, rps10: 34, statements: 6 },
  e: { rps2: 15, p50: 129, p99: 208, rps10: 15, statements: 202 },
  f: { rps2: 543, p50: 3, p99: 7, rps10: 546, statements: 2 },
};

export const STRAPI_PROCESS = { rssAfterStartMiB: 283, rssPeakMiB: 615, coldStartMs: 3_100 } as const;

/** req/s at 2 connections and p50/p99 ms; only (a), (b), (d) were written by hand. */
export const CEILING: Readonly<Partial<Record<ScenarioId, { rps2: number; p50: number; p99: number }>>> = {
  a: { rps2: 1045, p50: 1, p99: 2 },
  b: { rps2: 317, p50: 6, p99: 9 },
  d: { rps2: 169, p50: 11, p99: 18 },
};

export const CEILING_PROCESS = { rssMiB: [64, 108], coldStartMs: 210 } as const;

export const TARGETS = {
  /** (a), (b), (d): at least this fraction of the ceiling */
  ceilingFraction: 0.8,
  /** (e): at least this multiple of Strapi */
  graphqlTimesStrapi: 10,
  coldStartMs: 500,
  rssUnderLoadMiB: 150,
} as const;
