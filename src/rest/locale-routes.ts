/**
 * `GET /api/i18n/locales`: the project's locales as Strapi's i18n plugin lists them
 * (transport/locale-list.ts). Open to every caller: locale codes are what clients must send.
 */
import type { TransportContext } from '../transport/transport-context.js';
import { registerLocaleList } from '../transport/locale-list.js';

export function registerLocaleRoutes(ctx: TransportContext): void {
  registerLocaleList(ctx.server, ctx.locales, '/i18n/locales');
}
