import type { ServerConfig } from '../config/types.js';

/** `server.webhooks` (config/schema/server-schema.ts, docs/configuration.md) */
export type WebhooksConfig = ServerConfig['webhooks'];
