/**
 * Prints the plain closing line `N passed, N failed[, N skipped]` after vitest's own summary,
 * the format CI tooling reads whatever the runner.
 */
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
      if (module.state() === 'failed' && module.children.size === 0) failed += 1;
    }
    const line = `\n${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}\n`;
    // After vitest's own summary, which it prints once every reporter has finished.
    process.once('exit', () => process.stdout.write(line));
  }
}
