/**
 * Base of every error Vellum raises on purpose. Each concrete error is declared once with
 * `defineError` (define-error.ts): its stable `code` (what callers match on, never the message),
 * the HTTP status and the Strapi error `name` it goes on the wire with. Transports (REST,
 * GraphQL) translate them in one place each.
 */
export type ErrorDetails = Readonly<Record<string, unknown>>;

export abstract class VellumError extends Error {
  /** stable identifier, `VELLUM_ERR_…`; listed in docs/errors.md */
  abstract readonly code: string;
  abstract readonly status: number;
  readonly details: ErrorDetails;

  constructor(message: string, details: ErrorDetails = {}) {
    super(message);
    this.details = details;
  }
}
