/**
 * Throwaway project directories for config tests: `project(files)` writes them, `failure(dir)`
 * expects loadConfig to stop with a StartupError and returns its message. Removed after each test.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { StartupError } from '../../src/errors/startup-error.js';

const dirs: string[] = [];

export async function project(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'vellum-config-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), text);
  }
  return dir;
}

export async function failure(dir: string, env: Record<string, string> = {}): Promise<string> {
  const error: unknown = await loadConfig(dir, env).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(StartupError);
  return (error as StartupError).message;
}

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});
