/**
 * `GET /api/i18n/locales`: the project's locales as Strapi's i18n plugin lists them, a bare
 * array (no `{ data }` envelope) of `{ id, documentId, name, code, createdAt, updatedAt,
 * publishedAt, isDefault }`. Open to every caller: locale codes are what clients must send.
 */
import type { TransportContext } from '../transport/transport-context.js';

export function registerLocaleRoutes(ctx: TransportContext): void {
  ctx.server.get('/i18n/locales', async () => {
    const locales = await ctx.locales.find();
    return locales.map(({ id, documentId, name, code, createdAt, updatedAt, publishedAt, isDefault }) => ({
      id, documentId, name, code, createdAt, updatedAt, publishedAt, isDefault,
    }));
  });
}
