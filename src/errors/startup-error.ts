/**
 * A project that cannot start: bad schema, bad config, destructive migration, missing secret.
 * Never reaches a client; the CLI prints the message (no stack) and exits non-zero. Not a
 * VellumError on purpose: raised during a request it would be a bug, so transports mask it as
 * any unexpected error.
 */
export class StartupError extends Error {
  static readonly code: string = 'VELLUM_ERR_STARTUP';
  /** stable identifier, `VELLUM_ERR_…`; listed in docs/errors.md */
  readonly code: string = 'VELLUM_ERR_STARTUP';

  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}
