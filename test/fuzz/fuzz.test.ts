/**
 * `npm run fuzz` in small, as part of `npm test`: 2,000 cases (`FUZZ_RUNS`) over every family
 * against a real server process on SQLite, seeded by `FUZZ_SEED` (a fixed default, so CI runs are
 * reproducible; the failure message carries each failing case and its replay command).
 */
import { expect, it } from 'vitest';
import { runFuzz } from './run-fuzz.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);

it(`survives ${RUNS} fuzz cases (seed ${SEED}): no 5xx, no crash, no slow request, bounded RSS, whole writes`, async () => {
  const report = await runFuzz({ seed: SEED, runs: RUNS, dialect: 'sqlite' });
  expect(report.cases).toBe(RUNS);
  expect(report.failures, report.failures.join('\n\n')).toEqual([]);
  expect(report.rssAfter).toBeLessThanOrEqual(report.rssBefore * 1.2);
}, 240_000);
