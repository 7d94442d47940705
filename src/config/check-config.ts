/**
 * Checks configuration values against a schema: environment fallbacks applied, string forms
 * read (coerce.ts), defaults filled, and every problem collected with the file (or environment
 * variable) and key it concerns, so one start reports them all.
 */
import { Kind, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { coerce } from './coerce.js';
import { fillDefaults } from './fill-defaults.js';
import type { AnnotatedSchema } from './schema/fields.js';
import type { Env } from './types.js';
import { isRecord, show, valueAt } from './values.js';

export interface ConfigProblem {
  /** key path from the root of the checked value: `['server', 'port']` */
  readonly path: readonly string[];
  /** `config/server.ts`, or `environment variable PORT` */
  readonly source: string;
  /** `must be an integer between 0 and 65535` */
  readonly expectation: string;
  /** the received value as the message shows it */
  readonly shown: string;
}

export interface Checked {
  /** the checked value, defaults filled; meaningful only without problems */
  readonly value: unknown;
  readonly problems: readonly ConfigProblem[];
}

/** Where a value came from: the file that set it, else `config/<file>`. */
export type SourceOf = (path: readonly string[]) => string | undefined;

export function checkConfig(schema: TSchema, input: unknown, sourceOf: SourceOf, env: Env = {}): Checked {
  const fromEnv = new Map<string, string>();
  const withEnv = applyEnvFallbacks(schema, input, env, fromEnv);
  const value = fillDefaults(schema, coerce(schema, withEnv));
  const problems: ConfigProblem[] = [];
  const reported = new Set<string>();
  for (const error of Value.Errors(schema, value)) {
    const path = fromPointer(error.path);
    const id = path.join('\u0000');
    if (reported.has(id)) continue;
    reported.add(id);
    const annotated = error.schema as AnnotatedSchema;
    problems.push({
      path,
      source: fromEnv.get(id) ?? sourceOf(path) ?? `config/${path[0] ?? ''}`,
      expectation: annotated.errorMessage ?? error.message,
      // the value as written (before "4000" became 4000), never a secret
      shown: annotated.secret === true ? 'a value that is not shown' : show(valueAt(withEnv, path)),
    });
  }
  return { value, problems };
}

/** `/plugins/users-permissions/config` → `['plugins', 'users-permissions', 'config']` */
function fromPointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer.slice(1).split('/').map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** every `envVar` the schema names, with its key path */
export function envFields(schema: TSchema, path: readonly string[] = []): Array<{ path: string[]; envVar: string }> {
  const envVar = (schema as AnnotatedSchema).envVar;
  const found = envVar === undefined ? [] : [{ path: [...path], envVar }];
  if (schema[Kind] !== 'Object') return found;
  const properties = (schema as { properties?: Record<string, TSchema> }).properties ?? {};
  return [...found, ...Object.entries(properties).flatMap(([key, child]) => envFields(child, [...path, key]))];
}

/**
 * A copy of `input` where each key with an `envVar` that no file sets takes the variable's
 * value. An empty variable counts as unset (`PORT=` in a compose file).
 */
function applyEnvFallbacks(schema: TSchema, input: unknown, env: Env, fromEnv: Map<string, string>): unknown {
  let root = input;
  for (const { path, envVar } of envFields(schema)) {
    const value = env[envVar];
    if (value === undefined || value === '' || valueAt(root, path) !== undefined) continue;
    const updated = setAt(root, path, value);
    if (updated === undefined) continue;
    root = updated;
    fromEnv.set(path.join('\u0000'), `environment variable ${envVar}`);
  }
  return root;
}

/** a copy of `root` with `value` at `path`, or undefined when a non-object is in the way */
function setAt(root: unknown, path: readonly string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const current = root === undefined ? {} : root;
  if (!isRecord(current)) return undefined;
  const [head, ...rest] = path as [string, ...string[]];
  const child = setAt(current[head], rest, value);
  return child === undefined ? undefined : { ...current, [head]: child };
}
