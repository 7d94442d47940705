/**
 * The one mapping from errors to GraphQL `errors[]` entries, for field errors and for errors
 * raised around execution (the HTTP routes' error handler). Vellum's typed errors (and the
 * framework's, through `toVellumError`) keep their message and get `extensions.code` from their
 * HTTP status and wire name as the v4 plugin's formatter names them (a ValidationError is
 * `BAD_USER_INPUT`, another client error `STRAPI_<NAME>`: `STRAPI_PAGINATION_ERROR`,
 * `STRAPI_APPLICATION_ERROR`), plus Strapi's `extensions.error = { name, message, details }`;
 * GraphQL's own errors (syntax, validation, coercion) keep graphql-js's message with the code of
 * the phase that raised them; anything else is a bug: masked as `Internal Server Error` in every
 * environment, logged in full.
 */
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { PermissionDeniedError, toVellumError, type VellumError } from '../errors/index.js';

export type ErrorCode =
  | 'BAD_REQUEST'
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'GRAPHQL_PARSE_FAILED'
  | 'GRAPHQL_VALIDATION_FAILED'
  | 'OPERATION_RESOLUTION_FAILURE'
  | 'PERSISTED_QUERY_NOT_SUPPORTED'
  | 'TOO_MANY_REQUESTS'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_SERVER_ERROR'
  | `STRAPI_${string}`;

export interface ErrorLog {
  error(message: string, err?: unknown): void;
}

/** `PaginationError` → `STRAPI_PAGINATION_ERROR` (the v4 plugin's snake-cased wire name). */
const strapiCode = (name: string): ErrorCode => `STRAPI_${name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}`;

/**
 * The code of an error by HTTP status and wire name. As the v4 plugin: a `ValidationError` is
 * `BAD_USER_INPUT`, a forbidden access `FORBIDDEN`, any other client error `STRAPI_<NAME>`.
 * Vellum's own (decisions.md): 401 `UNAUTHENTICATED` (v4: `FORBIDDEN`), so the answer can be an
 * HTTP 401; 404 `NOT_FOUND` and 429 `TOO_MANY_REQUESTS`, as Apollo names them.
 */
export function codeFor(status: number, name: string): ErrorCode {
  if (status >= 400 && status < 500 && ![401, 403, 404, 429].includes(status) && name !== 'ValidationError') return strapiCode(name);
  return codeForStatus(status);
}

function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 429:
      return 'TOO_MANY_REQUESTS';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_USER_INPUT';
  }
}

/** The error a field resolver or the request pipeline threw, unwrapped from graphql-js's located error. */
function rootCause(error: GraphQLError): unknown {
  let cause: unknown = error.originalError;
  while (cause instanceof GraphQLError && cause.originalError) cause = cause.originalError;
  return cause;
}

export interface FormatOptions {
  /** code for GraphQL's own errors without one (the phase: parse, validation, coercion, execution) */
  readonly defaultCode: ErrorCode;
  readonly log: ErrorLog;
}

const MASKED: GraphQLFormattedError = { message: 'Internal Server Error', extensions: { code: 'INTERNAL_SERVER_ERROR' } };

/** the v4 GraphQL plugin's message for a missing permission (REST keeps Strapi 5's `Forbidden`) */
const FORBIDDEN_ACCESS = 'Forbidden access';

function vellumEntry(error: VellumError, base: Pick<GraphQLFormattedError, 'locations' | 'path'> = {}): GraphQLFormattedError {
  const message = error instanceof PermissionDeniedError ? FORBIDDEN_ACCESS : error.message;
  return {
    message,
    ...base,
    extensions: { code: codeFor(error.status, error.name), error: { name: error.name, message, details: error.details } },
  };
}

export function formatGraphqlError(error: GraphQLError, options: FormatOptions): GraphQLFormattedError {
  const cause = rootCause(error);
  const base = { locations: error.locations, path: error.path };
  if (cause !== undefined && !(cause instanceof GraphQLError)) {
    const known = toVellumError(cause);
    if (known) return vellumEntry(known, base);
    const where = error.path ? ` at ${error.path.join('.')}` : '';
    options.log.error(`GraphQL resolver failed${where}`, cause);
    return { ...MASKED, ...base };
  }
  // graphql-js's own message (`Variable "$limit" got invalid value …` around the scalar's), the innermost code
  const source = cause instanceof GraphQLError ? cause : error;
  const code = typeof source.extensions['code'] === 'string' ? source.extensions['code'] : options.defaultCode;
  return { message: error.message, ...base, extensions: { ...source.extensions, code } };
}

/** HTTP status a response carrying these (formatted) errors gets besides GraphQL's own rules. */
export function statusForErrors(errors: readonly GraphQLFormattedError[]): number | null {
  return errors.some((error) => error.extensions?.['code'] === 'UNAUTHENTICATED') ? 401 : null;
}

/**
 * An error raised around execution (body parsing, building the context, a hook) as the status
 * and entry of the response; an unexpected one is logged under `where` and masked.
 */
export function formatRequestFailure(error: unknown, log: ErrorLog, where: string): { status: number; error: GraphQLFormattedError } {
  const known = toVellumError(error);
  if (known) return { status: known.status, error: vellumEntry(known) };
  log.error(where, error);
  return { status: 500, error: MASKED };
}

/** A request-level error (before execution) as a formatted entry. */
export function requestError(message: string, code: ErrorCode): GraphQLFormattedError {
  return { message, extensions: { code } };
}
