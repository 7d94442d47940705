/**
 * The one mapping from errors to GraphQL `errors[]` entries. Vellum's typed errors keep their
 * message and get `extensions.code` from their HTTP status (plus Strapi's
 * `extensions.error = { name, message, details }`); GraphQL's own errors (syntax, validation,
 * coercion) keep their message with the code of the phase that raised them; anything else is
 * a bug: masked as `Internal Server Error` in every environment, logged in full.
 */
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { VellumError } from '../errors/index.js';

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
  | 'INTERNAL_SERVER_ERROR';

export interface ErrorLog {
  error(message: string, err?: unknown): void;
}

export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 429:
      return 'TOO_MANY_REQUESTS';
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

export function formatGraphqlError(error: GraphQLError, options: FormatOptions): GraphQLFormattedError {
  const cause = rootCause(error);
  const base = { locations: error.locations, path: error.path };
  if (cause instanceof VellumError) {
    return {
      message: cause.message,
      ...base,
      extensions: { code: codeForStatus(cause.status), error: { name: cause.name, message: cause.message, details: cause.details } },
    };
  }
  if (cause !== undefined && !(cause instanceof GraphQLError)) {
    const where = error.path ? ` at ${error.path.join('.')}` : '';
    options.log.error(`GraphQL resolver failed${where}`, cause);
    return { message: 'Internal Server Error', ...base, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
  }
  const source = cause instanceof GraphQLError ? cause : error;
  const code = typeof source.extensions['code'] === 'string' ? source.extensions['code'] : options.defaultCode;
  return { message: source.message, ...base, extensions: { ...source.extensions, code } };
}

/** HTTP status a response carrying these (formatted) errors gets besides GraphQL's own rules. */
export function statusForErrors(errors: readonly GraphQLFormattedError[]): number | null {
  return errors.some((error) => error.extensions?.['code'] === 'UNAUTHENTICATED') ? 401 : null;
}

/** A request-level error (before execution) as a formatted entry. */
export function requestError(message: string, code: ErrorCode): GraphQLFormattedError {
  return { message, extensions: { code } };
}
