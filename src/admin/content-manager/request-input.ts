/**
 * What a content-manager request carries besides its route: the query string (parsed as Strapi
 * parses it), the body (Strapi's content manager sends the document's fields at the top level,
 * not under `data`), the locale (query, else body) and the bulk actions' `documentIds`.
 */
import type { FastifyRequest } from 'fastify';
import { ValidationError } from '../../errors/index.js';
import type { Schema } from '../../model/types.js';
import { parseLocale } from '../../query/parse-locale.js';
import { parseQueryString } from '../../query/parse-query-string.js';
import { isPlainObject } from '../../util/is-record.js';

export function queryOf(request: FastifyRequest): Record<string, unknown> {
  const url = request.raw.url ?? '';
  const index = url.indexOf('?');
  return index === -1 ? {} : parseQueryString(url.slice(index + 1));
}

export function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (body === undefined || body === null) return {};
  if (!isPlainObject(body)) throw new ValidationError('The request body must be a JSON object', { source: 'body' });
  return body;
}

/**
 * Keys of an entry the panel sends back as it read them, which no write sets: the server keeps
 * ids, timestamps, the creator fields and the status; the locale comes from the parameter.
 */
const READ_ONLY_KEYS = ['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'status', 'locale', 'localizations'];

/** The writable fields of a document body. */
export function documentData(body: Record<string, unknown>): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) if (!READ_ONLY_KEYS.includes(key)) data[key] = value;
  return data;
}

/** `locale` of the query string, else of the body (Strapi's content manager reads either); localized types only. */
export function localeOf(schema: Schema, query: Record<string, unknown>, body?: Record<string, unknown>): string | undefined {
  return parseLocale(query.locale ?? body?.locale, schema);
}

/** The most documents one bulk action takes (a panel page is at most 100 rows). */
export const MAX_BULK = 100;

/** `{ documentIds: [...] }` of a bulk action: 1 to MAX_BULK distinct non-empty strings. */
export function documentIdsOf(body: Record<string, unknown>): string[] {
  const ids = body.documentIds;
  const invalid = (message: string) => new ValidationError(message, { errors: [{ path: ['documentIds'], message, name: 'ValidationError' }] });
  if (!Array.isArray(ids) || ids.length === 0) throw invalid('documentIds must be a non-empty array of document ids');
  if (ids.length > MAX_BULK) throw invalid(`documentIds must have at most ${MAX_BULK} items`);
  if (!ids.every((id): id is string => typeof id === 'string' && id !== '')) throw invalid('documentIds must be a non-empty array of document ids');
  return [...new Set(ids)];
}
