import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'dotenv';
import type { Env } from './types.js';

/**
 * The project's environment: `<projectDir>/.env` parsed, under the process environment. The
 * file never overrides a variable the process already has (deployments set the real values),
 * and `process.env` itself is left untouched so nothing else starts depending on it.
 */
export async function loadEnv(
  projectDir: string,
  processEnv: Readonly<Record<string, string | undefined>> = process.env,
): Promise<Env> {
  const fromFile = await readDotEnv(join(projectDir, '.env'));
  const merged: Record<string, string | undefined> = { ...fromFile };
  for (const [key, value] of Object.entries(processEnv)) {
    if (value !== undefined) merged[key] = value;
  }
  return Object.freeze(merged);
}

async function readDotEnv(file: string): Promise<Record<string, string>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (isMissingFile(error)) return {};
    throw error;
  }
  return parse(text);
}

function isMissingFile(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');
}
