/**
 * The one REST error shape, `{ data: null, error: { status, name, message, details } }`, and
 * the mapping of every error a request can raise onto it. Unknown errors become a masked 500
 * (logged in full by the caller).
 */
import { VellumError } from '../errors/index.js';

export interface ErrorBody {
  data: null;
  error: { status: number; name: string; message: string; details: Record<string, unknown> };
}

const body = (status: number, name: string, message: string, details: Record<string, unknown> = {}): ErrorBody => ({
  data: null,
  error: { status, name, message, details },
});

/** Fastify's own client errors (bad JSON, body too large, wrong content type, …). */
const FASTIFY_ERRORS: Record<string, { status: number; name: string; message?: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, name: 'PayloadTooLargeError', message: 'Entity too large' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, name: 'PayloadTooLargeError', message: 'File too large' },
  FST_FILES_LIMIT: { status: 413, name: 'PayloadTooLargeError', message: 'Too many files' },
  FST_PARTS_LIMIT: { status: 413, name: 'PayloadTooLargeError', message: 'Too many parts' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, name: 'ValidationError', message: 'Malformed JSON body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, name: 'ValidationError', message: 'Empty JSON body' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, name: 'UnsupportedMediaTypeError', message: 'Unsupported Media Type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, name: 'ValidationError', message: 'Invalid content length' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 400, name: 'ValidationError', message: 'The request is not multipart' },
};

export function toErrorBody(error: unknown): { body: ErrorBody; internal: boolean } {
  if (error instanceof VellumError) {
    return { body: body(error.status, error.name, error.message, { ...error.details }), internal: false };
  }
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const known = typeof code === 'string' ? FASTIFY_ERRORS[code] : undefined;
  if (known) return { body: body(known.status, known.name, known.message ?? 'Bad Request'), internal: false };
  const status = typeof error === 'object' && error !== null ? (error as { statusCode?: unknown }).statusCode : undefined;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // JSON syntax errors and other client errors raised by Fastify's parsers.
    const message = status === 400 && error instanceof SyntaxError ? 'Malformed JSON body' : (error as Error).message;
    return { body: body(status, status === 400 ? 'ValidationError' : 'ApplicationError', message), internal: false };
  }
  return { body: body(500, 'InternalServerError', 'Internal Server Error'), internal: true };
}

export function notFoundBody(): ErrorBody {
  return body(404, 'NotFoundError', 'Not Found');
}

/**
 * Raw HTTP response for a request Node's parser refused before Fastify saw it (headers or URL over
 * the 16 KB limit, malformed request line), in the same error shape.
 */
export function clientErrorResponse(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const [status, label, name, message] =
    code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'RequestHeaderFieldsTooLargeError', 'The URL and headers exceed the server limit (16 KB)']
      : code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'RequestTimeoutError', 'Request Timeout']
        : [400, 'Bad Request', 'ValidationError', 'Malformed HTTP request'];
  const json = JSON.stringify(body(status, name, message));
  return `HTTP/1.1 ${status} ${label}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`;
}
