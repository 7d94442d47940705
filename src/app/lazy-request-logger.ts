/**
 * Fastify makes a child logger (the request id bound) for every request, and a pino child with
 * redaction passes its bindings through the redactor: a cost on every request, though almost
 * none logs through `request.log` (the request line is written apart, builtin-middlewares.ts).
 * This factory hands Fastify a stand-in that makes the child on its first use.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

/** A log method called with whatever its caller passed (pino's overloads are the child's to check). */
type AnyLogCall = (...args: unknown[]) => void;

class LazyRequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  get level(): string {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  // methods on the prototype: a request that never logs allocates nothing but this object
  fatal(...args: unknown[]): void {
    (this.real.fatal as AnyLogCall)(...args);
  }

  error(...args: unknown[]): void {
    (this.real.error as AnyLogCall)(...args);
  }

  warn(...args: unknown[]): void {
    (this.real.warn as AnyLogCall)(...args);
  }

  info(...args: unknown[]): void {
    (this.real.info as AnyLogCall)(...args);
  }

  debug(...args: unknown[]): void {
    (this.real.debug as AnyLogCall)(...args);
  }

  trace(...args: unknown[]): void {
    (this.real.trace as AnyLogCall)(...args);
  }

  silent(...args: unknown[]): void {
    (this.real.silent as AnyLogCall)(...args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

export function lazyRequestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new LazyRequestLogger(logger, bindings, options);
}
