import type { MergedConfig } from './merge-config.js';
import type { Env } from './types.js';

/** Where a checked value came from, for the message: a config file or an environment variable. */
export interface Found {
  readonly value: unknown;
  readonly source: string;
}

interface Fallback<T> {
  /** environment variable read when no config file sets the key */
  readonly env?: string;
  readonly default: T;
}

/**
 * Reads typed values out of the merged config, collecting every problem as
 * `<source>: <key path> <expectation> (got <value>)` so one start reports them all.
 */
export class ConfigChecker {
  readonly problems: string[] = [];

  constructor(
    private readonly merged: MergedConfig,
    private readonly env: Env,
  ) {}

  /** the value a config file gives `path`, else the environment variable, else nothing */
  find(path: readonly string[], envKey?: string): Found | undefined {
    const value = valueAt(this.merged.value, path);
    if (value !== undefined) return { value, source: this.sourceOf(path) };
    const fromEnv = envKey === undefined ? undefined : this.env[envKey];
    // `PORT=` in a compose file means "not set"
    if (fromEnv !== undefined && fromEnv !== '') return { value: fromEnv, source: `environment variable ${envKey}` };
    return undefined;
  }

  sourceOf(path: readonly string[]): string {
    return this.merged.sourceOf(path) ?? `config/${path[0] ?? ''}`;
  }

  report(path: readonly string[], expectation: string, found: Found, options: { secret?: boolean } = {}): void {
    const shown = options.secret === true ? 'a value that is not shown' : show(found.value);
    this.problems.push(`${found.source}: ${path.join('.')} ${expectation} (got ${shown})`);
  }

  integer(path: readonly string[], options: Fallback<number> & { min?: number; max?: number }): number {
    const found = this.find(path, options.env);
    if (found === undefined) return options.default;
    const parsed = toInteger(found.value);
    const { min, max } = options;
    if (parsed !== undefined && (min === undefined || parsed >= min) && (max === undefined || parsed <= max)) {
      return parsed;
    }
    this.report(path, integerExpectation(min, max), found);
    return options.default;
  }

  optionalInteger(path: readonly string[], min: number): number | undefined {
    const found = this.find(path);
    if (found === undefined) return undefined;
    const parsed = toInteger(found.value);
    if (parsed !== undefined && parsed >= min) return parsed;
    this.report(path, integerExpectation(min, undefined), found);
    return undefined;
  }

  boolean(path: readonly string[], options: Fallback<boolean>): boolean {
    const found = this.find(path, options.env);
    if (found === undefined) return options.default;
    if (typeof found.value === 'boolean') return found.value;
    if (found.value === 'true' || found.value === 'false') return found.value === 'true';
    this.report(path, 'must be a boolean', found);
    return options.default;
  }

  string(path: readonly string[], options: Fallback<string>): string {
    const found = this.find(path, options.env);
    if (found === undefined) return options.default;
    if (typeof found.value === 'string' && found.value !== '') return found.value;
    this.report(path, 'must be a non-empty string', found);
    return options.default;
  }

  byteSize(path: readonly string[], options: Fallback<number>): number {
    const found = this.find(path, options.env);
    if (found === undefined) return options.default;
    const parsed = toByteSize(found.value);
    if (parsed !== undefined) return parsed;
    this.report(path, 'must be a size in bytes (a positive integer, or a string such as "10mb")', found);
    return options.default;
  }

  /** a plain object, or `{}` (and a problem) when the key holds something else */
  object(path: readonly string[]): Readonly<Record<string, unknown>> {
    const found = this.find(path);
    if (found === undefined) return {};
    if (isRecord(found.value)) return found.value;
    this.report(path, 'must be an object', found);
    return {};
  }
}

export function valueAt(root: unknown, path: readonly string[]): unknown {
  let current = root;
  for (const key of path) {
    if (!isRecord(current) || !Object.hasOwn(current, key)) return undefined;
    current = current[key];
  }
  return current;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** numbers and decimal-integer strings (values from `env('X')` without `.int`) */
export function toInteger(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value)) {
    const parsed = Number.parseInt(value, 10);
    return Number.isSafeInteger(parsed) ? parsed : undefined;
  }
  return undefined;
}

const UNITS: Readonly<Record<string, number>> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** bytes from a positive integer or a `10mb`-style string (1 kb = 1024 b, as koa-body reads it) */
export function toByteSize(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(value);
  if (match === null) return undefined;
  const bytes = Math.floor(Number(match[1]) * (UNITS[(match[2] ?? 'b').toLowerCase()] ?? 1));
  return bytes > 0 ? bytes : undefined;
}

function integerExpectation(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `must be an integer between ${min} and ${max}`;
  if (min === 1) return 'must be a positive integer';
  if (min === 0) return 'must be a non-negative integer';
  if (min !== undefined) return `must be an integer of at least ${min}`;
  return 'must be an integer';
}

export function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'number' || typeof value === 'boolean' || value === undefined || value === null) {
    return String(value);
  }
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
