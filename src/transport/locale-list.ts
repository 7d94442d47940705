/**
 * The project's locales as Strapi's i18n plugin lists them: a bare array (no `{ data }`
 * envelope) of `{ id, documentId, name, code, createdAt, updatedAt, publishedAt, isDefault }`.
 * Answered by REST (`GET /api/i18n/locales`) and the admin API (`GET /i18n/locales`, the route
 * Strapi's admin panel calls).
 */
import type { FastifyInstance } from 'fastify';
import type { LocaleService } from '../documents/locales.js';

export function registerLocaleList(server: FastifyInstance, locales: LocaleService, path: string): void {
  server.get(path, async () => {
    const found = await locales.find();
    return found.map(({ id, documentId, name, code, createdAt, updatedAt, publishedAt, isDefault }) => ({
      id, documentId, name, code, createdAt, updatedAt, publishedAt, isDefault,
    }));
  });
}
