/**
 * Errors raised below Vellum's code (Fastify, its plugins, Node's HTTP parser, the database
 * drivers, a custom middleware's `ctx.throw`) as the Vellum error a client gets, so each
 * transport maps one kind of error. Matched by their own stable `code`, `errno` or
 * `statusCode`, never by message text.
 */
import {
  HeadersTooLargeError,
  HttpClientError,
  PayloadTooLargeError,
  RequestTimeoutError,
  ServiceUnavailableError,
  UnsupportedMediaTypeError,
  ValidationError,
} from './http-errors.js';
import { VellumError } from './vellum-error.js';

const FOREIGN_CODES: Readonly<Record<string, () => VellumError>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: () => new PayloadTooLargeError('Entity too large'),
  FST_REQ_FILE_TOO_LARGE: () => new PayloadTooLargeError('File too large'),
  FST_FILES_LIMIT: () => new PayloadTooLargeError('Too many files'),
  FST_PARTS_LIMIT: () => new PayloadTooLargeError('Too many parts'),
  FST_FIELDS_LIMIT: () => new PayloadTooLargeError('Too many form fields'),
  FST_INVALID_JSON_FIELD_ERROR: () => new ValidationError('A form field is not valid JSON, as its Content-Type says it is'),
  FST_PROTO_VIOLATION: () => new ValidationError('A form field name is not allowed'),
  FST_ERR_CTP_INVALID_JSON_BODY: () => new ValidationError('Malformed JSON body'),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => new ValidationError('Empty JSON body'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => new UnsupportedMediaTypeError('Unsupported Media Type'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => new ValidationError('Invalid content length'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () => new ValidationError('The request is not multipart'),
  // Node's HTTP parser, before Fastify sees the request
  HPE_HEADER_OVERFLOW: () => new HeadersTooLargeError(),
  ERR_HTTP_REQUEST_TIMEOUT: () => new RequestTimeoutError(),
  // The database cancelled a statement over `database.connection.statementTimeout`: the server
  // was too slow for this request, not a bug (decisions.md "Cost of a request"). PostgreSQL
  // query_canceled, MariaDB ER_STATEMENT_TIMEOUT, MySQL ER_QUERY_TIMEOUT.
  '57014': statementTimeout,
  ER_STATEMENT_TIMEOUT: statementTimeout,
  ER_QUERY_TIMEOUT: statementTimeout,
  // MySQL/MariaDB KILL QUERY (an operator, or Vellum cancelling the statements of a request
  // whose client went away, db/statement-counter.ts): the statement was stopped, not a bug.
  ER_QUERY_INTERRUPTED: statementInterrupted,
};

/** the same conditions by MySQL/MariaDB error number, for a driver that knows no name for it */
const FOREIGN_ERRNOS: Readonly<Record<number, () => VellumError>> = {
  1969: statementTimeout,
  3024: statementTimeout,
  1317: statementInterrupted,
};

function statementTimeout(): VellumError {
  return new ServiceUnavailableError('A database statement took longer than database.connection.statementTimeout allows', {
    limit: 'database.connection.statementTimeout',
  });
}

function statementInterrupted(): VellumError {
  return new ServiceUnavailableError('A database statement was cancelled before it finished');
}

function property(error: unknown, key: string): unknown {
  return typeof error === 'object' && error !== null ? (error as Record<string, unknown>)[key] : undefined;
}

/** The Vellum error for `error`, or null when it is unexpected (a bug: masked 500, logged). */
export function toVellumError(error: unknown): VellumError | null {
  if (error instanceof VellumError) return error;
  const code = property(error, 'code');
  const known = typeof code === 'string' && Object.hasOwn(FOREIGN_CODES, code) ? FOREIGN_CODES[code] : undefined;
  if (known) return known();
  const errno = property(error, 'errno');
  const byErrno = typeof errno === 'number' && Object.hasOwn(FOREIGN_ERRNOS, errno) ? FOREIGN_ERRNOS[errno] : undefined;
  if (byErrno) return byErrno();
  const status = property(error, 'statusCode');
  if (typeof status !== 'number' || status < 400 || status >= 500) return null;
  const message = property(error, 'message');
  // Fastify's JSON parser reports syntax errors as a SyntaxError with status 400.
  if (status === 400) return new ValidationError(error instanceof SyntaxError ? 'Malformed JSON body' : typeof message === 'string' ? message : undefined);
  return new HttpClientError(status, typeof message === 'string' ? message : undefined);
}
