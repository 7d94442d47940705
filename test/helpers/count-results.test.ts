import { describe, expect, it } from 'vitest';
import { countResults, formatCounts, type CountedModule } from './count-results.js';

const test = (state: string) => ({ result: () => ({ state }) });
const suite = (errors: number) => ({ errors: () => Array.from({ length: errors }, () => new Error('hook')) });

function module(options: { state: string; tests?: string[]; errors?: number; suiteErrors?: number[] }): CountedModule {
  return {
    state: () => options.state,
    errors: () => Array.from({ length: options.errors ?? 0 }, () => new Error('collect')),
    children: {
      allTests: () => (options.tests ?? []).map(test),
      allSuites: () => (options.suiteErrors ?? []).map(suite),
    },
  };
}

describe('countResults', () => {
  it('counts tests by state', () => {
    expect(countResults([module({ state: 'failed', tests: ['passed', 'failed', 'passed', 'skipped'] })]))
      .toEqual({ passed: 2, failed: 1, skipped: 1 });
  });

  it('counts a file whose beforeAll failed as failed, its unrun tests as skipped', () => {
    expect(countResults([module({ state: 'failed', tests: ['skipped', 'skipped', 'skipped'], errors: 1 })]))
      .toEqual({ passed: 0, failed: 1, skipped: 3 });
  });

  it('counts a describe block whose setup failed, beside passing tests of the same file', () => {
    expect(countResults([module({ state: 'failed', tests: ['passed', 'skipped'], suiteErrors: [0, 1] })]))
      .toEqual({ passed: 1, failed: 1, skipped: 1 });
  });

  it('counts a file that failed to load (no tests collected)', () => {
    expect(countResults([module({ state: 'failed', errors: 1 })])).toEqual({ passed: 0, failed: 1, skipped: 0 });
  });

  it('counts a failed file once even when vitest attached no error to it', () => {
    expect(countResults([module({ state: 'failed', tests: ['skipped'] })])).toEqual({ passed: 0, failed: 1, skipped: 1 });
  });

  it('adds an afterAll error to the failed tests of the same file', () => {
    expect(countResults([module({ state: 'failed', tests: ['failed', 'passed'], errors: 1 })]))
      .toEqual({ passed: 1, failed: 2, skipped: 0 });
  });

  it('counts unhandled errors as failures', () => {
    expect(countResults([module({ state: 'passed', tests: ['passed'] })], 2)).toEqual({ passed: 1, failed: 2, skipped: 0 });
  });

  it('sums over files; a green run says 0 failed', () => {
    const modules = [module({ state: 'passed', tests: ['passed', 'passed'] }), module({ state: 'passed', tests: ['passed'] })];
    expect(countResults(modules)).toEqual({ passed: 3, failed: 0, skipped: 0 });
  });
});

describe('formatCounts', () => {
  it('prints skipped only when there are some', () => {
    expect(formatCounts({ passed: 968, failed: 0, skipped: 0 })).toBe('968 passed, 0 failed');
    expect(formatCounts({ passed: 1, failed: 2, skipped: 3 })).toBe('1 passed, 2 failed, 3 skipped');
  });
});
