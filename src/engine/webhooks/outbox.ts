/**
 * The webhook outbox (`vellum_webhook_deliveries`) and its log (`vellum_webhook_attempts`).
 * A write inserts its deliveries inside its own transaction (`enqueueDeliveries`), so a rolled
 * back write leaves none and a committed one keeps them through a crash. Any instance delivers:
 * `claimDeliveries` leases due rows in the worker's write transaction (one per batch, which also
 * records the attempts that finished and stores the bodies) — `FOR UPDATE SKIP LOCKED` on
 * PostgreSQL and MySQL, so two instances never take one row; SQLite's single writer serializes
 * the claim — and a lease that runs out (a process killed mid-delivery) frees the row again.
 * A write stores which entry a delivery carries (`entry_ref`), not the body: the worker that
 * first claims it builds the body once (`storeBody`), and every attempt sends those bytes.
 */
import type { Knex } from 'knex';
import { selectFirst, selectRows, type Row } from '../../db/direct-reads.js';
import { toNumber } from '../../db/values.js';
import { ATTEMPTS_TABLE, DELIVERIES_TABLE } from '../../db/webhook-tables.js';
import type { EngineContext } from '../types.js';
import { insertRows } from '../write/rows.js';
import { ownWrite } from './own-write.js';

export type DeliveryStatus = 'pending' | 'delivered' | 'dead';

export interface NewDelivery {
  readonly deliveryId: string;
  readonly webhookId: number;
  readonly event: string;
  /** deliveries of one key (`<uid>:<documentId>`) to one webhook go out in commit order */
  readonly orderingKey: string;
  /** the body, or null: built by the worker from `entryRef` */
  readonly body: string | null;
  readonly entryRef: string | null;
}

export interface DeliveryRecord {
  readonly deliveryId: string;
  readonly webhookId: number;
  readonly event: string;
  /** '' while `entryRef` is set (not built yet) */
  readonly body: string;
  /** which entry the body carries, until the worker builds it (webhooks/delivery/payloads.ts) */
  readonly entryRef: string | null;
  readonly status: DeliveryStatus;
  /** attempts made (a claim counts as one) */
  readonly attempts: number;
  readonly createdAt: number;
  readonly retrySince: number;
  readonly nextAttemptAt: number;
  readonly finishedAt: number | null;
}

/** one attempt as the delivery log keeps it: its result, with the delivery it was made for */
export interface AttemptRecord extends AttemptResult {
  readonly deliveryId: string;
  readonly webhookId: number;
  readonly event: string;
}

const statusOf = (raw: unknown): DeliveryStatus => (raw === 'delivered' || raw === 'dead' ? raw : 'pending');
const numberOrNull = (raw: unknown): number | null => (raw === null || raw === undefined ? null : toNumber(raw));
const textOrNull = (raw: unknown): string | null => (raw === null || raw === undefined ? null : String(raw));

function deliveryOf(row: Row): DeliveryRecord {
  return {
    deliveryId: String(row['delivery_id']),
    webhookId: toNumber(row['webhook_id']),
    event: String(row['event']),
    body: String(row['body']),
    entryRef: textOrNull(row['entry_ref']),
    status: statusOf(row['status']),
    attempts: toNumber(row['attempts']),
    createdAt: toNumber(row['created_at']),
    retrySince: toNumber(row['retry_since']),
    nextAttemptAt: toNumber(row['next_attempt_at']),
    finishedAt: numberOrNull(row['finished_at']),
  };
}

function attemptOf(row: Row): AttemptRecord {
  return {
    deliveryId: String(row['delivery_id']),
    webhookId: toNumber(row['webhook_id']),
    event: String(row['event'] ?? ''),
    attempt: toNumber(row['attempt']),
    startedAt: toNumber(row['started_at']),
    durationMs: toNumber(row['duration_ms']),
    statusCode: numberOrNull(row['status_code']),
    error: textOrNull(row['error']),
    responseHead: textOrNull(row['response_head']),
  };
}

/** Inside the write's transaction: its deliveries, due now (one INSERT statement). */
export async function enqueueDeliveries(trx: EngineContext, deliveries: readonly NewDelivery[], now: number): Promise<void> {
  await insertRows(trx.knex, DELIVERIES_TABLE, deliveries.map((d) => ({
    delivery_id: d.deliveryId,
    webhook_id: d.webhookId,
    event: d.event,
    ordering_key: d.orderingKey,
    body: d.body ?? '',
    entry_ref: d.entryRef,
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    locked_until: 0,
    created_at: now,
    retry_since: now,
  })));
}

/** Due, not leased, and no earlier pending delivery of the same key to the same webhook. */
function dueRows(knex: Knex | Knex.Transaction, now: number): Knex.QueryBuilder {
  return knex
    .from({ d: DELIVERIES_TABLE })
    .where('d.status', 'pending')
    .where('d.next_attempt_at', '<=', now)
    .where('d.locked_until', '<=', now)
    .whereNotExists(function earlier() {
      this.select(knex.raw('1'))
        .from({ e: DELIVERIES_TABLE })
        .whereRaw('?? = ??', ['e.webhook_id', 'd.webhook_id'])
        .whereRaw('?? = ??', ['e.ordering_key', 'd.ordering_key'])
        .where('e.status', 'pending')
        .whereRaw('?? < ??', ['e.id', 'd.id']);
    });
}

/** Whether any delivery is due: a cheap read, so an idle outbox never takes SQLite's write lock. */
export async function hasDueDelivery(ctx: EngineContext, now: number): Promise<boolean> {
  return (await selectFirst(ctx.knex, dueRows(ctx.knex, now).select('d.id').limit(1))) !== undefined;
}

/**
 * In the worker's transaction (`trx`, `ownWrite`): leases up to `limit` due deliveries for
 * `leaseMs(claimed)` milliseconds and counts the attempt; `FOR UPDATE SKIP LOCKED` where the
 * database has it.
 */
export async function claimDeliveries(trx: EngineContext, now: number, limit: number, leaseMs: (claimed: number) => number): Promise<DeliveryRecord[]> {
  const { knex, dialect } = trx;
  const pick = dueRows(knex, now).select('d.id').orderBy('d.id', 'asc').limit(limit);
  if (dialect.name === 'postgres') pick.forUpdate('d').skipLocked();
  else if (dialect.name === 'mysql') pick.forUpdate().skipLocked();
  const ids = (await selectRows(knex, pick)).map((row) => toNumber(row['id']));
  if (ids.length === 0) return [];
  await knex(DELIVERIES_TABLE).whereIn('id', ids).update({ locked_until: now + leaseMs(ids.length), attempts: knex.raw('?? + 1', ['attempts']) });
  const rows = await selectRows(knex, knex.select('*').from(DELIVERIES_TABLE).whereIn('id', ids).orderBy('id', 'asc'));
  return rows.map(deliveryOf);
}

/**
 * In the claim's transaction: the body built for `entryRef`'s `event`, stored once for every
 * pending delivery that carries it (the webhooks of one write share it), this transaction's
 * claimed ones among them. Rows another instance holds are skipped (`SKIP LOCKED`: taking them
 * while it takes ours would deadlock); it builds their body itself.
 */
export async function storeBody(trx: EngineContext, event: string, entryRef: string, body: string): Promise<void> {
  const { knex, dialect } = trx;
  const pick = knex(DELIVERIES_TABLE).select('id').where('status', 'pending').where('event', event).where('entry_ref', entryRef);
  if (dialect.name !== 'sqlite') pick.forUpdate().skipLocked();
  const ids = (await selectRows(knex, pick)).map((row) => toNumber(row['id']));
  if (ids.length > 0) await knex(DELIVERIES_TABLE).whereIn('id', ids).update({ body, entry_ref: null });
}

export interface AttemptResult {
  readonly attempt: number;
  readonly startedAt: number;
  readonly durationMs: number;
  readonly statusCode: number | null;
  readonly error: string | null;
  readonly responseHead: string | null;
}

/** What follows an attempt: delivered, dead, or pending again at `nextAttemptAt`. */
export type NextState = { readonly status: 'delivered' | 'dead'; readonly at: number } | { readonly status: 'pending'; readonly nextAttemptAt: number };

export interface FinishedAttempt {
  readonly delivery: Pick<DeliveryRecord, 'deliveryId' | 'webhookId' | 'event'>;
  readonly result: AttemptResult;
  readonly next: NextState;
}

/**
 * In the worker's transaction (`trx`): attempts go to the log and their deliveries to their next
 * state. On SQLite every write transaction is a commit (an fsync) that writers wait for, so a
 * worker records what finished together, in the transaction of its next claim.
 */
export async function recordAttempts(trx: EngineContext, finished: readonly FinishedAttempt[]): Promise<void> {
  if (finished.length === 0) return;
  const { knex } = trx;
  await insertRows(knex, ATTEMPTS_TABLE, finished.map(({ delivery, result }) => ({
    delivery_id: delivery.deliveryId,
    webhook_id: delivery.webhookId,
    attempt: result.attempt,
    started_at: result.startedAt,
    duration_ms: result.durationMs,
    status_code: result.statusCode,
    error: result.error,
    response_head: result.responseHead,
  })));
  // delivered ones in one statement (most of a batch); failures each to their own next state
  const delivered = finished.filter(({ next }) => next.status === 'delivered');
  if (delivered.length > 0) {
    const at = Math.max(...delivered.map(({ next }) => (next.status === 'delivered' ? next.at : 0)));
    await knex(DELIVERIES_TABLE).whereIn('delivery_id', delivered.map(({ delivery }) => delivery.deliveryId)).update({ status: 'delivered', finished_at: at, locked_until: 0 });
  }
  for (const { delivery, next } of finished) {
    if (next.status === 'delivered') continue;
    const state = next.status === 'pending'
      ? { status: 'pending', next_attempt_at: next.nextAttemptAt, locked_until: 0 }
      : { status: next.status, finished_at: next.at, locked_until: 0 };
    await knex(DELIVERIES_TABLE).where('delivery_id', delivery.deliveryId).update(state);
  }
}

/** The newest deliveries of a webhook, newest first. */
export async function listDeliveries(ctx: EngineContext, webhookId: number, limit: number): Promise<DeliveryRecord[]> {
  const qb = ctx.knex.select('*').from(DELIVERIES_TABLE).where('webhook_id', webhookId).orderBy('id', 'desc').limit(limit);
  return (await selectRows(ctx.knex, qb)).map(deliveryOf);
}

export async function findDelivery(ctx: EngineContext, deliveryId: string): Promise<DeliveryRecord | null> {
  const row = await selectFirst(ctx.knex, ctx.knex.select('*').from(DELIVERIES_TABLE).where('delivery_id', deliveryId).limit(1));
  return row ? deliveryOf(row) : null;
}

/** The attempts of a webhook's deliveries (or of one delivery), newest first. */
export async function listAttempts(ctx: EngineContext, filter: { webhookId: number; deliveryId?: string }, limit: number): Promise<AttemptRecord[]> {
  const qb = ctx.knex
    .select('a.*', 'd.event')
    .from({ a: ATTEMPTS_TABLE })
    .leftJoin({ d: DELIVERIES_TABLE }, 'd.delivery_id', 'a.delivery_id')
    .where('a.webhook_id', filter.webhookId)
    .orderBy('a.id', 'desc')
    .limit(limit);
  if (filter.deliveryId !== undefined) qb.where('a.delivery_id', filter.deliveryId);
  return (await selectRows(ctx.knex, qb)).map(attemptOf);
}

/**
 * Sends a delivery again, with the same id (receivers de-duplicate on it, as for a retry): due
 * now, its attempts and age counted afresh. False when there is no such delivery.
 */
export function redeliver(ctx: EngineContext, deliveryId: string, now: number): Promise<boolean> {
  return ownWrite(ctx, async ({ knex }) => {
    const changed = await knex(DELIVERIES_TABLE)
      .where('delivery_id', deliveryId)
      .update({ status: 'pending', attempts: 0, next_attempt_at: now, locked_until: 0, retry_since: now, finished_at: null });
    return Number(changed) > 0;
  });
}

/** Retention: finished deliveries and attempts older than `before` go. */
export function purgeDeliveries(ctx: EngineContext, before: number): Promise<void> {
  return ownWrite(ctx, async ({ knex }) => {
    await knex(DELIVERIES_TABLE).whereIn('status', ['delivered', 'dead']).where('finished_at', '<', before).delete();
    await knex(ATTEMPTS_TABLE).where('started_at', '<', before).delete();
  });
}
