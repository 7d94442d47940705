/**
 * bench/ imports Vellum only as the `vellum` package: the lint rule refuses a path into the
 * repository's src/, test/ or scripts/ at every folder depth, and allows the bench's own modules,
 * packages and the example project (run through ESLint itself). bench/ stays within the depth the
 * rule covers.
 */
import { readdirSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { BENCH_MAX_DEPTH } from './bench-rules.js';

const ROOT = new URL('../', import.meta.url).pathname;

function depthOfDeepestFile(dir: string, depth = 1): number {
  let deepest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules') deepest = Math.max(deepest, depthOfDeepestFile(`${dir}/${entry.name}`, depth + 1));
    else if (entry.name.endsWith('.ts')) deepest = Math.max(deepest, depth);
  }
  return deepest;
}

describe('bench lint rule', () => {
  const eslint = new ESLint({ cwd: ROOT });
  const problems = async (filePath: string, code: string): Promise<string[]> => {
    const [result] = await eslint.lintText(code, { filePath: `${ROOT}${filePath}` });
    return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
  };
  const refused = [expect.stringMatching(/^no-restricted-imports: .*bench\/ is its own package: import Vellum as 'vellum'/)];

  it('refuses src/, test/ and scripts/ by path, at any depth', async () => {
    expect(await problems('bench/x.ts', "import { main } from '../src/cli/main.js';\nexport const m = main;\n")).toEqual(refused);
    expect(await problems('bench/x.ts', "import { SERVERS } from '../test/helpers/test-databases.js';\nexport const s = SERVERS;\n")).toEqual(refused);
    expect(await problems('bench/x.ts', "import { EXTERNAL } from '../scripts/build-server-bundle.mjs';\nexport const e = EXTERNAL;\n")).toEqual(refused);
    expect(await problems('bench/ceiling/x.test.ts', "import type { VellumApp } from '../../src/app/create-app.js';\nexport type A = VellumApp;\n")).toEqual(refused);
  });

  it('allows the vellum package, the bench itself and the example project', async () => {
    expect(await problems('bench/x.ts', "import { createApp } from 'vellum';\nexport const c = createApp;\n")).toEqual([]);
    expect(await problems('bench/ceiling/x.ts', "import { ensureDataset } from '../dataset.js';\nexport const e = ensureDataset;\n")).toEqual([]);
    expect(await problems('bench/x.ts', "import { generateBlogContent } from '../examples/blog/src/demo-data.js';\nexport const g = generateBlogContent;\n")).toEqual([]);
  });

  it('covers the folder depth of bench/', () => {
    expect(depthOfDeepestFile(`${ROOT}bench`)).toBeLessThanOrEqual(BENCH_MAX_DEPTH);
  });
});
