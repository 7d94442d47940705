/**
 * Webhooks as data, for the admin API and the CLI: Strapi's view of a webhook
 * (`{ id, name, url, headers, events, isEnabled }`, id a string; never its secret, only
 * `hasSecret`), the delivery log and redelivery, and Strapi's `trigger` (one test request, sent
 * now and answered with its outcome, outside the outbox). Every change is a database write read
 * fresh by every instance at its next event: nothing to propagate.
 */
import { randomUUID } from 'node:crypto';
import type { EngineContext } from '../engine/types.js';
import { findDelivery, listAttempts, listDeliveries, redeliver, type AttemptRecord, type DeliveryRecord } from '../engine/webhooks/outbox.js';
import { deleteWebhook, findWebhook, insertWebhook, listWebhooks, updateWebhook, type WebhookRecord } from '../engine/webhooks/webhook-rows.js';
import { NotFoundError } from '../errors/index.js';
import { requestHeaders } from './delivery/request-headers.js';
import { isDelivered, sendWebhook } from './delivery/send.js';
import { RESPONSE_HEAD_BYTES } from './delivery/worker.js';
import { TRIGGER_EVENT } from './events.js';
import { checkWebhookInput } from './webhook-input.js';
import type { WebhooksConfig } from './webhooks-config.js';

export interface WebhookView {
  readonly id: string;
  readonly name: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly events: readonly string[];
  readonly isEnabled: boolean;
  readonly hasSecret: boolean;
}

export interface DeliveryView {
  readonly id: string;
  readonly event: string;
  readonly status: DeliveryRecord['status'];
  readonly attempts: number;
  readonly createdAt: string;
  readonly nextAttemptAt: string | null;
  readonly finishedAt: string | null;
}

export interface AttemptView {
  readonly deliveryId: string;
  readonly event: string;
  readonly attempt: number;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly statusCode: number | null;
  readonly error: string | null;
  readonly responseHead: string | null;
}

/**
 * Strapi's answer to a trigger: the status, and the answer's text when it is no success (or the
 * error); Vellum adds how long the request took (the panel shows it).
 */
export interface TriggerResult {
  readonly statusCode: number;
  readonly message?: string;
  readonly durationMs: number;
}

export interface WebhookService {
  list(): Promise<WebhookView[]>;
  get(id: string): Promise<WebhookView>;
  /** `body`: the admin API's JSON or the CLI's flags; 400 naming the field */
  create(body: unknown): Promise<WebhookView>;
  update(id: string, body: unknown): Promise<WebhookView>;
  delete(id: string): Promise<WebhookView>;
  /** the newest deliveries and attempts of a webhook */
  log(id: string, limit: number): Promise<{ deliveries: DeliveryView[]; attempts: AttemptView[] }>;
  /** sends one delivery again (same id), due now */
  redeliver(id: string, deliveryId: string): Promise<DeliveryView>;
  trigger(id: string): Promise<TriggerResult>;
}

function viewOf(record: WebhookRecord): WebhookView {
  return { id: String(record.id), name: record.name, url: record.url, headers: record.headers, events: record.events, isEnabled: record.enabled, hasSecret: record.secret !== null };
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

function deliveryView(record: DeliveryRecord): DeliveryView {
  return {
    id: record.deliveryId,
    event: record.event,
    status: record.status,
    attempts: record.attempts,
    createdAt: new Date(record.createdAt).toISOString(),
    nextAttemptAt: record.status === 'pending' ? iso(record.nextAttemptAt) : null,
    finishedAt: iso(record.finishedAt),
  };
}

function attemptView(record: AttemptRecord): AttemptView {
  const { webhookId: _webhook, startedAt, ...rest } = record;
  return { ...rest, startedAt: new Date(startedAt).toISOString() };
}

/** a webhook id in a path or argument: Strapi's ids are integers written as strings */
function idOf(id: string): number | null {
  return /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;
}

export function createWebhookService(engine: EngineContext, config: WebhooksConfig): WebhookService {
  async function found(id: string): Promise<WebhookRecord> {
    const numeric = idOf(id);
    const record = numeric === null ? null : await findWebhook(engine, numeric);
    if (!record) throw new NotFoundError('webhook.notFound', { id });
    return record;
  }

  return {
    async list() {
      return (await listWebhooks(engine)).map(viewOf);
    },
    async get(id) {
      return viewOf(await found(id));
    },
    async create(body) {
      const input = checkWebhookInput(body, true);
      const id = await insertWebhook(engine, {
        name: input.name ?? '',
        url: input.url ?? '',
        headers: input.headers ?? {},
        events: input.events ?? [],
        // Strapi's store enables every new webhook
        enabled: input.isEnabled ?? true,
        secret: input.secret ?? null,
      });
      return viewOf(await found(String(id)));
    },
    async update(id, body) {
      const input = checkWebhookInput(body, false);
      const record = await found(id);
      const changed = await updateWebhook(engine, record.id, {
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.url === undefined ? {} : { url: input.url }),
        ...(input.headers === undefined ? {} : { headers: input.headers }),
        ...(input.events === undefined ? {} : { events: input.events }),
        ...(input.isEnabled === undefined ? {} : { enabled: input.isEnabled }),
        ...(input.secret === undefined ? {} : { secret: input.secret }),
      });
      if (!changed) throw new NotFoundError('webhook.notFound', { id });
      return viewOf(await found(id));
    },
    async delete(id) {
      const record = await found(id);
      if (!(await deleteWebhook(engine, record.id))) throw new NotFoundError('webhook.notFound', { id });
      return viewOf(record);
    },
    async log(id, limit) {
      const record = await found(id);
      const [deliveries, attempts] = await Promise.all([listDeliveries(engine, record.id, limit), listAttempts(engine, { webhookId: record.id }, limit)]);
      return { deliveries: deliveries.map(deliveryView), attempts: attempts.map(attemptView) };
    },
    async redeliver(id, deliveryId) {
      const record = await found(id);
      const delivery = await findDelivery(engine, deliveryId);
      if (!delivery || delivery.webhookId !== record.id) throw new NotFoundError('delivery.notFound', { id: deliveryId });
      await redeliver(engine, deliveryId, Date.now());
      const again = await findDelivery(engine, deliveryId);
      if (!again) throw new NotFoundError('delivery.notFound', { id: deliveryId });
      return deliveryView(again);
    },
    async trigger(id) {
      const record = await found(id);
      const body = JSON.stringify({ event: TRIGGER_EVENT, createdAt: new Date() });
      const result = await sendWebhook({
        url: record.url,
        headers: requestHeaders({ defaultHeaders: config.defaultHeaders, webhookHeaders: record.headers, event: TRIGGER_EVENT, deliveryId: randomUUID(), secret: record.secret, body }),
        body,
        timeoutMs: config.timeout,
        allowPrivateTargets: config.allowPrivateTargets,
        keepBytes: RESPONSE_HEAD_BYTES,
      });
      // Strapi reports a failed request as a 500 with the error's message
      const { durationMs } = result;
      if (result.statusCode === null) return { statusCode: 500, message: result.error ?? 'no answer', durationMs };
      return isDelivered(result) ? { statusCode: result.statusCode, durationMs } : { statusCode: result.statusCode, message: result.responseHead ?? '', durationMs };
    },
  };
}
