/**
 * A project that cannot start: bad schema, bad config, destructive migration, missing secret.
 * Never reaches a client; the CLI prints the message (no stack) and exits non-zero.
 */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}
