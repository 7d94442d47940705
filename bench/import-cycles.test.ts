/**
 * No import circle inside the bench (issue 19: report.ts ↔ report-cells.ts ↔ baseline-report.ts
 * was one, through the run types now in run-result.ts): every relative import of every bench
 * module, type-only ones included, followed from each module; none may lead back to it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BENCH = dirname(fileURLToPath(import.meta.url));

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? modules(path) : entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** module → the bench modules it imports (`from './x.js'`, `export … from`, `import('./x.js')`) */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(files.map((file) => {
    const text = readFileSync(file, 'utf8');
    const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]!);
    const targets = specifiers.map((s) => resolve(dirname(file), s.replace(/\.js$/, '.ts'))).filter((target) => known.has(target));
    return [file, [...new Set(targets)]];
  }));
}

/** Each circle once, as the path that closes it (`a → b → a`). */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const visit = (file: string, path: string[]): void => {
    const at = path.indexOf(file);
    if (at >= 0) {
      found.push([...path.slice(at), file]);
      return;
    }
    if (done.has(file)) return;
    for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
    done.add(file);
  };
  for (const file of graph.keys()) visit(file, []);
  return found;
}

describe('bench imports', () => {
  it('find a circle when there is one', () => {
    expect(cycles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]))).toEqual([['a', 'b', 'c', 'a']]);
    expect(cycles(new Map([['a', ['b']], ['b', []]]))).toEqual([]);
  });

  it('form no circle', () => {
    const graph = importGraph(modules(BENCH));
    expect(graph.size).toBeGreaterThan(20);
    expect(graph.get(join(BENCH, 'report.ts'))).toContain(join(BENCH, 'report-cells.ts'));
    expect(cycles(graph).map((c) => c.map((f) => relative(BENCH, f)).join(' → '))).toEqual([]);
  });
});
