/**
 * The ceiling answers (a), (b), (d) and (f) with exactly Vellum's bytes: both servers run on one
 * copy of the small bench dataset and every body is compared byte for byte.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type VellumApp } from 'vellum';
import { ensureDataset } from '../dataset.js';
import { productionSecrets, writeBenchProject } from '../project.js';
import { CEILING_SCENARIOS, scenarios } from '../scenarios.js';
import { createCeiling } from './server.js';

const silent = { info() {}, warn() {}, error() {} };

describe('bench ceiling', () => {
  let dir = '';
  let vellum: VellumApp | undefined;
  let ceiling: ReturnType<typeof createCeiling> | undefined;
  let vellumUrl = '';
  let ceilingUrl = '';
  let requests: { id: string; path: string }[] = [];

  beforeAll(async () => {
    const dataset = await ensureDataset(() => {}, 'small');
    dir = mkdtempSync(join(tmpdir(), 'vellum-ceiling-'));
    const file = writeBenchProject(dir);
    copyFileSync(dataset.file, file);
    vellum = await createApp({ dir, env: { NODE_ENV: 'production', ...productionSecrets() }, logger: silent });
    vellumUrl = await vellum.listen({ host: '127.0.0.1', port: 0 });
    ceiling = createCeiling(file);
    ceilingUrl = await ceiling.app.listen({ host: '127.0.0.1', port: 0 });
    requests = scenarios(dataset.sampleDocumentId, dataset.counts.published).filter((s) => CEILING_SCENARIOS.includes(s.id));
  });

  afterAll(async () => {
    await ceiling?.close();
    await vellum?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('covers the four scenarios', () => {
    expect(requests.map((r) => r.id)).toEqual(['a', 'b', 'd', 'f']);
  });

  for (const id of ['a', 'b', 'd', 'f']) {
    it(`answers (${id}) with Vellum's exact bytes`, async () => {
      const { path } = requests.find((r) => r.id === id)!;
      const [ours, theirs] = await Promise.all([fetch(vellumUrl + path), fetch(ceilingUrl + path)]);
      expect(theirs.status).toBe(200);
      expect(ours.status).toBe(200);
      expect(theirs.headers.get('content-type')).toBe(ours.headers.get('content-type'));
      const [a, b] = await Promise.all([ours.arrayBuffer(), theirs.arrayBuffer()]);
      expect(a.byteLength).toBeGreaterThan(1000);
      expect(Buffer.from(b).equals(Buffer.from(a)), `(${id}) bodies differ:\nVellum:  ${Buffer.from(a).toString().slice(0, 300)}\nceiling: ${Buffer.from(b).toString().slice(0, 300)}`).toBe(true);
    });
  }
});
