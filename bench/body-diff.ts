/**
 * Where two response bodies of one request differ (`--baseline`: Vellum's and the baseline's),
 * said precisely enough to tell a newer wire fix from a broken comparison: byte equality first,
 * else the JSON paths whose values, keys or key order differ, array indices folded into `[]`.
 * Values drawn anew by each dataset build (document ids, timestamps) are counted apart, as
 * `perBuild`, when the two servers read datasets of their own.
 */

/** Keys whose values each dataset build draws anew (random ids, the time of writing). */
export const PER_BUILD_KEYS: ReadonlySet<string> = new Set(['documentId', 'createdAt', 'updatedAt', 'publishedAt']);

/** A per-build value: one of PER_BUILD_KEYS, or a string `id` (GraphQL's v4 shape answers the documentId as `id`). */
const isPerBuild = (keys: ReadonlySet<string>, key: string, a: Json, b: Json): boolean =>
  keys.has(key) || (key === 'id' && typeof a === 'string' && typeof b === 'string');

export interface BodyDifference {
  /** e.g. `data[].cover.focalPoint`; `` for the body itself */
  readonly path: string;
  /** `value`, `only in Vellum`, `only in the baseline`, `key order`, `array length` */
  readonly kind: string;
  /** how many places (array items) differ so */
  readonly count: number;
  /** the first such place's values, JSON, cut at 80 characters */
  readonly vellum: string;
  readonly baseline: string;
}

export interface BodyComparison {
  readonly identical: boolean;
  readonly vellumBytes: number;
  readonly baselineBytes: number;
  /** paths of differing per-build values (PER_BUILD_KEYS), when the datasets are not the same file */
  readonly perBuild: readonly string[];
  /** every other difference */
  readonly differences: readonly BodyDifference[];
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const shown = (value: Json | undefined): string => {
  const text = value === undefined ? '(absent)' : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

const isObject = (value: Json | undefined): value is { [key: string]: Json } => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Compares the two bodies; `perBuildKeys` names the keys whose differing values are expected
 * (null: none are, the servers read the same data).
 */
export function compareBodies(vellum: string, baseline: string, perBuildKeys: ReadonlySet<string> | null): BodyComparison {
  const vellumBytes = Buffer.byteLength(vellum);
  const baselineBytes = Buffer.byteLength(baseline);
  if (vellum === baseline) return { identical: true, vellumBytes, baselineBytes, perBuild: [], differences: [] };
  const found = new Map<string, { path: string; kind: string; count: number; vellum: string; baseline: string }>();
  const perBuild = new Set<string>();
  const note = (path: string, kind: string, a: Json | undefined, b: Json | undefined): void => {
    const key = `${kind}\u0000${path}`;
    const seen = found.get(key);
    if (seen) seen.count += 1;
    else found.set(key, { path, kind, count: 1, vellum: shown(a), baseline: shown(b) });
  };
  const walk = (path: string, key: string, a: Json | undefined, b: Json | undefined): void => {
    if (a === undefined || b === undefined) {
      note(path, a === undefined ? 'only in the baseline' : 'only in Vellum', a, b);
    } else if (Array.isArray(a) && Array.isArray(b)) {
      if (a.length !== b.length) note(path, 'array length', a.length, b.length);
      for (let i = 0; i < Math.min(a.length, b.length); i += 1) walk(`${path}[]`, key, a[i], b[i]);
    } else if (isObject(a) && isObject(b)) {
      const aKeys = Object.keys(a);
      const bKeys = Object.keys(b);
      const shared = (keys: string[], other: object): string[] => keys.filter((k) => k in other);
      if (shared(aKeys, b).join('\u0000') !== shared(bKeys, a).join('\u0000')) note(path, 'key order', aKeys, bKeys);
      for (const k of new Set([...aKeys, ...bKeys])) walk(path === '' ? k : `${path}.${k}`, k, a[k], b[k]);
    } else if (JSON.stringify(a) !== JSON.stringify(b)) {
      if (perBuildKeys !== null && isPerBuild(perBuildKeys, key, a, b)) perBuild.add(path);
      else note(path, 'value', a, b);
    }
  };
  let a: Json;
  let b: Json;
  try {
    a = JSON.parse(vellum) as Json;
    b = JSON.parse(baseline) as Json;
  } catch {
    return { identical: false, vellumBytes, baselineBytes, perBuild: [], differences: [{ path: '', kind: 'not JSON', count: 1, vellum: shown(vellum), baseline: shown(baseline) }] };
  }
  walk('', '', a, b);
  // equal values, equal key order, yet other bytes: the serialisation differs (spacing, escapes, number forms)
  if (found.size === 0 && perBuild.size === 0) note('', 'serialisation', vellum, baseline);
  return { identical: false, vellumBytes, baselineBytes, perBuild: [...perBuild], differences: [...found.values()] };
}

/** One line per comparison: what the report shows beside the figures. */
export function describeComparison(comparison: BodyComparison): string {
  if (comparison.identical) return 'identical bytes';
  const parts: string[] = [];
  if (comparison.perBuild.length > 0) {
    const keys = [...new Set(comparison.perBuild.map((path) => path.slice(path.lastIndexOf('.') + 1).replace('[]', '')))];
    parts.push(`only per-build values differ, at ${comparison.perBuild.length} paths (${keys.join(', ')})`);
  }
  for (const d of comparison.differences) {
    parts.push(`${d.kind} at \`${d.path || '(body)'}\`${d.count > 1 ? ` ×${d.count}` : ''}: Vellum ${d.vellum}, baseline ${d.baseline}`);
  }
  const bytes = comparison.vellumBytes === comparison.baselineBytes ? `same length (${comparison.vellumBytes} bytes)` : `${comparison.vellumBytes} vs ${comparison.baselineBytes} bytes`;
  return `${bytes}; ${parts.length > 0 ? parts.join('; ') : 'no other difference'}`;
}
