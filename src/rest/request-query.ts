import type { FastifyRequest } from 'fastify';
import { parseQueryString } from '../query/parse-query-string.js';

/** The request's query string parsed the way Strapi parses it (qs, bounded). */
export function requestQuery(request: FastifyRequest): Record<string, unknown> {
  const url = request.raw.url ?? '';
  const index = url.indexOf('?');
  return index === -1 ? {} : parseQueryString(url.slice(index + 1));
}
