/**
 * The report's targets and tables from made-up figures: each target of issue 13 is marked met or
 * not met from the ratios of one run.
 */
import { describe, expect, it } from 'vitest';
import { markdown, targetsOf, tokenShare, type AtConnections, type BenchResults, type DatabaseResults, type ScenarioResult } from './report.js';
import type { RunResult } from './run-result.js';
import type { ScenarioId } from './scenarios.js';

const at = (connections: number, rps: number, cpu: number, ceiling?: { rps: number; cpu: number }): AtConnections => ({
  connections, rps, p50: 1, p99: 2, cpuMsPerReq: cpu, rssMiB: 100,
  ceiling: ceiling ? { rps: ceiling.rps, p50: 1, p99: 2, cpuMsPerReq: ceiling.cpu, rssMiB: 60 } : null,
  ratio: ceiling ? rps / ceiling.rps : null,
  cpuRatio: ceiling ? cpu / ceiling.cpu : null,
});

const scenario = (id: ScenarioId, byConnections: AtConnections[], statements = 3): ScenarioResult => ({
  id, label: `scenario ${id}`, request: 'GET /x', notMeasured: null, status: 200, statements, responseBytes: 100,
  rps: byConnections[0]!.rps, p50: 1, p99: 2, cpuMsPerReq: byConnections[0]!.cpuMsPerReq, rssMiB: 100,
  ceiling: byConnections[0]!.ceiling, ceilingProblem: null, ratio: byConnections[0]!.ratio, cpuRatio: byConnections[0]!.cpuRatio,
  byConnections, runs: [], ceilingRuns: [],
});

function results(scenarios: ScenarioResult[], over: Partial<DatabaseResults> = {}): Omit<BenchResults, 'targets'> {
  const db: DatabaseResults = {
    db: 'sqlite', dataset: { key: 'k', counts: { articles: 10 } }, loadMs: 5,
    coldStart: { runsMs: [400], medianMs: 400, cpuMs: [300], medianCpuMs: 300 },
    ceilingColdStart: { runsMs: [200], medianMs: 200, cpuMs: [150], medianCpuMs: 150 },
    memory: { rssAfterStartMiB: 80, peakUnderLoadMiB: 140, highWaterMarkMiB: 140 },
    ceilingMemory: { rssAfterStartMiB: 60, peakUnderLoadMiB: 90 },
    statementsByPageSize: { 25: 2, 100: 2 },
    cpuShares: { vellum: 40, ceiling: 30, baseline: 0, loadGenerator: 10, otherProcesses: 5 },
    scenarios, cached: [], writes: null, baseline: null, ...over,
  };
  return {
    date: '2026-11-24', smoke: false,
    machine: { cpus: 2, cpuModel: 'test', node: 'v20', loadAverageBefore: [0, 0, 0], loadAverageAfter: [0, 0, 0], share: db.cpuShares },
    settings: { warmupSeconds: 3, seconds: 10, rounds: 2, connections: [2, 10], writers: 2 },
    db: 'sqlite', coldStartMs: db.coldStart.medianMs, ceilingColdStartMs: 200, loadMs: 5, rssUnderLoadMiB: db.memory.peakUnderLoadMiB,
    scenarios, writes: null, databases: [db], baseline: db.baseline,
  };
}

const met = (targets: ReturnType<typeof targetsOf>, name: string): boolean | null => targets.find((t) => t.name === name)?.met ?? null;

describe('bench report targets', () => {
  const base = [
    scenario('a', [at(2, 960, 1.0, { rps: 1000, cpu: 1.0 }), at(10, 900, 1.2, { rps: 1000, cpu: 1.0 })]),
    scenario('d', [at(2, 100, 5, { rps: 100, cpu: 5 }), at(10, 100, 5, { rps: 100, cpu: 5 })]),
    scenario('h', [at(2, 96, 5), at(10, 90, 5)]),
    scenario('e', [at(2, 200, 3)], 6),
  ];
  const targets = targetsOf(results(base));

  it('marks the ceiling ratios per connection count, req/s and CPU', () => {
    expect(met(targets, '(a) ÷ ceiling, 2 conns: req/s')).toBe(true);
    expect(met(targets, '(a) ÷ ceiling, 2 conns: CPU per request')).toBe(true);
    expect(met(targets, '(a) ÷ ceiling, 10 conns: req/s')).toBe(false);
    expect(met(targets, '(a) ÷ ceiling, 10 conns: CPU per request')).toBe(false);
    expect(met(targets, '(b) ÷ ceiling, 2 conns: req/s')).toBeNull();
  });

  it('compares (h) with (d) and (e) with Strapi', () => {
    expect(met(targets, '(h) token ÷ (d) anonymous, 2 conns: req/s')).toBe(true);
    expect(met(targets, '(h) token ÷ (d) anonymous, 10 conns: req/s')).toBe(false);
    expect(met(targets, '(e) GraphQL ÷ Strapi (anchors), 2 conns')).toBe(true);
  });

  it('takes (h) ÷ (d) from the runs made side by side in one round, not from the best runs of each', () => {
    const run = (round: number, rps: number, cpu: number): RunResult => ({
      connections: 2, seconds: 3, requests: rps * 3, rps, p50: 1, p90: 1, p99: 2, max: 3, non2xx: 0, errors: 0, bytesPerRequest: 100,
      round, serverCpuMsPerRequest: cpu, peakRssMiB: 100,
    });
    // round 1 ran on a quiet machine, round 2 on a busy one: best (d) ÷ best (h) would say 0.5×
    const d = { ...scenario('d', [at(2, 100, 5)]), runs: [run(1, 100, 5), run(2, 50, 5)] };
    const h = { ...scenario('h', [at(2, 50, 5)]), runs: [run(1, 49, 5), run(2, 50, 5.1)] };
    const paired = targetsOf(results([d, h]));
    const share = tokenShare(d, h, 2);
    expect(share.rps).toBeCloseTo(0.745, 6);
    expect(share.cpu).toBeCloseTo(1.01, 6);
    expect(met(paired, '(h) token ÷ (d) anonymous, 2 conns: req/s')).toBe(false);
    expect(met(paired, '(h) token ÷ (d) anonymous, 2 conns: CPU per request')).toBe(true);
    const h2 = { ...h, runs: [run(1, 98, 5), run(2, 49, 5)] };
    expect(met(targetsOf(results([d, h2])), '(h) token ÷ (d) anonymous, 2 conns: req/s')).toBe(true);
  });

  it('checks statements by page size, memory and cold start', () => {
    expect(met(targets, 'statements per request vs page size ((a) at 25 and 100)')).toBe(true);
    expect(met(targets, 'RSS under load (peak)')).toBe(true);
    expect(met(targets, 'cold start (spawn → first 200)')).toBe(true);
    const worse = targetsOf({ ...results(base, { statementsByPageSize: { 25: 2, 100: 5 } }), rssUnderLoadMiB: 151, coldStartMs: 500 });
    expect(met(worse, 'statements per request vs page size ((a) at 25 and 100)')).toBe(false);
    expect(met(worse, 'RSS under load (peak)')).toBe(false);
    expect(met(worse, 'cold start (spawn → first 200)')).toBe(false);
  });

  it('writes the ratio table and the targets into the markdown', () => {
    const text = markdown({ ...results(base), targets });
    expect(text).toContain('| (a) scenario a | 2 | 960 | 1000 | **0.96×** | 1.00 | 1.00 | **1.00×** |');
    expect(text).toContain('| (a) ÷ ceiling, 10 conns: req/s | ≥ 0.95× | 0.90× | **not met** |');
  });
});
