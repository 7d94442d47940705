/**
 * The webhooks themselves (`strapi_webhooks`, Strapi's table, plus `vellum_webhook_secrets`):
 * read fresh from the database whenever they matter (a write choosing its webhooks, a delivery
 * finding its URL), so a change made on one instance applies on every other at its next event.
 */
import { selectFirst, selectRows, type Row } from '../../db/direct-reads.js';
import { toNumber } from '../../db/values.js';
import { WEBHOOK_SECRETS_TABLE, WEBHOOKS_TABLE } from '../../db/webhook-tables.js';
import type { EngineContext } from '../types.js';
import { insertRow } from '../write/rows.js';
import { ownWrite } from './own-write.js';

export interface WebhookRecord {
  readonly id: number;
  readonly name: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly events: readonly string[];
  readonly enabled: boolean;
  /** null: deliveries are not signed */
  readonly secret: string | null;
}

export type WebhookValues = Omit<WebhookRecord, 'id'>;

/** JSON columns: parsed by some drivers (PostgreSQL), text on others */
function json(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function headersOf(raw: unknown): Record<string, string> {
  const value = json(raw);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((pair): pair is [string, string] => typeof pair[1] === 'string'));
}

function eventsOf(raw: unknown): string[] {
  const value = json(raw);
  return Array.isArray(value) ? value.filter((e): e is string => typeof e === 'string') : [];
}

/** booleans as each driver answers them (true, 1, 1n, 't') */
const enabledOf = (raw: unknown): boolean => raw === true || raw === 't' || ((typeof raw === 'number' || typeof raw === 'bigint' || typeof raw === 'string') && Number(raw) === 1);

function recordOf(row: Row): WebhookRecord {
  return {
    id: toNumber(row['id']),
    name: String(row['name'] ?? ''),
    url: String(row['url'] ?? ''),
    headers: headersOf(row['headers']),
    events: eventsOf(row['events']),
    enabled: enabledOf(row['enabled']),
    secret: typeof row['secret'] === 'string' ? row['secret'] : null,
  };
}

const COLUMNS = ['w.id', 'w.name', 'w.url', 'w.headers', 'w.events', 'w.enabled', 's.secret'];

function withSecrets(ctx: EngineContext) {
  return ctx.knex
    .select(COLUMNS)
    .from({ w: WEBHOOKS_TABLE })
    .leftJoin({ s: WEBHOOK_SECRETS_TABLE }, 's.webhook_id', 'w.id');
}

export async function listWebhooks(ctx: EngineContext): Promise<WebhookRecord[]> {
  return (await selectRows(ctx.knex, withSecrets(ctx).orderBy('w.id', 'asc'))).map(recordOf);
}

export async function findWebhook(ctx: EngineContext, id: number): Promise<WebhookRecord | null> {
  const row = await selectFirst(ctx.knex, withSecrets(ctx).where('w.id', id).limit(1));
  return row ? recordOf(row) : null;
}

/** The webhooks of a batch of deliveries, by id (one statement); a deleted one is absent. */
export async function findWebhooks(ctx: EngineContext, ids: readonly number[]): Promise<Map<number, WebhookRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await selectRows(ctx.knex, withSecrets(ctx).whereIn('w.id', [...new Set(ids)]));
  return new Map(rows.map((row) => { const record = recordOf(row); return [record.id, record]; }));
}

/** The enabled webhooks and their events: what a write asks, in its own transaction (one statement). */
export async function enabledWebhookEvents(ctx: EngineContext): Promise<Array<{ id: number; events: readonly string[] }>> {
  const rows = await selectRows(ctx.knex, ctx.knex.select('id', 'events').from(WEBHOOKS_TABLE).where('enabled', true));
  return rows.map((row) => ({ id: toNumber(row['id']), events: eventsOf(row['events']) }));
}

function columnsOf(values: Partial<WebhookValues>): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  if (values.name !== undefined) columns['name'] = values.name;
  if (values.url !== undefined) columns['url'] = values.url;
  if (values.headers !== undefined) columns['headers'] = JSON.stringify(values.headers);
  if (values.events !== undefined) columns['events'] = JSON.stringify(values.events);
  if (values.enabled !== undefined) columns['enabled'] = values.enabled;
  return columns;
}

async function writeSecret(trx: EngineContext, id: number, secret: string | null | undefined): Promise<void> {
  if (secret === undefined) return;
  await trx.knex(WEBHOOK_SECRETS_TABLE).where('webhook_id', id).delete();
  if (secret !== null) await trx.knex(WEBHOOK_SECRETS_TABLE).insert({ webhook_id: id, secret });
}

/** One transaction: the webhook and its secret. */
export function insertWebhook(ctx: EngineContext, values: WebhookValues): Promise<number> {
  return ownWrite(ctx, async (trx) => {
    const id = await insertRow(trx, WEBHOOKS_TABLE, columnsOf(values));
    await writeSecret(trx, id, values.secret);
    return id;
  });
}

/** `secret`: undefined keeps it, null removes it. False when there is no such webhook. */
export function updateWebhook(ctx: EngineContext, id: number, values: Partial<WebhookValues>): Promise<boolean> {
  return ownWrite(ctx, async (trx) => {
    const { knex } = trx;
    const columns = columnsOf(values);
    const found = await selectFirst(knex, knex.select('id').from(WEBHOOKS_TABLE).where('id', id).limit(1));
    if (!found) return false;
    if (Object.keys(columns).length > 0) await knex(WEBHOOKS_TABLE).where('id', id).update(columns);
    await writeSecret(trx, id, values.secret);
    return true;
  });
}

/** False when there is no such webhook. Its deliveries stay in the log; pending ones end as dead. */
export function deleteWebhook(ctx: EngineContext, id: number): Promise<boolean> {
  return ownWrite(ctx, async ({ knex }) => {
    const deleted = await knex(WEBHOOKS_TABLE).where('id', id).delete();
    await knex(WEBHOOK_SECRETS_TABLE).where('webhook_id', id).delete();
    return Number(deleted) > 0;
  });
}
