/**
 * Every error a request can end with, declared once: stable code, Strapi wire name, HTTP status,
 * default message. docs/errors.md lists them (kept in step by error-codes.test.ts).
 */
import { defineError } from './define-error.js';

/** Bad input: a query parameter, a body field, a schema value. */
export class ValidationError extends defineError({ code: 'VELLUM_ERR_VALIDATION', name: 'ValidationError', status: 400, message: 'Validation error' }) {}

/** A value of a `unique` attribute (or uid, or a token/role name) that is already taken. */
export class UniqueError extends defineError({ code: 'VELLUM_ERR_UNIQUE', name: 'ValidationError', status: 400, message: 'This attribute must be unique' }, ValidationError) {}

/** Permission actions (token or role grants) that name no known action. */
export class UnknownPermissionsError extends defineError(
  { code: 'VELLUM_ERR_UNKNOWN_PERMISSIONS', name: 'ValidationError', status: 400, message: 'Unknown permissions provided' },
  ValidationError,
) {}

/** Mixed or malformed pagination, as Strapi's PaginationError. */
export class PaginationError extends defineError({ code: 'VELLUM_ERR_PAGINATION', name: 'PaginationError', status: 400, message: 'Invalid pagination' }) {}

/** Any other refused request that is the caller's fault. */
export class ApplicationError extends defineError({ code: 'VELLUM_ERR_APPLICATION', name: 'ApplicationError', status: 400, message: 'An application error occured' }) {}

/** `ctx.badRequest(message, details)` in project code (Koa's http-errors name, as Strapi answers it). */
export class BadRequestError extends defineError({ code: 'VELLUM_ERR_BAD_REQUEST', name: 'BadRequestError', status: 400, message: 'Bad Request' }) {}

export class UnauthorizedError extends defineError({ code: 'VELLUM_ERR_UNAUTHORIZED', name: 'UnauthorizedError', status: 401, message: 'Unauthorized' }) {}

export class ForbiddenError extends defineError({ code: 'VELLUM_ERR_FORBIDDEN', name: 'ForbiddenError', status: 403, message: 'Forbidden' }) {}

/**
 * The permission check's refusal: the caller is known but lacks the permission. A ForbiddenError
 * on the wire (REST: Strapi 5's `Forbidden`); its own class so a transport can word it its own
 * way without the core knowing (the GraphQL plugin says `Forbidden access`).
 */
export class PermissionDeniedError extends defineError({ code: 'VELLUM_ERR_PERMISSION_DENIED', name: 'ForbiddenError', status: 403, message: 'Forbidden' }, ForbiddenError) {}

/** A route or resolver policy answered false (Strapi's PolicyError, a ForbiddenError). */
export class PolicyError extends defineError({ code: 'VELLUM_ERR_POLICY', name: 'PolicyError', status: 403, message: 'Policy Failed' }, ForbiddenError) {}

export class NotFoundError extends defineError({ code: 'VELLUM_ERR_NOT_FOUND', name: 'NotFoundError', status: 404, message: 'Not Found' }) {}

export class MethodNotAllowedError extends defineError({ code: 'VELLUM_ERR_METHOD_NOT_ALLOWED', name: 'MethodNotAllowedError', status: 405, message: 'Method Not Allowed' }) {}

export class RequestTimeoutError extends defineError({ code: 'VELLUM_ERR_REQUEST_TIMEOUT', name: 'RequestTimeoutError', status: 408, message: 'Request Timeout' }) {}

/** A feature the server's configuration leaves off (Strapi's `ctx.notImplemented`: data transfer without a token salt). */
export class NotImplementedError extends defineError({ code: 'VELLUM_ERR_NOT_IMPLEMENTED', name: 'NotImplementedError', status: 501, message: 'Not Implemented' }) {}

export class ConflictError extends defineError({ code: 'VELLUM_ERR_CONFLICT', name: 'ConflictError', status: 409, message: 'Conflict' }) {}

export class PayloadTooLargeError extends defineError({ code: 'VELLUM_ERR_PAYLOAD_TOO_LARGE', name: 'PayloadTooLargeError', status: 413, message: 'Entity too large' }) {}

export class UnsupportedMediaTypeError extends defineError({ code: 'VELLUM_ERR_UNSUPPORTED_MEDIA_TYPE', name: 'UnsupportedMediaTypeError', status: 415, message: 'Unsupported Media Type' }) {}

export class RateLimitError extends defineError({ code: 'VELLUM_ERR_RATE_LIMIT', name: 'RateLimitError', status: 429, message: 'Too many requests, please try again later.' }) {
  /** seconds until the budget refills, sent as `Retry-After` */
  retryAfter: number | undefined;
}

export class HeadersTooLargeError extends defineError({
  code: 'VELLUM_ERR_HEADERS_TOO_LARGE',
  name: 'RequestHeaderFieldsTooLargeError',
  status: 431,
  message: 'The URL and headers exceed the server limit (16 KB)',
}) {}

/**
 * A client error that arrived with only an HTTP status: from Fastify or one of its plugins, or
 * a custom middleware's `ctx.throw(status, message)`. Strapi names these `ApplicationError`.
 */
export class HttpClientError extends defineError({ code: 'VELLUM_ERR_HTTP_CLIENT', name: 'ApplicationError', status: 400, message: 'Bad Request' }) {
  override readonly status: number;

  constructor(status: number, message?: string) {
    super(message);
    this.status = status;
  }
}

/**
 * The server could not finish in time: the database cancelled a statement that ran over
 * `database.connection.statementTimeout`. The request itself was valid; retrying later may work.
 */
export class ServiceUnavailableError extends defineError({
  code: 'VELLUM_ERR_SERVICE_UNAVAILABLE',
  name: 'ServiceUnavailableError',
  status: 503,
  message: 'Service Unavailable',
}) {}

/**
 * What a client sees of an unexpected failure (a bug, a database outage): always this masked
 * 500, never the original message; the original is logged with its stack.
 */
export class InternalServerError extends defineError({ code: 'VELLUM_ERR_INTERNAL', name: 'InternalServerError', status: 500, message: 'Internal Server Error' }) {}
