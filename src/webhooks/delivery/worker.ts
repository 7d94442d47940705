/**
 * The delivery worker every server runs (started by the app, stopped by its `stop()`): it
 * leases due deliveries from the outbox (engine/webhooks/outbox.ts: no two instances take one),
 * sends them off the request path, logs every attempt, and schedules the next one with
 * exponential backoff and jitter until the delivery is delivered (2xx) or dead (attempts or age
 * used up, or its webhook gone). A process killed mid-delivery leaves a lease that runs out:
 * the delivery is sent again, with the same `X-Vellum-Delivery`, by whichever instance looks next.
 *
 * It works in batches, so that webhooks cost the writes little (issue 22: within 5 %, `npm run
 * bench:webhooks`): one write transaction per cycle records the attempts that finished since the
 * last one, claims up to `concurrency × 20` due deliveries, builds their bodies (one batched read
 * per content type) and reads their webhooks; cycles are at least `CYCLE_GAP` apart (or
 * `pollInterval` when shorter). A burst of writes therefore costs the database a few worker
 * commits a second, not three per write — on SQLite each is an fsync the writers wait for. The
 * claimed deliveries are sent `concurrency` at a time.
 */
import type { EngineContext } from '../../engine/types.js';
import { claimDeliveries, hasDueDelivery, purgeDeliveries, recordAttempts, type DeliveryRecord, type FinishedAttempt, type NextState } from '../../engine/webhooks/outbox.js';
import { bookkeepingWrite, inSavepoint } from '../../engine/webhooks/own-write.js';
import { findWebhooks, type WebhookRecord } from '../../engine/webhooks/webhook-rows.js';
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
/** a worker's transactions are at least this many milliseconds apart (`pollInterval` when shorter) */
export const CYCLE_GAP = 250;
/** deliveries claimed per transaction, per delivery sent at once (`concurrency`) */
const BATCH_PER_SLOT = 20;

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

/** A claimed delivery, its body built, with its webhook as the claim read it (null: deleted). */
interface Claimed {
  readonly delivery: DeliveryRecord;
  readonly webhook: WebhookRecord | null;
}

export function startWebhookWorker(engine: EngineContext, config: WebhooksConfig, log: WorkerLog): WebhookWorker {
  let stopped = false;
  // a stop ends the attempts under way: their leases run out and any instance sends them again
  const stopping = new AbortController();
  const agents = keepAliveAgents();
  const batchSize = config.concurrency * BATCH_PER_SLOT;
  const gap = Math.min(config.pollInterval, CYCLE_GAP);
  // claimed, waiting for one of the `concurrency` slots
  const queue: Claimed[] = [];
  let inFlight = 0;
  let lastPurge = 0;
  let lastCycle = -Infinity;
  const running = new Set<Promise<void>>();
  let sleeper: { timer: NodeJS.Timeout; resolve: () => void } | undefined;
  let woken = false;
  // finished attempts, recorded together in the next cycle's transaction
  let finished: FinishedAttempt[] = [];
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

  // the lease covers the wait in this worker's queue too: only a dead process lets it run out
  const leaseFor = (claimed: number): number => (Math.ceil((queue.length + inFlight + claimed) / config.concurrency) + 1) * config.timeout + 1_000;

  function reportDead(recorded: readonly FinishedAttempt[]): void {
    for (const { delivery, result, next } of recorded) {
      // never the URL, headers or body: they may carry credentials; the signature is one
      if (next.status === 'dead') log.warn(`webhook ${delivery.webhookId}: delivery ${delivery.deliveryId} (${delivery.event}) is dead after ${result.attempt} attempt(s): ${describe(result)}`);
    }
  }

  /** Claims, builds and reads the webhooks of up to `room` due deliveries, in `trx`. */
  async function claimBatch(trx: EngineContext, now: number, room: number): Promise<Claimed[]> {
    const rows = await claimDeliveries(trx, now, room, leaseFor);
    if (rows.length === 0) return [];
    let built: DeliveryRecord[];
    try {
      // a savepoint: a body that cannot be built leaves the claim (its lease runs out, it is tried again)
      built = await inSavepoint(trx, (inner) => withPayloads(inner, rows));
    } catch (error) {
      log.error(`webhooks: the bodies of ${rows.length} delivery(ies) could not be built; they are tried again when their lease runs out`, error);
      return [];
    }
    const webhooks = await findWebhooks(trx, built.map((d) => d.webhookId));
    return built.map((delivery) => ({ delivery, webhook: webhooks.get(delivery.webhookId) ?? null }));
  }

  /** One cycle, one transaction: the finished attempts recorded, due deliveries claimed. Answers whether the batch was full. */
  async function cycle(): Promise<boolean> {
    const done = finished;
    finished = [];
    const room = stopped ? 0 : batchSize - queue.length - inFlight;
    const now = Date.now();
    let claim = room > 0 && done.length > 0;
    if (room > 0 && !claim) {
      // a cheap read first: an idle outbox never takes SQLite's write lock
      claim = await hasDueDelivery(engine, now).catch((error: unknown) => {
        log.error('webhooks: the outbox could not be read', error);
        return false;
      });
    }
    if (done.length === 0 && !claim) return false;
    let claimed: Claimed[];
    try {
      claimed = await bookkeepingWrite(engine, async (trx) => {
        await recordAttempts(trx, done);
        return claim ? claimBatch(trx, now, room) : [];
      });
    } catch (error) {
      if (done.length > 0) log.error(`webhooks: ${done.length} attempt(s) could not be recorded; they are sent again when their lease runs out`, error);
      else if (!stopped) log.error('webhooks: the outbox could not be read', error);
      return false;
    }
    reportDead(done);
    queue.push(...claimed);
    pump();
    return claimed.length > 0 && claimed.length === room;
  }

  async function attempt({ delivery, webhook }: Claimed): Promise<void> {
    const startedAt = Date.now();
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
    finished.push({ delivery, result: { attempt: delivery.attempts, startedAt, durationMs: result.durationMs, statusCode: result.statusCode, error: result.error, responseHead: result.responseHead }, next });
  }

  function pump(): void {
    while (inFlight < config.concurrency) {
      const next = queue.shift();
      if (next === undefined) return;
      run(next);
    }
  }

  function run(claimed: Claimed): void {
    inFlight += 1;
    const task = attempt(claimed)
      .catch((error: unknown) => log.error(`webhook ${claimed.delivery.webhookId}: delivery ${claimed.delivery.deliveryId} failed before it was sent; it is sent again when its lease runs out`, error))
      .finally(() => {
        inFlight -= 1;
        running.delete(task);
        if (stopped) return;
        pump();
        // the batch is out: its attempts are recorded (and what they unblocked claimed) next cycle
        if (inFlight === 0 && queue.length === 0) wake();
      });
    running.add(task);
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      woken = false;
      const wait = lastCycle + gap - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (stopped) break;
      lastCycle = Date.now();
      if (await cycle()) continue;
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
      // what was claimed and not sent: its leases run out; what finished is recorded now
      queue.length = 0;
      if (finished.length > 0) await cycle();
      agents.destroy();
    },
  };
}
