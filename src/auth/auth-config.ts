/**
 * The users-permissions settings, read from `config/plugins` `'users-permissions'.config` with
 * Strapi's keys and defaults: `jwtSecret`, `jwt.expiresIn` (30d), `ratelimit` ({ interval:
 * 60000, max: 10 }); plus `password.minLength` (6), Vellum's own. Mistakes are a StartupError.
 */
import type { ProjectConfig } from '../config/types.js';
import { StartupError } from '../errors/index.js';

export interface AuthConfig {
  /** from the config file; the JWT_SECRET environment variable wins (see secrets.ts) */
  readonly jwtSecret: string | undefined;
  readonly jwtExpiresIn: string | number;
  readonly ratelimit: { readonly enabled: boolean; readonly interval: number; readonly max: number };
  readonly passwordMinLength: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const SOURCE = "config/plugins: 'users-permissions'.config";

export function readAuthConfig(config: Pick<ProjectConfig, 'plugins'>): AuthConfig {
  const problems: string[] = [];
  const entry = config.plugins['users-permissions'];
  const raw = isRecord(entry) && isRecord(entry.config) ? entry.config : {};
  const problem = (key: string, expectation: string, value: unknown): void => {
    problems.push(`${SOURCE}.${key} ${expectation} (got ${JSON.stringify(value)})`);
  };
  const positive = (key: string, value: unknown, fallback: number): number => {
    if (value === undefined) return fallback;
    if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
    problem(key, 'must be a positive integer', value);
    return fallback;
  };

  let jwtSecret: string | undefined;
  if (typeof raw.jwtSecret === 'string' && raw.jwtSecret !== '') jwtSecret = raw.jwtSecret;
  else if (raw.jwtSecret !== undefined && raw.jwtSecret !== '') problems.push(`${SOURCE}.jwtSecret must be a string`);

  const jwt = isRecord(raw.jwt) ? raw.jwt : {};
  let jwtExpiresIn: string | number = '30d';
  if (typeof jwt.expiresIn === 'string' || (typeof jwt.expiresIn === 'number' && jwt.expiresIn > 0)) jwtExpiresIn = jwt.expiresIn;
  else if (jwt.expiresIn !== undefined) problem('jwt.expiresIn', 'must be a time span such as "30d" or a number of seconds', jwt.expiresIn);

  const limit = isRecord(raw.ratelimit) ? raw.ratelimit : {};
  if (raw.ratelimit !== undefined && !isRecord(raw.ratelimit)) problem('ratelimit', 'must be an object { interval, max }', raw.ratelimit);
  // koa2-ratelimit also takes `interval: { min: 5 }`.
  const interval = isRecord(limit.interval) && typeof limit.interval.min === 'number' ? limit.interval.min * 60_000 : limit.interval;

  const password = isRecord(raw.password) ? raw.password : {};
  const result: AuthConfig = {
    jwtSecret,
    jwtExpiresIn,
    ratelimit: {
      enabled: limit.enabled !== false,
      interval: positive('ratelimit.interval', interval, 60_000),
      max: positive('ratelimit.max', limit.max, 10),
    },
    passwordMinLength: positive('password.minLength', password.minLength, 6),
  };
  if (problems.length > 0) throw new StartupError(problems.join('\n'));
  return result;
}
