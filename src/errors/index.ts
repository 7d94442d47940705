export { VellumError, type ErrorDetails } from './vellum-error.js';
export { defineError, type ErrorSpec, type VellumErrorClass } from './define-error.js';
export {
  ValidationError,
  UniqueError,
  UnknownPermissionsError,
  PaginationError,
  ApplicationError,
  BadRequestError,
  UnauthorizedError,
  ForbiddenError,
  PermissionDeniedError,
  PolicyError,
  NotFoundError,
  MethodNotAllowedError,
  RequestTimeoutError,
  ConflictError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  RateLimitError,
  HeadersTooLargeError,
  HttpClientError,
  ServiceUnavailableError,
  NotImplementedError,
  InternalServerError,
} from './http-errors.js';
export { StartupError } from './startup-error.js';
export { toVellumError } from './to-vellum-error.js';
export { jsonShapeError, JSON_BODY_DEPTH_LIMIT } from './json-shape-error.js';

/**
 * Error for an invalid query key, shaped as Strapi's validator reports it: `details.path` is the
 * path of attributes that leads to the key (`category` for `sort=category:asc`), null at the top,
 * and ending with the key when the key is itself an attribute (`fields=category`);
 * the message names it (`Invalid key asc at category`). Operators and list indexes are not
 * attributes and are left out of it, as Strapi's traversal leaves them out. Under `populate`,
 * Strapi reports the path as written, key included (`category.populate.nope`), and so does Vellum.
 * `key` is Strapi's; `source` and `param` (the query parameter) are Vellum's additions.
 */
import { ValidationError } from './http-errors.js';

const isAttributeSegment = (segment: string): boolean => !segment.startsWith('$') && !/^\d+$/.test(segment);

export function invalidKey(
  param: string,
  path: readonly string[],
  source: 'query' | 'body' = 'query',
  /** the key is itself an attribute (hidden, not sortable…): Strapi's path then ends with it */
  keyIsAttribute = false,
): ValidationError {
  const key = path[path.length - 1] ?? param;
  const above = keyIsAttribute ? path : path.slice(0, -1);
  const parents = param === 'populate' ? path : above.filter(isAttributeSegment);
  const parent = parents.length > 0 ? parents.join('.') : null;
  const where = parent !== null && parent !== key ? ` at ${parent}` : '';
  return new ValidationError(`Invalid key ${key}${where}`, {
    key,
    path: parent,
    source,
    param,
  });
}
export { errors } from './strapi-errors.js';
