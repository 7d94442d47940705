/**
 * `--baseline <ref>`: which node_modules the baseline gets, when it needs its own dataset, how
 * its bodies are compared with Vellum's, and the Vellum ÷ baseline figures of the report.
 */
import { describe, expect, it } from 'vitest';
import { baselineFigures, baselineSection, type BaselineResults } from './baseline-report.js';
import { layoutDifferences, runtimeDifferences } from './baseline.js';
import type { TableLayouts } from './sqlite-layout.js';
import { compareBodies, describeComparison, PER_BUILD_KEYS } from './body-diff.js';
import type { RunResult } from './run-result.js';

const runOf = (round: number, connections: number, rps: number, cpu: number): RunResult => ({
  connections, seconds: 5, requests: rps * 5, rps, p50: 1, p90: 1, p99: 2, max: 3, non2xx: 0, errors: 0, bytesPerRequest: 100,
  round, serverCpuMsPerRequest: cpu, peakRssMiB: 120,
});

describe('the baseline tree', () => {
  it('needs its own npm ci only for a runtime package the current lock lacks or pins otherwise', () => {
    const current = { packages: { '': {}, 'node_modules/knex': { version: '3.3.0' }, 'node_modules/vitest': { version: '4.0.0', dev: true } } };
    expect(runtimeDifferences({ packages: { '': {}, 'node_modules/knex': { version: '3.3.0' }, 'node_modules/vitest': { version: '3.0.0', dev: true } } }, current)).toEqual([]);
    expect(runtimeDifferences({ packages: { 'node_modules/knex': { version: '3.2.0' }, 'node_modules/image-size': { version: '2.1.0' } } }, current))
      .toEqual(['knex 3.2.0 (current: 3.3.0)', 'image-size 2.1.0 (current: none)']);
  });

  it('gets its own dataset when a table the dataset fills has other columns or indexes', () => {
    const table = (columns: string[], indexes: string[], rows = 5) => ({ columns, indexes, rows });
    const dataset: TableLayouts = new Map([
      ['articles', table(['id', 'title'], ['unique(document_id)'])],
      ['files', table(['id', 'focal_point'], [])],
      ['vellum_locks', table(['id'], [], 0)],
    ]);
    expect(layoutDifferences(dataset, new Map([['articles', table(['id', 'title'], ['unique(document_id)'])], ['files', table(['id', 'focal_point'], [])]]))).toEqual([]);
    expect(layoutDifferences(dataset, new Map([['articles', table(['id', 'title', 'old'], [])]]))).toEqual([
      'articles: column old only in the baseline',
      'articles: unique(document_id) only in the current layout',
      'files: no such table',
    ]);
  });
});

describe('bodies, Vellum against the baseline', () => {
  it('says identical for equal bytes', () => {
    expect(compareBodies('{"a":1}', '{"a":1}', null)).toMatchObject({ identical: true, differences: [] });
  });

  it('names each differing path once, array indices folded, with its count and first values', () => {
    const vellum = JSON.stringify({ data: [{ id: 1, cover: { url: '/a', focalPoint: null } }, { id: 2, cover: { url: '/b', focalPoint: null } }], meta: { total: 2 } });
    const baseline = JSON.stringify({ data: [{ id: 1, cover: { url: '/a' } }, { id: 2, cover: { url: '/c' } }], meta: { total: 2 } });
    const result = compareBodies(vellum, baseline, null);
    expect(result.identical).toBe(false);
    expect(result.differences).toEqual([
      { path: 'data[].cover.focalPoint', kind: 'only in Vellum', count: 2, vellum: 'null', baseline: '(absent)' },
      { path: 'data[].cover.url', kind: 'value', count: 1, vellum: '"/b"', baseline: '"/c"' },
    ]);
    expect(describeComparison(result)).toContain('only in Vellum at `data[].cover.focalPoint` ×2: Vellum null, baseline (absent)');
  });

  it('counts per-build values apart when the datasets differ, and finds key order and serialisation', () => {
    const a = JSON.stringify({ data: [{ documentId: 'x1', createdAt: 't1', title: 'T' }] });
    const b = JSON.stringify({ data: [{ documentId: 'y2', createdAt: 't2', title: 'T' }] });
    const perBuild = compareBodies(a, b, PER_BUILD_KEYS);
    expect(perBuild.perBuild).toEqual(['data[].documentId', 'data[].createdAt']);
    expect(perBuild.differences).toEqual([]);
    expect(describeComparison(perBuild)).toBe('same length (59 bytes); only per-build values differ, at 2 paths (documentId, createdAt)');
    // GraphQL's v4 shape: the documentId is `id`; a numeric id is no per-build value
    expect(compareBodies('{"id":"x1","n":{"id":1}}', '{"id":"y2","n":{"id":2}}', PER_BUILD_KEYS)).toMatchObject({ perBuild: ['id'], differences: [{ path: 'n.id' }] });
    expect(compareBodies(a, b, null).differences.map((d) => d.path)).toEqual(['data[].documentId', 'data[].createdAt']);
    expect(compareBodies('{"a":1,"b":2}', '{"b":2,"a":1}', null).differences[0]).toMatchObject({ path: '', kind: 'key order' });
    expect(compareBodies('{"a":1}', '{"a": 1}', null).differences[0]).toMatchObject({ kind: 'serialisation' });
    expect(compareBodies('{"a":1}', 'Internal', null).differences[0]).toMatchObject({ kind: 'not JSON' });
  });
});

describe('Vellum ÷ baseline', () => {
  // round 1 on a quiet machine, round 2 on a busy one: the pairs say 1.1× CPU each time
  const vellum = [runOf(1, 2, 900, 1.1), runOf(2, 2, 450, 2.2), runOf(1, 10, 1000, 1.0)];
  const baseline = [runOf(1, 2, 1000, 1.0), runOf(2, 2, 500, 2.0)];
  const figures = baselineFigures(vellum, baseline, [2, 10]);

  it('takes the ratios from the runs of one round, the figures from each best run', () => {
    expect(figures).toHaveLength(1);
    expect(figures[0]).toMatchObject({ connections: 2, ratio: 0.9, cpuRatio: 1.1 });
    expect(figures[0]!.vellum.rps).toBe(900);
    expect(figures[0]!.baseline.cpuMsPerReq).toBe(1.0);
  });

  it('writes the table, the statements of both and the body comparison into latest.md', () => {
    const results: BaselineResults = {
      ref: '0f2c88c', sha: '0f2c88c77049c88cacc688b22eaafcf26bda9618',
      modules: { how: 'npm ci', runtimeDifferences: ['image-size 2.1.0 (current: none)'] },
      dataset: { key: 'baseline-0f2c88c77049-v2-x', shared: false, layoutDifferences: ['files: column focal_point TEXT only in the current layout'] },
      coldStart: { runsMs: [600], medianMs: 600, cpuMs: [500], medianCpuMs: 500 },
      memory: { rssAfterStartMiB: 90, peakUnderLoadMiB: 140 },
      scenarios: [
        { id: 'a', label: 'GET /api/articles', notMeasured: null, statements: { vellum: 3, baseline: 2 }, bodies: compareBodies('{}', '{}', null), byConnections: figures, runs: baseline },
        { id: 'e', label: 'GraphQL', notMeasured: 'HTTP 400', statements: { vellum: 6, baseline: null }, bodies: null, byConnections: [], runs: [] },
      ],
    };
    const text = baselineSection(results).join('\n');
    expect(text).toContain('## Vellum ÷ baseline `0f2c88c` (0f2c88c77049, same run)');
    expect(text).toContain('| (a) GET /api/articles | 2 | 900 | 1000 | **0.90×** | 1.10 | 1.00 | **1.10×** | 3, 2 |');
    expect(text).toContain('| (e) GraphQL |  | baseline not measured: HTTP 400 |');
    expect(text).toContain('because its storage layout differs: files: column focal_point TEXT only in the current layout');
    expect(text).toContain('`npm ci --omit=dev`: image-size 2.1.0 (current: none)');
    expect(text).toContain('- (a): identical bytes');
  });
});
