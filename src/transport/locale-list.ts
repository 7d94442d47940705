/**
 * The project's locales as Strapi's i18n plugin lists them: a bare array (no `{ data }`
 * envelope) of `{ id, documentId, name, code, createdAt, updatedAt, publishedAt, isDefault }`.
 * Answered by REST (`GET /api/i18n/locales`, open) and the admin API (`GET /i18n/locales` at the
 * root, Strapi's admin route, for any admin: admin/i18n-routes.ts), in the same shape.
 */
import type { FastifyInstance } from 'fastify';
import type { Locale, LocaleService } from '../documents/locales.js';

/** one locale as both lists answer it (no internal columns) */
export function listedLocale({ id, documentId, name, code, createdAt, updatedAt, publishedAt, isDefault }: Locale): Record<string, unknown> {
  return { id, documentId, name, code, createdAt, updatedAt, publishedAt, isDefault };
}

export function registerLocaleList(server: FastifyInstance, locales: LocaleService, path: string): void {
  server.get(path, async () => (await locales.find()).map(listedLocale));
}
