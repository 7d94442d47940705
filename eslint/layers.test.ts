/**
 * The layer map agrees with the table in docs/architecture.md and covers `src/`, and the lint
 * rules built from it refuse what the layering forbids (run through ESLint itself).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { MAX_DEPTH } from './layer-rules.js';
import { LAYERS, allowedImports } from './layers.js';

const ROOT = new URL('../', import.meta.url).pathname;

/** `folder → { imports, never }` from the `## Layers` table. */
function docsTable(): Record<string, { imports: string[] | 'all'; never: string[] }> {
  const text = readFileSync(`${ROOT}docs/architecture.md`, 'utf8');
  const section = text.slice(text.indexOf('## Layers (`src/`)'), text.indexOf('## Storage layout'));
  const rows: Record<string, { imports: string[] | 'all'; never: string[] }> = {};
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((c) => c.trim()).filter((c) => c !== '');
    const folder = /^`([a-z-]+)\/`$/.exec(cells[0] ?? '')?.[1];
    if (folder === undefined) continue;
    const [imports = '', never = ''] = cells[cells.length - 1]!.split(';').map((part) => part.trim());
    const names = (list: string): string[] => list.split(',').map((n) => n.trim()).filter((n) => n !== '' && n !== '—');
    rows[folder] = {
      imports: imports === 'all' ? 'all' : names(imports),
      never: names(never.replace(/^never\s+/, '')),
    };
  }
  return rows;
}

function depthOfDeepestFile(dir: string, depth = 1): number {
  let deepest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) deepest = Math.max(deepest, depthOfDeepestFile(`${dir}/${entry.name}`, depth + 1));
    else if (entry.name.endsWith('.ts')) deepest = Math.max(deepest, depth);
  }
  return deepest;
}

describe('layer map', () => {
  it('is the table in docs/architecture.md', () => {
    const expected = Object.fromEntries(Object.entries(LAYERS).map(([name, layer]) => [
      name, { imports: layer.imports === 'all' ? 'all' : [...layer.imports], never: [...(layer.never ?? [])] },
    ]));
    expect(docsTable()).toEqual(expected);
  });

  it('names every folder of src/, and only those', () => {
    const folders = readdirSync(`${ROOT}src`, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(folders.sort()).toEqual(Object.keys(LAYERS).sort());
  });

  it('lists the layers in the order of the table', () => {
    expect(Object.keys(docsTable())).toEqual(Object.keys(LAYERS));
  });

  it('has no cycles: no two layers may import each other', () => {
    for (const name of Object.keys(LAYERS)) {
      for (const other of allowedImports(name)) expect(allowedImports(other).has(name), `${name} ↔ ${other}`).toBe(false);
    }
    expect(allowedImports('app').has('cli')).toBe(false);
  });

  it('leaves transports without the database', () => {
    expect(allowedImports('rest').has('db')).toBe(false);
    expect(allowedImports('graphql').has('db')).toBe(false);
    // transports reach data through the operation layer alone (issue 19)
    for (const transport of ['rest', 'graphql']) {
      for (const below of ['documents', 'engine', 'auth']) expect(allowedImports(transport).has(below), `${transport} → ${below}`).toBe(false);
      for (const allowed of ['operations', 'query', 'model', 'errors', 'util']) expect(allowedImports(transport).has(allowed), `${transport} → ${allowed}`).toBe(true);
    }
  });

  it('covers the folder depth of src/', () => {
    for (const layer of Object.keys(LAYERS)) expect(depthOfDeepestFile(`${ROOT}src/${layer}`)).toBeLessThanOrEqual(MAX_DEPTH);
  });
});

describe('lint rules', () => {
  const eslint = new ESLint({ cwd: ROOT });
  const problems = async (filePath: string, code: string): Promise<string[]> => {
    const [result] = await eslint.lintText(code, { filePath: `${ROOT}${filePath}` });
    return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
  };

  it('refuse an import of a higher layer', async () => {
    expect(await problems('src/engine/x.ts', "import type { DocumentRepository } from '../documents/types.js';\nexport type R = DocumentRepository;\n"))
      .toEqual([expect.stringMatching(/^no-restricted-imports: .*src\/engine\/ must not import documents\//)]);
  });

  it('refuse db/ in the transports, at any folder depth', async () => {
    expect(await problems('src/rest/x.ts', "import { openDatabase } from '../db/connection.js';\nexport const open = openDatabase;\n"))
      .toEqual([expect.stringMatching(/src\/rest\/ must not import db\//)]);
    expect(await problems('src/graphql/schema/x.ts', "import { columnName } from '../../db/naming.js';\nexport const c = columnName;\n"))
      .toEqual([expect.stringMatching(/src\/graphql\/ must not import db\//)]);
  });

  it('tell a layer from a same-named subfolder', async () => {
    // src/graphql/auth/ is part of the GraphQL layer, not src/auth/
    expect(await problems('src/graphql/schema/x.ts', "import { UsersPermissionsMe } from '../auth/auth-types.js';\nexport const me = UsersPermissionsMe;\n")).toEqual([]);
  });

  it('refuse SQL outside engine/ and db/', async () => {
    const code = "import type { Knex } from 'knex';\nexport const rows = (ctx: { knex: Knex }) => ctx.knex('files').select('id');\n";
    expect(await problems('src/upload/x.ts', code)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*SQL is built only in src\/engine\/ and src\/db\//),
      expect.stringMatching(/^no-restricted-syntax: SQL is built only/),
    ]);
    expect(await problems('src/engine/x.ts', code)).toEqual([]);
    expect(await problems('src/documents/x.ts', "import { columnRef } from '../db/dialects/column-ref.js';\nexport const c = columnRef;\n"))
      .toEqual([expect.stringMatching(/raw SQL fragments/)]);
  });

  it('refuse a dynamic import of a local module, which the import rules cannot see', async () => {
    expect(await problems('src/rest/x.ts', "export const load = () => import('../db/naming.js');\n"))
      .toEqual([expect.stringMatching(/^no-restricted-syntax: Import local modules statically/)]);
  });

  it('refuse a dynamic import of a package outside loadPackage(() => import(…))', async () => {
    const lazy = /^no-restricted-syntax: Load a package lazily with loadPackage/;
    expect(await problems('src/auth/x.ts', "export const load = () => import('rate-limiter-flexible');\n")).toEqual([expect.stringMatching(lazy)]);
    expect(await problems('src/upload/s3/x.ts', "export async function s3() { const { S3Client } = await import('@aws-sdk/client-s3'); return S3Client; }\n"))
      .toEqual([expect.stringMatching(lazy)]);
    // the import handed to another function is not the loader either
    expect(await problems('src/auth/x.ts', "const other = <T>(load: () => Promise<T>) => load();\nexport const load = () => other(() => import('ioredis'));\n"))
      .toEqual([expect.stringMatching(lazy)]);
    const loader = "import { loadPackage } from '../util/load-package.js';\n";
    expect(await problems('src/auth/x.ts', `${loader}export const load = () => loadPackage(() => import('rate-limiter-flexible'));\n`)).toEqual([]);
    expect(await problems('src/graphql/extension/x.ts', `import { loadPackage } from '../../util/load-package.js';\nexport const load = () => loadPackage(() => import('@graphql-tools/schema'));\n`)).toEqual([]);
    // Node's own modules and type positions are not lazily loaded packages
    expect(await problems('src/auth/x.ts', "export type Module = typeof import('rate-limiter-flexible');\nexport const fs = () => import('node:fs');\n")).toEqual([]);
  });

  it('refuse an import that closes a cycle, type-only imports included, naming the cycle', async () => {
    // db/locks.ts imports `DialectName` from db/dialect.ts: a type import back closes the circle
    expect(await problems('src/db/dialect.ts', "import type { LOCK_TABLE } from './locks.js';\nexport type T = typeof LOCK_TABLE;\n"))
      .toEqual(['vellum/no-import-cycle: Import cycle: src/db/dialect.ts → src/db/locks.ts → src/db/dialect.ts. Move what both modules need to the module it belongs in (docs/architecture.md, "No import cycles").']);
    // schema generation importing a resolver: the resolvers import the schema's value types
    expect(await problems('src/graphql/schema/content-types.ts', "export { findResolver } from '../resolvers/query-resolvers.js';\n"))
      .toEqual([expect.stringMatching(/^vellum\/no-import-cycle: Import cycle: src\/graphql\/schema\/content-types\.ts → src\/graphql\/resolvers\/query-resolvers\.ts → src\/graphql\/schema\/content-types\.ts\./)]);
    // the same imports the other way round are the layering as it is
    expect(await problems('src/db/locks.ts', "import type { DialectName } from './dialect.js';\nexport type T = DialectName;\n")).toEqual([]);
  });

  it('let tests import anything', async () => {
    expect(await problems('src/rest/x.test.ts', "import { openDatabase } from '../db/connection.js';\nexport const open = openDatabase;\n")).toEqual([]);
  });
});
