/**
 * The webhook tables (docs/webhooks.md): Strapi's own `strapi_webhooks` (same name and columns,
 * so a database Strapi wrote keeps its webhooks), the secrets Vellum adds beside it (a table of
 * its own: Strapi's schema sync drops columns it does not know from the tables it tracks), the
 * outbox of deliveries written in the same transaction as the change, and the log of attempts.
 * Times are epoch milliseconds (bigint): compared and sorted the same on every database.
 */
import type { Knex } from 'knex';
import { applyTableOptions } from './column-types.js';
import type { DialectName } from './dialect.js';

export const WEBHOOKS_TABLE = 'strapi_webhooks';
export const WEBHOOK_SECRETS_TABLE = 'vellum_webhook_secrets';
export const DELIVERIES_TABLE = 'vellum_webhook_deliveries';
export const ATTEMPTS_TABLE = 'vellum_webhook_attempts';

/** Creates what is missing; run under the schema sync's lock (sync-schema.ts), so two starting instances do not race. */
export async function ensureWebhookTables(knex: Knex, dialect: DialectName): Promise<void> {
  if (!(await knex.schema.hasTable(WEBHOOKS_TABLE))) {
    await knex.schema.createTable(WEBHOOKS_TABLE, (t) => {
      t.increments('id');
      t.string('name', 255);
      t.text('url');
      t.json('headers');
      t.json('events');
      t.boolean('enabled');
      applyTableOptions(t, dialect);
    });
  }
  if (!(await knex.schema.hasTable(WEBHOOK_SECRETS_TABLE))) {
    await knex.schema.createTable(WEBHOOK_SECRETS_TABLE, (t) => {
      t.integer('webhook_id').primary();
      t.text('secret').notNullable();
      applyTableOptions(t, dialect);
    });
  }
  if (!(await knex.schema.hasTable(DELIVERIES_TABLE))) {
    await knex.schema.createTable(DELIVERIES_TABLE, (t) => {
      t.bigIncrements('id');
      // X-Vellum-Delivery: the same on every attempt
      t.string('delivery_id', 36).notNullable().unique({ indexName: 'vellum_webhook_deliveries_uid' });
      t.integer('webhook_id').notNullable();
      t.string('event', 64).notNullable();
      // deliveries of one key (a document) to one webhook go in commit order
      t.string('ordering_key', 255).notNullable();
      // the exact bytes sent (and signed) on every attempt; '' until the worker builds them
      t.text('body', 'longtext').notNullable();
      // which entry the body carries, while it is not built (webhooks/delivery/payloads.ts)
      t.text('entry_ref');
      t.string('status', 16).notNullable();
      t.integer('attempts').notNullable().defaultTo(0);
      t.bigInteger('next_attempt_at').notNullable();
      t.bigInteger('locked_until').notNullable().defaultTo(0);
      t.bigInteger('created_at').notNullable();
      // retries stop once this is older than the maximum age (the creation, or the last redelivery)
      t.bigInteger('retry_since').notNullable();
      t.bigInteger('finished_at');
      t.index(['status', 'next_attempt_at'], 'vellum_webhook_deliveries_due');
      t.index(['webhook_id', 'ordering_key', 'status'], 'vellum_webhook_deliveries_order');
      applyTableOptions(t, dialect);
    });
  }
  // outboxes created before payloads were built by the worker
  if (!(await knex.schema.hasColumn(DELIVERIES_TABLE, 'entry_ref'))) {
    await knex.schema.alterTable(DELIVERIES_TABLE, (t) => {
      t.text('entry_ref');
    });
  }
  if (!(await knex.schema.hasTable(ATTEMPTS_TABLE))) {
    await knex.schema.createTable(ATTEMPTS_TABLE, (t) => {
      t.bigIncrements('id');
      t.string('delivery_id', 36).notNullable();
      t.integer('webhook_id').notNullable();
      t.integer('attempt').notNullable();
      t.bigInteger('started_at').notNullable();
      t.integer('duration_ms').notNullable();
      t.integer('status_code');
      t.text('error');
      t.text('response_head');
      t.index(['webhook_id', 'id'], 'vellum_webhook_attempts_webhook');
      t.index(['delivery_id'], 'vellum_webhook_attempts_delivery');
      t.index(['started_at'], 'vellum_webhook_attempts_started');
      applyTableOptions(t, dialect);
    });
  }
}
