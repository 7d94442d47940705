import { StartupError } from '../errors/startup-error.js';
import type { Env } from './types.js';

/**
 * Strapi's `env` helper, bound to one env object instead of `process.env`, as config files call
 * it: `({ env }) => ({ port: env.int('PORT', 1337) })`. A default is returned when the variable
 * is unset. The typed variants also treat an empty value as unset (`PORT=` in a compose file) and,
 * unlike Strapi, refuse values they cannot read (`env.int('PORT')` of `abc` is an error, not NaN).
 */
export interface EnvHelper {
  (key: string): string | undefined;
  <T>(key: string, defaultValue: T): string | T;
  int(key: string): number | undefined;
  int<T>(key: string, defaultValue: T): number | T;
  float(key: string): number | undefined;
  float<T>(key: string, defaultValue: T): number | T;
  bool(key: string): boolean | undefined;
  bool<T>(key: string, defaultValue: T): boolean | T;
  /** comma list, optionally wrapped in `[…]`; items trimmed of spaces and double quotes */
  array(key: string): string[] | undefined;
  array<T>(key: string, defaultValue: T): string[] | T;
  json(key: string, defaultValue?: unknown): unknown;
  date(key: string): Date | undefined;
  date<T>(key: string, defaultValue: T): Date | T;
  /** the value when it is one of `expected`, else the default */
  oneOf<T extends string>(key: string, expected: readonly T[], defaultValue?: T): T | undefined;
}

const TRUE_VALUES = new Set(['true', '1', 'yes', 'on']);
const FALSE_VALUES = new Set(['false', '0', 'no', 'off']);

export function createEnvHelper(env: Env): EnvHelper {
  const has = (key: string): boolean => Object.hasOwn(env, key) && env[key] !== undefined;
  /** the trimmed value of a set, non-empty variable */
  const typed = (key: string): string | undefined => {
    const value = env[key]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const invalid = (key: string, what: string, value: string): StartupError =>
    new StartupError(`environment variable ${key} must be ${what} (got ${JSON.stringify(value)})`);

  function helper(key: string, defaultValue?: unknown): unknown {
    return has(key) ? env[key] : defaultValue;
  }

  const methods = {
    int(key: string, defaultValue?: unknown): unknown {
      const value = typed(key);
      if (value === undefined) return defaultValue;
      if (!/^[+-]?\d+$/.test(value)) throw invalid(key, 'an integer', value);
      return Number.parseInt(value, 10);
    },
    float(key: string, defaultValue?: unknown): unknown {
      const value = typed(key);
      if (value === undefined) return defaultValue;
      const parsed = Number(value);
      if (!Number.isFinite(parsed)) throw invalid(key, 'a number', value);
      return parsed;
    },
    bool(key: string, defaultValue?: unknown): unknown {
      const value = typed(key);
      if (value === undefined) return defaultValue;
      const lower = value.toLowerCase();
      if (TRUE_VALUES.has(lower)) return true;
      if (FALSE_VALUES.has(lower)) return false;
      throw invalid(key, 'a boolean (true/false, 1/0, yes/no, on/off)', value);
    },
    array(key: string, defaultValue?: unknown): unknown {
      const value = typed(key);
      if (value === undefined) return defaultValue;
      const inner = value.startsWith('[') && value.endsWith(']') ? value.slice(1, -1) : value;
      return inner.split(',').map((item) => item.trim().replace(/^"+|"+$/g, '').trim());
    },
    json(key: string, defaultValue?: unknown): unknown {
      const value = typed(key);
      if (value === undefined) return defaultValue;
      try {
        return JSON.parse(value) as unknown;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new StartupError(`environment variable ${key} must be valid JSON (${reason})`);
      }
    },
    date(key: string, defaultValue?: unknown): unknown {
      const value = typed(key);
      if (value === undefined) return defaultValue;
      const parsed = new Date(value);
      if (Number.isNaN(parsed.getTime())) throw invalid(key, 'a date', value);
      return parsed;
    },
    oneOf(key: string, expected: readonly string[], defaultValue?: string): unknown {
      if (defaultValue !== undefined && !expected.includes(defaultValue)) {
        throw new StartupError(
          `env.oneOf('${key}'): the default ${JSON.stringify(defaultValue)} is not one of ${expected.join(', ')}`,
        );
      }
      const value = env[key];
      return value !== undefined && expected.includes(value) ? value : defaultValue;
    },
  };
  // The overloads above describe these implementations; TypeScript cannot check overloads
  // against a single untyped body, hence the one assertion.
  return Object.freeze(Object.assign(helper, methods)) as unknown as EnvHelper;
}
