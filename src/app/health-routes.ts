/**
 * `GET /_health` (liveness: the process answers) and `GET /_ready` (readiness: the database
 * answers, its schema holds what this instance reads, and the instance is not draining). Plain
 * routes on the server: no auth, no rate limit, one small statement for readiness.
 */
import type { FastifyInstance } from 'fastify';
import type { Readiness } from '../db/schema-readiness.js';
import type { Logger } from './logger.js';

export interface HealthOptions {
  readonly livenessPath: string;
  readonly readinessPath: string;
  readonly draining: () => boolean;
  readonly checkReadiness: () => Promise<Readiness>;
  readonly log: Logger;
}

export function registerHealthRoutes(server: FastifyInstance, options: HealthOptions): void {
  // the reason is logged when it changes, not on every probe, and never told to the caller
  let lastReason = '';
  server.get(options.livenessPath, async (_request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });
  server.get(options.readinessPath, async (_request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    const readiness: Readiness = options.draining() ? { ready: false, reason: 'draining' } : await options.checkReadiness();
    const reason = readiness.ready ? '' : readiness.reason;
    if (reason !== lastReason) {
      if (reason) options.log.warn(`not ready: ${reason}`);
      else options.log.info('ready');
      lastReason = reason;
    }
    if (readiness.ready) return { status: 'ok' };
    return reply.code(503).send({ status: 'unavailable' });
  });
}
