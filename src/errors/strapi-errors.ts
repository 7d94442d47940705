/**
 * `errors` of `@strapi/utils`, as project code throws them (`throw new errors.ApplicationError(
 * 'msg', details)`): Vellum's own classes under Strapi's names, so each answers with its status
 * in the one error shape. Project code importing `@strapi/utils` gets `STRAPI_UTILS_MODULE`,
 * wherever Vellum loads it (config files included), so `instanceof` holds against these classes.
 */
import {
  ApplicationError,
  ForbiddenError,
  NotFoundError,
  PaginationError,
  PayloadTooLargeError,
  PolicyError,
  RateLimitError,
  UnauthorizedError,
  ValidationError,
} from './http-errors.js';

/** Strapi's `NotImplementedError` is a 501 it raises itself; user code throwing it is a bad request of a kind Vellum has not got, so an ApplicationError. */
class NotImplementedError extends ApplicationError {}

export const errors = Object.freeze({
  ApplicationError,
  ValidationError,
  YupValidationError: ValidationError,
  PaginationError,
  NotFoundError,
  ForbiddenError,
  UnauthorizedError,
  PolicyError,
  RateLimitError,
  PayloadTooLargeError,
  NotImplementedError,
});

/** `@strapi/utils` as a module (jiti `virtualModules`): named, default and `require()` access to `errors`. */
export const STRAPI_UTILS_MODULE = Object.freeze({ __esModule: true, errors, default: Object.freeze({ errors }) });
