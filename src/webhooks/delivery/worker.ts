/**
 * The delivery worker every server runs (started by the app, stopped by its `stop()`): it
 * leases due deliveries from the outbox (engine/webhooks/outbox.ts: no two instances take one),
 * sends them off the request path, logs every attempt, and schedules the next one with
 * exponential backoff and jitter until the delivery is delivered (2xx) or dead (attempts or age
 * used up, or its webhook gone). A process killed mid-delivery leaves a lease that runs out:
 * the delivery is sent again, with the same `X-Vellum-Delivery`, by whichever instance looks next.
 */
import type { EngineContext } from '../../engine/types.js';
import { claimDeliveries, purgeDeliveries, recordAttempts, type DeliveryRecord, type FinishedAttempt, type NextState } from '../../engine/webhooks/outbox.js';
import { findWebhook } from '../../engine/webhooks/webhook-rows.js';
import type { WebhooksConfig } from '../webhooks-config.js';
import { payloadBuilder } from './payloads.js';
import { requestHeaders } from './request-headers.js';
import { isDelivered, keepAliveAgents, sendWebhook, type SendResult } from './send.js';

export interface WorkerLog {
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

export interface WebhookWorker {
  /** looks at the outbox now (a local write just committed deliveries) */
  wake(): void;
  /** stops looking and ends the attempts under way (unrecorded: their leases run out, they are sent again) */
  stop(): Promise<void>;
}

/** bytes of an answer kept in the log */
export const RESPONSE_HEAD_BYTES = 1024;
/** retention runs at most this often */
const PURGE_EVERY = 3_600_000;

/** Exponential backoff with jitter: attempt n waits between half and all of `base · 2^(n-1)`, at most `max`. */
export function retryDelay(attempt: number, base: number, max: number, random: () => number = Math.random): number {
  const full = Math.min(max, base * 2 ** Math.min(attempt - 1, 40));
  return Math.round(full / 2 + (random() * full) / 2);
}

/** What follows a failed attempt: another one, or dead. */
export function afterFailure(delivery: DeliveryRecord, config: WebhooksConfig, now: number): NextState {
  if (delivery.attempts >= config.maxAttempts || now - delivery.retrySince >= config.maxAge) return { status: 'dead', at: now };
  const next = now + retryDelay(delivery.attempts, config.backoff, config.maxBackoff);
  // an attempt past the maximum age is not made: dead at the last one before it
  return next - delivery.retrySince > config.maxAge ? { status: 'dead', at: now } : { status: 'pending', nextAttemptAt: next };
}

const describe = (result: Pick<SendResult, 'statusCode' | 'error'>): string => (result.statusCode !== null ? `status ${result.statusCode}` : (result.error ?? 'no answer'));

export function startWebhookWorker(engine: EngineContext, config: WebhooksConfig, log: WorkerLog): WebhookWorker {
  let stopped = false;
  // a stop ends the attempts under way: their leases run out and any instance sends them again
  const stopping = new AbortController();
  const agents = keepAliveAgents();
  let inFlight = 0;
  let lastPurge = 0;
  const running = new Set<Promise<void>>();
  let sleeper: { timer: NodeJS.Timeout; resolve: () => void } | undefined;
  let woken = false;
  // finished attempts, written together (one transaction for all that finished meanwhile)
  let finished: FinishedAttempt[] = [];
  let flushing: Promise<void> | undefined;
  const withPayloads = payloadBuilder(engine);

  const wake = (): void => {
    woken = true;
    if (sleeper) {
      clearTimeout(sleeper.timer);
      sleeper.resolve();
    }
  };
  const sleep = (ms: number): Promise<void> =>
    new Promise<void>((resolve) => {
      if (woken || stopped) return resolve();
      sleeper = { timer: setTimeout(resolve, ms), resolve };
    }).then(() => {
      sleeper = undefined;
    });

  async function flush(): Promise<void> {
    while (finished.length > 0) {
      const batch = finished;
      finished = [];
      try {
        await recordAttempts(engine, batch);
      } catch (error) {
        log.error(`webhooks: ${batch.length} attempt(s) could not be recorded; they are sent again when their lease runs out`, error);
        continue;
      }
      for (const { delivery, result, next } of batch) {
        // never the URL, headers or body: they may carry credentials; the signature is one
        if (next.status === 'dead') log.warn(`webhook ${delivery.webhookId}: delivery ${delivery.deliveryId} (${delivery.event}) is dead after ${result.attempt} attempt(s): ${describe(result)}`);
      }
    }
    flushing = undefined;
  }

  function record(attempt: FinishedAttempt): void {
    finished.push(attempt);
    flushing ??= Promise.resolve().then(flush);
  }

  async function attempt(delivery: DeliveryRecord): Promise<void> {
    const startedAt = Date.now();
    const webhook = await findWebhook(engine, delivery.webhookId);
    let result: SendResult;
    if (webhook === null || !webhook.enabled) {
      result = { statusCode: null, error: webhook === null ? 'the webhook was deleted' : 'the webhook is disabled', responseHead: null, durationMs: 0 };
    } else {
      result = await sendWebhook({
        url: webhook.url,
        headers: requestHeaders({ defaultHeaders: config.defaultHeaders, webhookHeaders: webhook.headers, event: delivery.event, deliveryId: delivery.deliveryId, secret: webhook.secret, body: delivery.body }),
        body: delivery.body,
        timeoutMs: config.timeout,
        allowPrivateTargets: config.allowPrivateTargets,
        keepBytes: RESPONSE_HEAD_BYTES,
        signal: stopping.signal,
        agents,
      });
      if (result.aborted) return;
    }
    const now = Date.now();
    const next: NextState = isDelivered(result) ? { status: 'delivered', at: now } : webhook === null || !webhook.enabled ? { status: 'dead', at: now } : afterFailure(delivery, config, now);
    record({ delivery, result: { attempt: delivery.attempts, startedAt, durationMs: result.durationMs, statusCode: result.statusCode, error: result.error, responseHead: result.responseHead }, next });
  }

  function run(delivery: DeliveryRecord): void {
    inFlight += 1;
    const task = attempt(delivery)
      .catch((error: unknown) => log.error(`webhook ${delivery.webhookId}: delivery ${delivery.deliveryId} failed before it was sent; it is sent again when its lease runs out`, error))
      .finally(() => {
        inFlight -= 1;
        running.delete(task);
        wake();
      });
    running.add(task);
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      woken = false;
      const free = config.concurrency - inFlight;
      let claimed: DeliveryRecord[] = [];
      if (free > 0) {
        try {
          // a lease outlives the attempt's timeout, so only a dead process lets it run out
          // bodies not built yet are built before the first attempt (a failure here: the lease runs out)
          claimed = await withPayloads(await claimDeliveries(engine, Date.now(), free, config.timeout * 2 + 1_000));
        } catch (error) {
          if (!stopped) log.error('webhooks: the outbox could not be read', error);
        }
      }
      for (const delivery of claimed) run(delivery);
      if (claimed.length > 0 && claimed.length === free) continue;
      if (!stopped && Date.now() - lastPurge >= PURGE_EVERY) {
        lastPurge = Date.now();
        await purgeDeliveries(engine, lastPurge - config.retention).catch((error: unknown) => log.error('webhooks: old deliveries could not be removed', error));
      }
      await sleep(config.pollInterval);
    }
  }

  const looping = loop();
  return {
    wake,
    async stop() {
      stopped = true;
      stopping.abort();
      wake();
      await looping;
      await Promise.all([...running]);
      await flushing;
      agents.destroy();
    },
  };
}
