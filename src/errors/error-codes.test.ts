/**
 * docs/errors.md and the code agree both ways: every code Vellum defines is documented with its
 * class, wire name and status, and every documented code is defined.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentedErrors } from '../../test/helpers/errors-doc.js';
import * as errors from './index.js';
import { HttpClientError, StartupError, VellumError } from './index.js';

const SRC = new URL('..', import.meta.url).pathname;

/** Every `VELLUM_ERR_…` literal in the source (tests aside): codes declared outside defineError too. */
function codesInSource(dir: string): Set<string> {
  const codes = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    const text = readFileSync(join(entry.parentPath, entry.name), 'utf8');
    for (const match of text.matchAll(/'(VELLUM_ERR_[A-Z0-9_]+)'/g)) codes.add(match[1]!);
  }
  return codes;
}

interface Defined {
  readonly className: string;
  readonly code: string;
  readonly wireName: string;
  readonly status: string;
}

/** The error classes exported by src/errors, as their static declaration says. */
function definedErrors(): Defined[] {
  const defined: Defined[] = [];
  for (const [exportName, value] of Object.entries(errors)) {
    if (typeof value !== 'function') continue;
    if (value.prototype instanceof VellumError) {
      const cls = value as unknown as { code: string; wireName: string; status: number };
      // HttpClientError carries the status it was raised with
      const status = value === HttpClientError ? '4xx' : String(cls.status);
      defined.push({ className: exportName, code: cls.code, wireName: cls.wireName, status });
    } else if (value === StartupError) {
      defined.push({ className: exportName, code: StartupError.code, wireName: '—', status: '—' });
    }
  }
  return defined;
}

describe('docs/errors.md', () => {
  const documented = documentedErrors();
  const defined = definedErrors();

  it('lists each code once', () => {
    const codes = documented.map((row) => row.code);
    expect(codes.length).toBeGreaterThan(10);
    expect(codes.filter((code, i) => codes.indexOf(code) !== i)).toEqual([]);
    expect(documented.filter((row) => row.when === '').map((row) => row.code)).toEqual([]);
  });

  it('documents every defined error class with its code, class, wire name and status', () => {
    const byCode = new Map(documented.map((row) => [row.code, row]));
    const rows = defined.map((d) => {
      const row = byCode.get(d.code);
      return row ? { className: row.className, code: row.code, wireName: row.wireName, status: row.status } : { missing: d.code };
    });
    expect(rows).toEqual(defined);
  });

  it('gives every defined class its own code', () => {
    const codes = defined.map((d) => d.code);
    expect(codes.filter((code, i) => codes.indexOf(code) !== i)).toEqual([]);
  });

  it('lists exactly the codes the source defines', () => {
    expect(documented.map((row) => row.code).sort()).toEqual([...codesInSource(SRC)].sort());
  });
});
