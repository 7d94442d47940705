/**
 * Base of every error Vellum raises on purpose. Each subclass carries the HTTP status and the
 * Strapi error name it maps to; transports (REST, GraphQL) translate them in one place each.
 */
export type ErrorDetails = Readonly<Record<string, unknown>>;

export abstract class VellumError extends Error {
  abstract readonly status: number;
  readonly details: ErrorDetails;

  constructor(message: string, details: ErrorDetails = {}) {
    super(message);
    this.name = new.target.name;
    this.details = details;
  }
}
