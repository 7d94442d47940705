/**
 * Prints the plain closing line `N passed, N failed[, N skipped]` after vitest's own summary,
 * the format CI tooling reads whatever the runner. A file whose setup failed counts as failed
 * (see `count-results.ts`).
 */
import type { Reporter, SerializedError, TestModule } from 'vitest/node';
import { countResults, formatCounts } from './count-results.js';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    const line = `\n${formatCounts(countResults(modules, unhandledErrors.length))}\n`;
    // After vitest's own summary, which it prints once every reporter has finished.
    process.once('exit', () => process.stdout.write(line));
  }
}
