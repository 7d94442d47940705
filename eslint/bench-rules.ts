/**
 * ESLint config blocks that keep `bench/` (the `vellum-bench` workspace package) on Vellum's
 * public API: it imports the package as `vellum` (what `src/index.ts` exports) and runs its CLI,
 * never `src/`, `test/` or `scripts/` by path. Inside the repository it may leave its folder only
 * for the example project whose model and content generator it benchmarks (`examples/`).
 *
 * As in layer-rules.ts, one block per folder depth: from `bench/ceiling/x.ts`, `../x.js` is still
 * the bench and `../../src/…` is the repository.
 */
import type { Linter } from 'eslint';

/** Deepest folder nesting under bench/ that the blocks cover (bench/ceiling/ is 2). */
export const BENCH_MAX_DEPTH = 3;

export const BENCH_MESSAGE = "bench/ is its own package: import Vellum as 'vellum' (its public API, src/index.ts) or run its CLI, not the repository's src/, test/ or scripts/ (bench/README.md).";

export function benchRules(): Linter.Config[] {
  const blocks: Linter.Config[] = [];
  for (let depth = 1; depth <= BENCH_MAX_DEPTH; depth += 1) {
    blocks.push({
      name: `vellum/bench/depth-${depth}`,
      files: [`bench/${'*/'.repeat(depth - 1)}*.ts`],
      ignores: ['bench/.cache/**'],
      rules: {
        'no-restricted-imports': ['error', { patterns: [{ regex: `^(\\.\\./){${depth}}(?!examples/)`, message: BENCH_MESSAGE }] }],
      },
    });
  }
  return blocks;
}
