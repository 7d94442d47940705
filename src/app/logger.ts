/**
 * The application log. A running server writes structured JSON lines through pino (the logger
 * Fastify itself uses, so request lines carry Fastify's request id); tests and the CLI's
 * one-shot commands may hand in any object with `info`/`warn`/`error`.
 */
import { createRequire } from 'node:module';
import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';
import type { Environment, LogLevel } from '../config/types.js';

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
  /** the pino logger behind this one, when there is one: Fastify and request lines log through it */
  readonly pino?: PinoLogger;
  /** optional: `strapi.log.debug` is silent without it */
  debug?(message: string): void;
}

export const consoleLogger: Logger = {
  info: (message) => console.log(message),
  warn: (message) => console.warn(`warning: ${message}`),
  error: (message, error) => console.error(message, error ?? ''),
};

/**
 * Whatever is logged, these never reach a line: credentials in headers (`Authorization`,
 * cookies, Vellum never logs request headers itself, but a plugin's `request.log` might) and
 * credentials in logged objects (passwords, tokens, secrets), at the top level or one level down.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
  ...['password', 'currentPassword', 'passwordConfirmation', 'token', 'jwt', 'accessKey', 'secret', 'authorization', 'cookie'].flatMap((key) => [
    key,
    `*.${key}`,
  ]),
];

export interface ProcessLogger {
  readonly logger: Logger;
  /** once the config is read: its level, and pino-pretty's output in development */
  configure(settings: { level: LogLevel; environment: Environment }): void;
}

/**
 * The server's logger on stdout. It is made before the config is read (startup warnings need
 * it), so lines go through a forwarding stream whose target `configure` may swap for pino-pretty.
 */
export function createProcessLogger(): ProcessLogger {
  // Lines are gathered into writes of 4 KB (flushed at least every 100 ms, and on exit): one
  // write per request line costs a system call and a round trip through libuv's thread pool.
  let target: DestinationStream = pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 100 });
  const forward: DestinationStream = { write: (line: string) => target.write(line) };
  const base = pino(
    {
      level: 'info',
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    forward,
  );
  return {
    logger: pinoAdapter(base),
    configure({ level, environment }) {
      base.level = level;
      if (environment !== 'development') return;
      const pretty = loadPretty();
      if (pretty) target = pretty;
    },
  };
}

/** Vellum's `Logger` over a pino logger; an error goes under `err` so pino serialises its stack. */
export function pinoAdapter(base: PinoLogger): Logger {
  return {
    pino: base,
    info: (message) => base.info(message),
    warn: (message) => base.warn(message),
    error: (message, error) => (error === undefined ? base.error(message) : base.error({ err: error }, message)),
  };
}

type PrettyFactory = (options: { sync: boolean; colorize: boolean; ignore: string; translateTime: string }) => DestinationStream;

/**
 * pino-pretty is a development dependency: present in a checkout, absent from a production
 * install, where the JSON lines stay as they are.
 */
function loadPretty(): DestinationStream | undefined {
  try {
    const factory = createRequire(import.meta.url)('pino-pretty') as PrettyFactory;
    return factory({ sync: true, colorize: process.stdout.isTTY, ignore: 'pid,hostname', translateTime: 'SYS:HH:MM:ss.l' });
  } catch {
    return undefined;
  }
}
