/**
 * One line of an `<!-- expect … -->` annotation checked against what a curl command answered
 * (docs/README.md describes the language). A line is the status, then facts separated by spaces:
 *
 *   `path=value`  equal (value as JSON when it parses, else a string; `"…"` for spaces)
 *   `path>=n` `path>n` `path<=n` `path<n`   numeric comparisons
 *   `path~regex`  matches (`(?i)` at the start: any case)
 *   `path?`       present and not null
 *   `save:NAME=path`   keeps the value as shell variable NAME for the next commands
 *
 * A path reads the JSON body: `data.length`, `data[0].title`, `meta.pagination.total`; `[*]` means
 * every element (of a non-empty list). `header.<name>` reads a response header (curl `-i`),
 * `stdout` the text curl printed.
 */
export interface CurlResult {
  readonly status: number;
  readonly stdout: string;
  readonly headers: Record<string, string>;
  /** the body parsed as JSON, undefined when it is not JSON */
  readonly json: unknown;
}

/** Splits on spaces outside double quotes. */
function tokens(line: string): string[] {
  return line.match(/(?:[^\s"]+|"(?:[^"\\]|\\.)*")+/g) ?? [];
}

function parseValue(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** The values at `path` (several with `[*]`); throws when `[*]` meets an empty or missing list. */
function valuesAt(result: CurlResult, path: string): unknown[] {
  if (path === 'stdout') return [result.stdout];
  if (path.startsWith('header.')) return [result.headers[path.slice('header.'.length).toLowerCase()]];
  const steps = path.replace(/\[(\d+|\*)\]/g, '.$1').split('.').filter((s) => s !== '');
  let current: unknown[] = [result.json];
  for (const step of steps) {
    current = current.flatMap((value) => {
      if (step === '*') {
        if (!Array.isArray(value) || value.length === 0) throw new Error(`${path}: [*] needs a non-empty list, got ${JSON.stringify(value)}`);
        return value;
      }
      if (step === 'length' && (Array.isArray(value) || typeof value === 'string')) return [value.length];
      return [value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[step] : undefined];
    });
  }
  return current;
}

const FACT = /^(save:[A-Za-z_]\w*=)?([^=<>~?!]+)(=|>=|<=|>|<|~|\?)?(.*)$/s;

/**
 * Checks `line` against `result`; returns the failures (empty when it holds) and the variables
 * it saves.
 */
export function checkExpectation(line: string, result: CurlResult): { failures: string[]; saved: Record<string, string> } {
  const [statusToken, ...facts] = tokens(line);
  const failures: string[] = [];
  const saved: Record<string, string> = {};
  if (!/^\d{3}$/.test(statusToken ?? '')) return { failures: [`the line must start with a status: "${line}"`], saved };
  if (result.status !== Number(statusToken)) failures.push(`status ${result.status}, the docs say ${statusToken}`);
  for (const fact of facts) {
    const match = FACT.exec(fact);
    if (match === null) {
      failures.push(`cannot read "${fact}"`);
      continue;
    }
    const [, save, path, op = '?', rawExpected] = match;
    let values: unknown[];
    try {
      values = valuesAt(result, path);
    } catch (error) {
      failures.push((error as Error).message);
      continue;
    }
    if (save !== undefined) {
      const value = values[0];
      if (value === undefined || value === null) failures.push(`${path} is missing (to save as ${save.slice(5, -1)})`);
      else saved[save.slice(5, -1)] = typeof value === 'string' ? value : JSON.stringify(value);
      continue;
    }
    const expected = parseValue(rawExpected);
    for (const actual of values) {
      const ok = (() => {
        switch (op) {
          case '?': return actual !== undefined && actual !== null;
          case '=': return JSON.stringify(actual) === JSON.stringify(expected);
          case '~': {
            const pattern = typeof expected === 'string' && rawExpected.startsWith('"') ? expected : rawExpected;
            const insensitive = pattern.startsWith('(?i)');
            return typeof actual === 'string' && new RegExp(insensitive ? pattern.slice(4) : pattern, insensitive ? 'im' : 'm').test(actual);
          }
          default: {
            if (typeof actual !== 'number') return false;
            const n = Number(rawExpected);
            return op === '>=' ? actual >= n : op === '<=' ? actual <= n : op === '>' ? actual > n : actual < n;
          }
        }
      })();
      if (!ok) {
        failures.push(`${fact}: found ${JSON.stringify(actual)?.slice(0, 300)}`);
        break;
      }
    }
  }
  return { failures, saved };
}

/** curl's output: `-i` headers split off, the body parsed when it is JSON. */
export function readCurlOutput(stdout: string, status: number): CurlResult {
  const headers: Record<string, string> = {};
  let body = stdout;
  if (/^HTTP\/[\d.]+ \d{3}/.test(stdout)) {
    const end = stdout.search(/\r?\n\r?\n/);
    const head = end < 0 ? stdout : stdout.slice(0, end);
    body = end < 0 ? '' : stdout.slice(end).replace(/^\r?\n\r?\n/, '');
    for (const line of head.split(/\r?\n/).slice(1)) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
  }
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  return { status, stdout, headers, json };
}
