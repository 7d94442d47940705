/**
 * src/config is the one reader of the environment and of the raw config files: every other
 * layer receives typed slices. This keeps it so until lint rules enforce it.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = new URL('..', import.meta.url).pathname;
const FORBIDDEN = [/\bprocess\.env\b/, /\bconfig\.raw\b/, /\bconfig\.env\b/, /\brawConfig\b/];
/**
 * Strapi's `strapi.config.get(path)` hands project code its own config files as written (keys
 * Vellum does not read included): the one place outside src/config that reads `config.raw`, and
 * only on behalf of user code.
 */
const USER_CODE_FACADE = 'strapi/strapi-facade.ts';

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('config boundary', () => {
  it('leaves process.env, config.raw and config.env to src/config', async () => {
    const offenders: string[] = [];
    for (const file of await sourceFiles(SRC)) {
      const name = relative(SRC, file);
      if (name.startsWith('config/') || name === USER_CODE_FACADE) continue;
      const code = (await readFile(file, 'utf8')).replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      for (const pattern of FORBIDDEN) if (pattern.test(code)) offenders.push(`${name}: ${pattern.source}`);
    }
    expect(offenders).toEqual([]);
  });
});
