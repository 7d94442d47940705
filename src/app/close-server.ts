/**
 * Closing the HTTP server for a graceful deploy: stop accepting connections, close idle
 * keep-alive ones, let in-flight requests finish; past `timeoutMs` the remaining connections
 * are cut so shutdown is bounded.
 */
import type { FastifyInstance } from 'fastify';
import type { Logger } from './logger.js';

export async function closeServer(server: FastifyInstance, timeoutMs: number, log: Logger): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const closed = server.close();
  const late = new Promise<'late'>((done) => {
    timer = setTimeout(() => done('late'), timeoutMs);
  });
  const outcome = await Promise.race([closed.then(() => 'closed' as const), late]);
  clearTimeout(timer);
  if (outcome === 'late') {
    log.warn(`shutdown: requests still running after ${timeoutMs} ms; closing their connections`);
    server.server.closeAllConnections();
    await closed;
  }
}
