import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJiti, requireCode } from './jiti.js';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vellum-require-code-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('requireCode', () => {
  const jiti = createJiti(import.meta.url, { interopDefault: true, moduleCache: false, fsCache: false, virtualModules: { virtual: { answer: 42 } } });

  it('unwraps the default export of ES module and CommonJS files, with virtual modules in an .mjs file', async () => {
    await writeFile(join(dir, 'esm.mjs'), "import { answer } from 'virtual';\nexport default { answer };\n");
    await writeFile(join(dir, 'cjs.cjs'), 'module.exports = { kind: "cjs" };\n');
    await writeFile(join(dir, 'ts.ts'), 'const n: number = 1;\nexport default n;\n');
    expect(requireCode(jiti, join(dir, 'esm.mjs'))).toEqual({ answer: 42 });
    expect(requireCode(jiti, join(dir, 'cjs.cjs'))).toMatchObject({ kind: 'cjs' });
    expect(requireCode(jiti, join(dir, 'ts.ts'))).toBe(1);
  });

  it('says why a top-level await cannot load', async () => {
    await writeFile(join(dir, 'tla.ts'), 'const x = await Promise.resolve(1);\nexport default x;\n');
    expect(() => requireCode(jiti, join(dir, 'tla.ts'))).toThrow(/no top-level await/);
  });
});
