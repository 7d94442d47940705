export { VellumError, type ErrorDetails } from './vellum-error.js';
export {
  ValidationError,
  PaginationError,
  ApplicationError,
  UnauthorizedError,
  ForbiddenError,
  NotFoundError,
  MethodNotAllowedError,
  ConflictError,
  PayloadTooLargeError,
  RateLimitError,
} from './http-errors.js';
export { StartupError } from './startup-error.js';

/** Error for an invalid query key, shaped exactly as Strapi's validator reports it. */
import { ValidationError } from './http-errors.js';
export function invalidKey(
  param: string,
  path: readonly string[],
  source: 'query' | 'body' = 'query',
): ValidationError {
  const key = path[path.length - 1] ?? param;
  const where = path.length > 1 ? ` at ${path.join('.')}` : '';
  return new ValidationError(`Invalid key ${key}${where}`, {
    key,
    path: path.join('.'),
    source,
    param,
  });
}
