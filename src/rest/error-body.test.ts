import { describe, expect, it } from 'vitest';
import { ForbiddenError, StartupError, UniqueError, UnknownPermissionsError } from '../errors/index.js';
import { clientErrorResponse, notFoundBody, toErrorBody } from './error-body.js';

const withProps = (message: string, props: Record<string, unknown>): Error => Object.assign(new Error(message), props);

describe('REST error body', () => {
  it('keeps the wire name of a specific condition: a UniqueError is a ValidationError on the wire', () => {
    expect(toErrorBody(new UniqueError('slug must be unique', { errors: [] }))).toEqual({
      body: { data: null, error: { status: 400, name: 'ValidationError', message: 'slug must be unique', details: { errors: [] } } },
      internal: false,
    });
    expect(toErrorBody(new UnknownPermissionsError('Unknown permissions provided: x')).body.error.name).toBe('ValidationError');
    expect(toErrorBody(new ForbiddenError()).body.error).toEqual({ status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} });
  });

  it("maps the framework's errors by their code or status", () => {
    expect(toErrorBody(withProps('Request file too large', { code: 'FST_REQ_FILE_TOO_LARGE', statusCode: 413 })).body.error).toEqual({
      status: 413, name: 'PayloadTooLargeError', message: 'File too large', details: {},
    });
    expect(toErrorBody(Object.assign(new SyntaxError('Unexpected token }'), { statusCode: 400 })).body.error.message).toBe('Malformed JSON body');
    // ctx.throw(403, 'No way') in a custom middleware
    expect(toErrorBody(withProps('No way', { statusCode: 403 }))).toEqual({
      body: { data: null, error: { status: 403, name: 'ApplicationError', message: 'No way', details: {} } },
      internal: false,
    });
  });

  it("answers a statement the database cancelled over database.connection.statementTimeout as a 503, by the driver's code", () => {
    const timedOut = {
      status: 503,
      name: 'ServiceUnavailableError',
      message: 'A database statement took longer than database.connection.statementTimeout allows',
      details: { limit: 'database.connection.statementTimeout' },
    };
    // PostgreSQL query_canceled; MariaDB by name, and by number alone; MySQL's read-only SELECT limit
    expect(toErrorBody(withProps('canceling statement due to statement timeout', { code: '57014' }))).toEqual({ body: { data: null, error: timedOut }, internal: false });
    expect(toErrorBody(withProps('Query execution was interrupted (max_statement_time exceeded)', { code: 'ER_STATEMENT_TIMEOUT', errno: 1969 })).body.error).toEqual(timedOut);
    expect(toErrorBody(withProps('Query execution was interrupted (max_statement_time exceeded)', { errno: 1969 })).body.error).toEqual(timedOut);
    expect(toErrorBody(withProps('maximum statement execution time exceeded', { code: 'ER_QUERY_TIMEOUT', errno: 3024 })).body.error).toEqual(timedOut);
    // KILL QUERY (an operator, or the request's client went away): a 503, not a logged 500
    const interrupted = { status: 503, name: 'ServiceUnavailableError', message: 'A database statement was cancelled before it finished', details: {} };
    expect(toErrorBody(withProps('Query execution was interrupted', { code: 'ER_QUERY_INTERRUPTED', errno: 1317 }))).toEqual({ body: { data: null, error: interrupted }, internal: false });
    expect(toErrorBody(withProps('Query execution was interrupted', { errno: 1317 })).body.error).toEqual(interrupted);
    // any other driver error stays unexpected
    expect(toErrorBody(withProps('deadlock detected', { code: '40P01' })).internal).toBe(true);
  });

  it('masks everything else as a 500 the caller logs, a StartupError and a 5xx status included', () => {
    const masked = { body: { data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error', details: {} } }, internal: true };
    expect(toErrorBody(new Error('connection string postgres://u:secret@db'))).toEqual(masked);
    expect(toErrorBody(new StartupError('Unknown model'))).toEqual(masked);
    expect(toErrorBody(withProps('upstream down', { statusCode: 502 }))).toEqual(masked);
    expect(toErrorBody({ code: 'toString' })).toEqual(masked);
    expect(toErrorBody('a string')).toEqual(masked);
  });

  it('answers unknown routes and refused raw requests in the same shape', () => {
    expect(notFoundBody()).toEqual({ data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });
    const overflow = clientErrorResponse(withProps('Header overflow', { code: 'HPE_HEADER_OVERFLOW' }));
    expect(overflow.split('\r\n')[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(JSON.parse(overflow.split('\r\n\r\n')[1]!)).toEqual({
      data: null,
      error: { status: 431, name: 'RequestHeaderFieldsTooLargeError', message: 'The URL and headers exceed the server limit (16 KB)', details: {} },
    });
    const malformed = clientErrorResponse(withProps('Invalid method', { code: 'HPE_INVALID_METHOD' }));
    expect(malformed.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(malformed.split('\r\n\r\n')[1]!).error).toEqual({ status: 400, name: 'ValidationError', message: 'Malformed HTTP request', details: {} });
  });
});
