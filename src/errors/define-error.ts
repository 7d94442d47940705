import { VellumError, type ErrorDetails } from './vellum-error.js';

/** What declares an error: docs/errors.md lists every one (checked by error-codes.test.ts). */
export interface ErrorSpec<C extends string> {
  /** stable `VELLUM_ERR_…` identifier callers match on */
  readonly code: C;
  /** the name on the wire (Strapi's: `ValidationError`, `NotFoundError`, …) */
  readonly name: string;
  readonly status: number;
  /** message when none is given */
  readonly message: string;
}

/** A class `defineError` can extend: a Vellum error taking `(message, details?)`. */
export type VellumErrorClass = abstract new (message: string, details?: ErrorDetails) => VellumError;

/**
 * The base class of one error, declared as `class NotFoundError extends defineError({…}) {}` so
 * it stays a real, named class (instanceof, stack traces). Pass `Base` for a more specific
 * condition of an existing error (`UniqueError` is a `ValidationError` with its own code): it
 * keeps the parent's wire name and status, so clients see no difference.
 */
export function defineError<const C extends string>(spec: ErrorSpec<C>, Base: VellumErrorClass = VellumError) {
  abstract class DefinedError extends Base {
    static readonly code: C = spec.code;
    static readonly wireName: string = spec.name;
    static readonly status: number = spec.status;
    readonly code: string = spec.code;
    readonly status: number = spec.status;

    constructor(message: string = spec.message, details: ErrorDetails = {}) {
      super(message, details);
      this.name = spec.name;
    }
  }
  return DefinedError;
}
