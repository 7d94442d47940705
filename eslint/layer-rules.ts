/**
 * ESLint config blocks that enforce the layer map (eslint/layers.ts) on `src/`.
 *
 * `no-restricted-imports` matches the import string as written, so each layer gets one block
 * per folder depth: from `src/engine/write/x.ts`, `../../documents/…` is the documents layer and
 * `../documents/…` would be `src/engine/documents`. The block knows how many `../` lead back to
 * `src/`, which keeps same-named subfolders (`graphql/auth/`) apart from the layers. No import
 * resolver is involved, so nothing can slip through an import it fails to resolve.
 * A last block adds `vellum/no-import-cycle` (import-cycles.ts) over all of `src/`.
 */
import type { Linter } from 'eslint';
import { noImportCycle } from './import-cycles.js';
import { LAYERS, SQL_LAYERS, forbiddenImports } from './layers.js';

/** Deepest folder nesting under a layer that the blocks cover; eslint/layers.test.ts checks `src/` stays within it. */
export const MAX_DEPTH = 4;

const SQL_MESSAGE = `SQL is built only in ${SQL_LAYERS.map((l) => `src/${l}/`).join(' and ')}: call an engine function instead`;

/** `loadPackage(() => import('name'))`: the only place a package may be imported dynamically */
const LOADER_CALL = 'CallExpression[callee.name="loadPackage"] > ArrowFunctionExpression';
const LAZY_PACKAGE_MESSAGE = "Load a package lazily with loadPackage(() => import('name')) (src/util/load-package.ts): a bare import() of a CommonJS package comes back wrapped in the bundle.";

/** Syntax the whole of `src/` avoids, and, outside the SQL layers, reaching for the query builder. */
function restrictedSyntax(sql: boolean): Linter.RuleEntry {
  const selectors = [
    { selector: 'ImportExpression[source.type="Literal"][source.value=/^\\./]', message: 'Import local modules statically, so the layer rules can check them.' },
    // A package loaded on first use goes through the one loader, which evens out CommonJS/ESM
    // interop: inside the bundle bin/vellum.js runs, a bare `import()` of a CommonJS package comes
    // back wrapped, and `RateLimiterMemory`, ioredis' `Redis`, … were undefined (issue 18).
    { selector: `ImportExpression[source.type="Literal"][source.value=/^(?!node:)[^.]/]:not(${LOADER_CALL} > ImportExpression)`, message: LAZY_PACKAGE_MESSAGE },
  ];
  if (!sql) selectors.push({ selector: 'MemberExpression[property.name="knex"]', message: `${SQL_MESSAGE}.` });
  return ['error', ...selectors];
}

function restrictedImports(layer: string, depth: number): Linter.RuleEntry {
  const up = '(\\.\\./)'.repeat(depth);
  const forbidden = forbiddenImports(layer);
  const patterns: Array<{ regex: string; message: string }> = [];
  if (forbidden.length > 0) {
    patterns.push({
      regex: `^${up}(${forbidden.join('|')})(/|$)`,
      message: `src/${layer}/ must not import ${forbidden.map((f) => `${f}/`).join(', ')} (layers: docs/architecture.md).`,
    });
  }
  const sql = SQL_LAYERS.includes(layer);
  if (!sql) {
    patterns.push({ regex: '^knex(/|$)', message: `${SQL_MESSAGE}.` });
    patterns.push({ regex: `^${up}db/dialects(/|$)`, message: `${SQL_MESSAGE} (db/dialects holds raw SQL fragments).` });
  }
  return ['error', { patterns }];
}

export function layerRules(): Linter.Config[] {
  const blocks: Linter.Config[] = [];
  for (const layer of Object.keys(LAYERS)) {
    for (let depth = 1; depth <= MAX_DEPTH; depth += 1) {
      blocks.push({
        name: `vellum/layers/${layer}/depth-${depth}`,
        files: [`src/${layer}/${'*/'.repeat(depth - 1)}*.ts`],
        ignores: ['**/*.test.ts'],
        rules: {
          'no-restricted-imports': restrictedImports(layer, depth),
          'no-restricted-syntax': restrictedSyntax(SQL_LAYERS.includes(layer)),
        },
      });
    }
  }
  // no import cycles within src/, across layers or inside one (eslint/import-cycles.ts)
  blocks.push({
    name: 'vellum/no-import-cycle',
    files: ['src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { vellum: { rules: { 'no-import-cycle': noImportCycle } } },
    rules: { 'vellum/no-import-cycle': 'error' },
  });
  return blocks;
}
