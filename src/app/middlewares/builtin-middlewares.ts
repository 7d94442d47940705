/**
 * Strapi's built-in middleware names, mapped onto Fastify plugins so a Strapi project's
 * `config/middlewares` works unchanged. `strapi::security` takes helmet options (as Strapi's
 * koa-helmet config), `strapi::cors` takes Strapi's cors options.
 */
import type { FastifyInstance } from 'fastify';
import type { Logger } from '../logger.js';
import { answeredNothing } from '../../rest/error-body.js';
import { registerCors } from './cors-middleware.js';
import type { MiddlewareEntry } from './middleware-entries.js';
import { registerSecurityMiddleware } from './security-middleware.js';

/** Registers a built-in; returns false for names Vellum does not know. */
export async function registerBuiltin(server: FastifyInstance, entry: MiddlewareEntry, log: Logger): Promise<boolean> {
  switch (entry.name) {
    case 'strapi::cors':
      registerCors(server, entry.config);
      return true;
    case 'strapi::security':
      await registerSecurityMiddleware(server, entry.config);
      return true;
    case 'strapi::poweredBy': {
      const value = typeof entry.config.poweredBy === 'string' ? entry.config.poweredBy : 'Vellum';
      // a callback hook: an async one costs promises on every request
      server.addHook('onSend', (request, reply, payload, done) => {
        // Strapi sets it after the request was handled, so not on errors its handlers throw
        // (4xx/5xx in the error shape); the 404 of an unknown route or a missing document is
        // not thrown (the route answered nothing), and keeps it
        if (reply.statusCode < 400 || request.is404 || answeredNothing(reply)) reply.header('X-Powered-By', value);
        done(null, payload);
      });
      return true;
    }
    case 'strapi::logger': {
      // One line per request. The path leaves out the query string (reset codes, tokens in
      // links); no headers are logged, so credentials never reach the log. Its fields are these
      // alone, so it is written without redaction, which costs a walk of every line: the same
      // line `request.log` (the request id bound) would write.
      const lines = log.pino?.child({}, { redact: [] });
      server.addHook('onResponse', (request, reply, done) => {
        const path = request.url.split('?', 1)[0] ?? request.url;
        const durationMs = Math.round(reply.elapsedTime * 10) / 10;
        if (lines) {
          lines.info({ reqId: request.id, method: request.method, path, status: reply.statusCode, durationMs, ip: request.ip }, 'request completed');
        } else {
          log.info(`${request.method} ${path} ${reply.statusCode} (${durationMs.toFixed(1)} ms)`);
        }
        done();
      });
      return true;
    }
    // Built into Vellum's server: errors shape, qs parsing, body limits (server.bodyLimit),
    // /uploads static files. Sessions and favicons are not served.
    case 'strapi::errors':
    case 'strapi::query':
    case 'strapi::body':
    case 'strapi::session':
    case 'strapi::favicon':
    case 'strapi::public':
      return true;
    default:
      return false;
  }
}
