import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { documentedErrors } from '../../test/helpers/errors-doc.js';
import { ApplicationError, ForbiddenError, NotFoundError, PaginationError, UniqueError } from '../errors/index.js';
import { codeFor, formatGraphqlError, formatRequestFailure } from './format-error.js';

function collectingLog() {
  const logged: Array<[string, unknown]> = [];
  return { logged, log: { error: (message: string, error?: unknown) => logged.push([message, error]) } };
}

/** A resolver's error as graphql-js hands it to the formatter. */
const located = (error: Error): GraphQLError => new GraphQLError(error.message, { path: ['articles'], originalError: error });

describe('GraphQL error mapping', () => {
  it('gives each documented error the GraphQL code docs/errors.md names', () => {
    const rows = documentedErrors().map((row) => [row.code, row.graphqlCode]);
    const expected = documentedErrors().map((row) => [
      row.code,
      /^\d+$/.test(row.status) ? codeFor(Number(row.status), row.wireName) : row.status === '4xx' ? 'by status' : '—',
    ]);
    expect(rows).toEqual(expected);
  });

  it("keeps a Vellum error's message with Strapi's extensions.error (wire name, not class)", () => {
    const { log, logged } = collectingLog();
    const error = new UniqueError('slug must be unique', { errors: [{ path: ['slug'] }] });
    expect(formatGraphqlError(located(error), { defaultCode: 'INTERNAL_SERVER_ERROR', log })).toEqual({
      message: 'slug must be unique',
      path: ['articles'],
      locations: undefined,
      extensions: { code: 'BAD_USER_INPUT', error: { name: 'ValidationError', message: 'slug must be unique', details: { errors: [{ path: ['slug'] }] } } },
    });
    expect(logged).toEqual([]);
  });

  it('answers a statement the database cancelled as SERVICE_UNAVAILABLE at the field, unlogged', () => {
    const { log, logged } = collectingLog();
    const cancelled = Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    const message = 'A database statement took longer than database.connection.statementTimeout allows';
    expect(formatGraphqlError(located(cancelled), { defaultCode: 'INTERNAL_SERVER_ERROR', log })).toEqual({
      message,
      path: ['articles'],
      locations: undefined,
      extensions: { code: 'SERVICE_UNAVAILABLE', error: { name: 'ServiceUnavailableError', message, details: { limit: 'database.connection.statementTimeout' } } },
    });
    expect(logged).toEqual([]);
  });

  it("names other client errors STRAPI_<NAME> as the v4 plugin does; ValidationError stays BAD_USER_INPUT", () => {
    const { log } = collectingLog();
    const format = (error: Error) => formatGraphqlError(located(error), { defaultCode: 'INTERNAL_SERVER_ERROR', log }).extensions?.['code'];
    expect(format(new PaginationError('Cannot use both page & offset pagination in the same query'))).toBe('STRAPI_PAGINATION_ERROR');
    expect(format(new ApplicationError('Email or Username are already taken'))).toBe('STRAPI_APPLICATION_ERROR');
    expect(format(new UniqueError('taken'))).toBe('BAD_USER_INPUT');
    expect(format(new ForbiddenError())).toBe('FORBIDDEN');
  });

  it("keeps graphql-js's message of an error around another one (a variable that did not coerce)", () => {
    const { log } = collectingLog();
    const inner = new GraphQLError('Int cannot represent non-integer value: "x"');
    const outer = new GraphQLError('Variable "$limit" got invalid value "x"; Int cannot represent non-integer value: "x"', { originalError: inner });
    expect(formatGraphqlError(outer, { defaultCode: 'BAD_USER_INPUT', log })).toMatchObject({
      message: 'Variable "$limit" got invalid value "x"; Int cannot represent non-integer value: "x"',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('masks an unexpected error and logs it whole', () => {
    const { log, logged } = collectingLog();
    const error = new Error('password=hunter2 in a driver message');
    expect(formatGraphqlError(located(error), { defaultCode: 'INTERNAL_SERVER_ERROR', log })).toEqual({
      message: 'Internal Server Error',
      path: ['articles'],
      locations: undefined,
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
    expect(logged).toEqual([['GraphQL resolver failed at articles', error]]);
  });

  it('maps errors raised around execution with the same rules: Vellum, framework, unexpected', () => {
    const { log, logged } = collectingLog();
    expect(formatRequestFailure(new NotFoundError(), log, 'GET /graphql failed')).toEqual({
      status: 404,
      error: { message: 'Not Found', extensions: { code: 'NOT_FOUND', error: { name: 'NotFoundError', message: 'Not Found', details: {} } } },
    });
    const tooLarge = Object.assign(new Error('Request body is too large'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 });
    expect(formatRequestFailure(tooLarge, log, 'POST /graphql failed')).toEqual({
      status: 413,
      error: { message: 'Entity too large', extensions: { code: 'STRAPI_PAYLOAD_TOO_LARGE_ERROR', error: { name: 'PayloadTooLargeError', message: 'Entity too large', details: {} } } },
    });
    expect(logged).toEqual([]);
    const bug = new TypeError('x is undefined');
    expect(formatRequestFailure(bug, log, 'POST /graphql failed')).toEqual({ status: 500, error: { message: 'Internal Server Error', extensions: { code: 'INTERNAL_SERVER_ERROR' } } });
    expect(logged).toEqual([['POST /graphql failed', bug]]);
  });
});
