import type { FastifyRequest } from 'fastify';
import type { Caller } from '../operations/types.js';

/** A REST request as the operation layer's caller (its actor is resolved there, once per request). */
export const callerOf = (request: FastifyRequest): Caller => ({ request });
