/**
 * The one REST error shape, `{ data: null, error: { status, name, message, details } }`, and
 * the mapping of every error a request can raise onto it: Vellum errors (and the framework's,
 * through `toVellumError`) keep their status, wire name, message and details; anything else is a
 * masked 500 (logged in full by the caller).
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyReply } from 'fastify';
import { InternalServerError, NotFoundError, toVellumError, ValidationError, type VellumError } from '../errors/index.js';

export interface ErrorBody {
  data: null;
  error: { status: number; name: string; message: string; details: Record<string, unknown> };
}

const bodyOf = (error: VellumError): ErrorBody => ({
  data: null,
  error: { status: error.status, name: error.name, message: error.message, details: { ...error.details } },
});

export function toErrorBody(error: unknown): { body: ErrorBody; internal: boolean } {
  const known = toVellumError(error);
  return known ? { body: bodyOf(known), internal: false } : { body: bodyOf(new InternalServerError()), internal: true };
}

export function notFoundBody(): ErrorBody {
  return bodyOf(new NotFoundError());
}

/** replies sent by `sendNotFound` */
const unanswered = new WeakSet<FastifyReply>();

/**
 * Strapi's 404 for a route that answered nothing (an unknown route, a missing document): its
 * errors middleware sends it after the route returned, not from a thrown error, so the answer
 * keeps the headers set on the way back (`X-Powered-By`), which thrown errors do not get.
 */
export function sendNotFound(reply: FastifyReply): FastifyReply {
  unanswered.add(reply);
  return reply.code(404).send(notFoundBody());
}

/** The reply is Strapi's 404 of a route that answered nothing (see `sendNotFound`). */
export const answeredNothing = (reply: FastifyReply): boolean => unanswered.has(reply);

/**
 * Raw HTTP response for a request Node's parser refused before Fastify saw it (headers or URL over
 * the 16 KB limit, timeout, malformed request line), in the same error shape.
 */
export function clientErrorResponse(error: unknown): string {
  const known = toVellumError(error);
  const { body } = toErrorBody(known && known.status < 500 ? known : new ValidationError('Malformed HTTP request'));
  const json = JSON.stringify(body);
  const status = body.error.status;
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`;
}
