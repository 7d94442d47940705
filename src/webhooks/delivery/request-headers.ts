/**
 * The headers of a webhook request, as Strapi's webhook runner sends them
 * (`packages/core/core/src/services/webhook-runner.ts`): `server.webhooks.defaultHeaders`, then
 * the webhook's own, then `X-Strapi-Event` and `Content-Type: application/json`. Vellum adds
 * `X-Vellum-Delivery` (the same on every attempt, for de-duplication) and, for a webhook with a
 * secret, `X-Strapi-Signature-256: sha256=<hex>` (HMAC-SHA256 of the exact body; the header of
 * strapi/strapi PR #27268).
 */
import { createHmac } from 'node:crypto';

export function signature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export interface HeaderParts {
  readonly defaultHeaders: Readonly<Record<string, string>>;
  readonly webhookHeaders: Readonly<Record<string, string>>;
  readonly event: string;
  readonly deliveryId: string;
  readonly secret: string | null;
  readonly body: string;
}

export function requestHeaders(parts: HeaderParts): Record<string, string> {
  // the fixed headers win over configured ones of any letter case
  const fixed = new Set(['x-strapi-event', 'content-type', 'x-vellum-delivery', 'x-strapi-signature-256', 'content-length']);
  const configured = Object.entries({ ...parts.defaultHeaders, ...parts.webhookHeaders }).filter(([name]) => !fixed.has(name.toLowerCase()));
  return {
    ...Object.fromEntries(configured),
    'X-Strapi-Event': parts.event,
    'Content-Type': 'application/json',
    'X-Vellum-Delivery': parts.deliveryId,
    ...(parts.secret === null ? {} : { 'X-Strapi-Signature-256': signature(parts.secret, parts.body) }),
  };
}
