/**
 * `vellum/no-import-cycle`: an import that closes a cycle of modules is an error, type-only
 * imports included (issue 19: a cycle, even of types, means two modules share something that
 * belongs to neither; it is moved to the module it belongs in, not hidden behind a getter).
 *
 * ESLint hands a rule one file at a time, so the rule reads the rest of the import graph from
 * disk, once per file and run (cached by modification time). The linted file's own imports come
 * from its AST, so text handed to `lintText` counts as that file. Relative specifiers resolve as
 * the compiler does under NodeNext: `./x.js` is `x.ts`. Packages are leaves: they cannot import
 * the project back.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type { Rule } from 'eslint';
import ts from 'typescript';

/** The TypeScript file a relative specifier names, or undefined (a package, a missing file). */
export function resolveImport(fromFile: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(fromFile), specifier);
  const candidates = [base.replace(/\.js$/, '.ts'), base.replace(/\.mjs$/, '.mts'), `${base}.ts`, `${base}/index.ts`, base];
  return candidates.find((file) => /\.m?ts$/.test(file) && existsSync(file) && statSync(file).isFile());
}

const graph = new Map<string, { readonly mtimeMs: number; readonly imports: readonly string[] }>();

/**
 * The project files `file` imports, read from disk: every import and export-from, `import type`
 * ones and `import('./x.js')` types too (`ts.preProcessFile` skips comments and strings).
 */
export function importsOf(file: string): readonly string[] {
  const mtimeMs = statSync(file).mtimeMs;
  const cached = graph.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.imports;
  const imports = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles
    .map(({ fileName }) => resolveImport(file, fileName))
    .filter((target): target is string => target !== undefined);
  const unique = [...new Set(imports)];
  graph.set(file, { mtimeMs, imports: unique });
  return unique;
}

/** The shortest chain of imports from `from` to `to` (both included), or undefined. */
export function importPath(from: string, to: string): string[] | undefined {
  const parent = new Map<string, string | null>([[from, null]]);
  const queue = [from];
  for (let at = queue.shift(); at !== undefined; at = queue.shift()) {
    if (at === to) {
      const path: string[] = [];
      for (let step: string | null | undefined = at; step; step = parent.get(step)) path.unshift(step);
      return path;
    }
    for (const next of importsOf(at)) {
      if (parent.has(next)) continue;
      parent.set(next, at);
      queue.push(next);
    }
  }
  return undefined;
}

export const noImportCycle: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid an import that closes a cycle of modules (type-only imports included).' },
    messages: { cycle: 'Import cycle: {{cycle}}. Move what both modules need to the module it belongs in (docs/architecture.md, "No import cycles").' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const root = context.cwd;
    const check = (node: Rule.Node, specifier: unknown): void => {
      if (typeof specifier !== 'string') return;
      const target = resolveImport(file, specifier);
      if (target === undefined) return;
      const path = target === file ? [file] : importPath(target, file);
      if (path) context.report({ node, messageId: 'cycle', data: { cycle: [file, ...path].map((f) => relative(root, f)).join(' → ') } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => check(node, node.source?.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source.value : undefined),
      // `typeof import('./x.js')` in a type position (typescript-eslint's TSImportType)
      // (`source` since typescript-eslint 8.x, `argument.literal` before)
      'TSImportType'(node: Rule.Node & { source?: { value?: unknown }; argument?: { literal?: { value?: unknown } } }) {
        check(node, node.source ? node.source.value : node.argument?.literal?.value);
      },
    };
  },
};
