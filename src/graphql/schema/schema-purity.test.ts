/**
 * Schema generation is pure (graphql/README.md): no file of schema/ imports a resolver or the
 * upload mutations; graphql-schema.ts, the composer, hands them in. A new import fails here.
 */
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const HERE = dirname(fileURLToPath(import.meta.url));

describe('graphql/schema', () => {
  it('imports nothing of resolvers/ or upload/', async () => {
    const files = (await readdir(HERE)).filter((name) => name.endsWith('.ts'));
    expect(files).toContain('build-schema.ts');
    const offending: string[] = [];
    for (const file of files) {
      const source = await readFile(join(HERE, file), 'utf8');
      for (const match of source.matchAll(/from '(\.\.\/(?:resolvers|upload)\/[^']+)'/g)) offending.push(`${file}: ${match[1]}`);
    }
    expect(offending).toEqual([]);
  });
});
