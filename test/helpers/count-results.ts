/**
 * The counting behind the closing `N passed, N failed` line, kept apart from vitest's reporter
 * interface so it can be tested with plain objects. The structural types below are the parts of
 * vitest's `TestModule` / `TestSuite` / `TestCase` it reads.
 */
export interface CountedTest {
  result(): { readonly state: string };
}

export interface CountedSuite {
  /** errors raised outside any test: collection (import, top-level code) and beforeAll/afterAll */
  errors(): ReadonlyArray<unknown>;
}

export interface CountedModule extends CountedSuite {
  state(): string;
  readonly children: {
    allTests(): Iterable<CountedTest>;
    allSuites(): Iterable<CountedSuite>;
  };
}

export interface ResultCounts {
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
}

/**
 * Tests count by their state. A file or describe block whose setup failed (an import that throws,
 * a failing beforeAll or afterAll) leaves its tests skipped or passed while vitest reports the file
 * failed; each such error counts as one failure, so the line never says `0 failed` for a red run.
 * A failed file with neither failed tests nor errors still counts once, and so does every error
 * vitest caught outside all files (unhandled rejections).
 */
export function countResults(modules: Iterable<CountedModule>, unhandledErrors = 0): ResultCounts {
  let passed = 0;
  let failed = unhandledErrors;
  let skipped = 0;
  for (const module of modules) {
    let moduleFailures = module.errors().length;
    for (const suite of module.children.allSuites()) moduleFailures += suite.errors().length;
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      if (state === 'passed') passed += 1;
      else if (state === 'failed') moduleFailures += 1;
      else skipped += 1;
    }
    if (moduleFailures === 0 && module.state() === 'failed') moduleFailures = 1;
    failed += moduleFailures;
  }
  return { passed, failed, skipped };
}

export const formatCounts = ({ passed, failed, skipped }: ResultCounts): string =>
  `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
