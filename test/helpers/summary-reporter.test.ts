/**
 * The reporter inside a real vitest run: the cases in test/fixtures/summary-reporter (a passing
 * file, a failing test, a failing beforeAll, a describe block whose setup fails, a file that
 * throws while loading) run in a child vitest, and its closing line must count every red file.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CASES = fileURLToPath(new URL('../fixtures/summary-reporter/', import.meta.url));
const VITEST = fileURLToPath(new URL('../../node_modules/vitest/vitest.mjs', import.meta.url));

/** The parent run's own VITEST_* variables would make the child think it is a worker. */
function childEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST')));
}

function runCases(): Promise<{ code: number | null; output: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [VITEST, 'run', '--root', CASES, '--config', `${CASES}vitest.config.ts`], {
      cwd: CASES,
      env: { ...childEnv(), NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => { output += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { output += d.toString(); });
    child.on('error', fail);
    child.on('close', (code) => done({ code, output }));
  });
}

describe('summary reporter', () => {
  it('counts files whose setup failed in the closing line, as vitest counts them', async () => {
    const { code, output } = await runCases();
    expect(code, output).toBe(1);
    expect(output).toMatch(/Test Files\s+4 failed \| 1 passed \(5\)/);
    const lines = output.trim().split('\n');
    // passing 2 + one-failing 1 + describe-setup 1; failed: one test, beforeAll, describe setup, import
    expect(lines.at(-1)).toBe('4 passed, 4 failed, 4 skipped');
  });
});
