/**
 * Serving the admin panel at `admin.url`'s path (`/admin` by default) unless
 * `admin.serveAdminPanel` is false: the hashed assets from `dist/admin-panel/assets` with their
 * build-time .br/.gz copies and a year's immutable caching, index.html with `no-cache`, and the
 * SPA fallback: a GET under the path that no route answers and that asks for HTML (a deep link,
 * reloaded) gets index.html; anything else there is the usual JSON 404.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { adminPanelDirectory, renderPanelIndex } from './panel-page.js';

export interface AdminPanelOptions {
  /** the panel's path without a trailing "/" (`/admin`) */
  readonly path: string;
  /** `admin.serveAdminPanel` */
  readonly serve: boolean;
  readonly log: { warn(message: string): void };
}

/** hashed file names change with their content: a client may keep them forever */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

export async function registerAdminPanel(server: FastifyInstance, options: AdminPanelOptions): Promise<void> {
  if (!options.serve) return;
  const directory = adminPanelDirectory();
  if (directory === null) {
    options.log.warn(`the admin panel is not built (dist/admin-panel is missing): ${options.path} is not served; run \`npm run build:admin\``);
    return;
  }
  const html = renderPanelIndex(readFileSync(join(directory, 'index.html'), 'utf8'), options.path);
  const sendIndex = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  // encapsulated: the static plugin's settings stay with the panel's assets
  await server.register(async (panel) => {
    // the assets come as brotli, gzip or plain by the request's Accept-Encoding: caches must key on it
    panel.addHook('onSend', (_request, reply, payload, done) => {
      const vary = reply.getHeader('vary');
      const listed = typeof vary === 'string' ? vary : Array.isArray(vary) ? vary.join(', ') : '';
      if (!/accept-encoding/i.test(listed)) reply.header('vary', listed === '' ? 'Accept-Encoding' : `${listed}, Accept-Encoding`);
      done(null, payload);
    });
    await panel.register(fastifyStatic, {
      root: join(directory, 'assets'),
      prefix: `${options.path}/assets/`,
      decorateReply: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (response) => response.setHeader('cache-control', IMMUTABLE),
    });
    panel.get(options.path, (_request, reply) => sendIndex(reply));
    panel.get(`${options.path}/*`, (request, reply) => (acceptsHtml(request) ? sendIndex(reply) : reply.callNotFound()));
  });
}
