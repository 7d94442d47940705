import type { FastifyRequest } from 'fastify';
import type { Caller } from '../operations/types.js';

/**
 * An admin API request as the operation layer's caller: its actor is the admin user named by
 * the admin access token (`Authorization: Bearer <token>`), resolved there once per request;
 * without a valid one every permission-checked operation or action is a 401. API tokens and
 * users-permissions JWTs are no credential here.
 */
export const adminCallerOf = (request: FastifyRequest): Caller => ({ request, realm: 'admin' });
