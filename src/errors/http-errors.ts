import { VellumError, type ErrorDetails } from './vellum-error.js';

/** Bad input: a query parameter, a body field, a schema value. Always 400. */
export class ValidationError extends VellumError {
  readonly status = 400;
  constructor(message = 'Validation error', details: ErrorDetails = {}) {
    super(message, details);
  }
}

/** Mixed or malformed pagination. 400, as Strapi's PaginationError. */
export class PaginationError extends VellumError {
  readonly status = 400;
  constructor(message = 'Invalid pagination', details: ErrorDetails = {}) {
    super(message, details);
  }
}

/** Any other refused request that is the caller's fault. */
export class ApplicationError extends VellumError {
  readonly status = 400;
  constructor(message = 'An application error occured', details: ErrorDetails = {}) {
    super(message, details);
  }
}

export class UnauthorizedError extends VellumError {
  readonly status = 401;
  constructor(message = 'Unauthorized', details: ErrorDetails = {}) {
    super(message, details);
  }
}

export class ForbiddenError extends VellumError {
  readonly status = 403;
  constructor(message = 'Forbidden', details: ErrorDetails = {}) {
    super(message, details);
  }
}

export class NotFoundError extends VellumError {
  readonly status = 404;
  constructor(message = 'Not Found', details: ErrorDetails = {}) {
    super(message, details);
  }
}

export class MethodNotAllowedError extends VellumError {
  readonly status = 405;
  constructor(message = 'Method Not Allowed', details: ErrorDetails = {}) {
    super(message, details);
  }
}

export class ConflictError extends VellumError {
  readonly status = 409;
  constructor(message = 'Conflict', details: ErrorDetails = {}) {
    super(message, details);
  }
}

export class PayloadTooLargeError extends VellumError {
  readonly status = 413;
  constructor(message = 'Entity too large', details: ErrorDetails = {}) {
    super(message, details);
  }
}

export class RateLimitError extends VellumError {
  readonly status = 429;
  constructor(message = 'Too many requests, please try again later.', details: ErrorDetails = {}) {
    super(message, details);
  }
}
