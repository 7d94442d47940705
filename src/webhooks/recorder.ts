/**
 * Records the webhook events of a write in the outbox, on the write's own transaction
 * (documents' `TransactionHooks`): the enabled webhooks are read there (a change to them applies
 * on every instance at the next write) and the deliveries inserted there, one INSERT for all —
 * a rolled-back write leaves nothing, a committed one is delivered even if the process dies
 * right after the commit. The write stays cheap: a delivery names the entry it carries and the
 * delivery worker reads it after the commit (delivery/payloads.ts), as Strapi builds its payload
 * after the commit; only a version the write removes (`entry.delete`, `entry.unpublish`,
 * `media.delete`) is read in the transaction, before it is gone.
 */
import { randomUUID } from 'node:crypto';
import type { TransactionHooks } from '../documents/types.js';
import { firstDocumentId } from '../engine/document-rows.js';
import type { EngineContext, Entry } from '../engine/types.js';
import { enqueueDeliveries, type NewDelivery } from '../engine/webhooks/outbox.js';
import { enabledWebhookEvents } from '../engine/webhooks/webhook-rows.js';
import type { ContentType, Registry } from '../model/types.js';
import type { PublicationStatus } from '../query/ast.js';
import { eventFamily, plannedEvents, type PlannedEvent, type WriteDescription } from './events.js';
import { entryReader, entryRefText, webhookBody } from './payload.js';

export interface WebhookRecorder {
  /** the hooks of one write of `contentType`; undefined when the type fires no events */
  hooks(contentType: ContentType, write: WriteDescription): TransactionHooks | undefined;
}

export interface RecorderOptions {
  readonly registry: Registry;
  /** told after a commit that left deliveries (the local worker starts at once) */
  readonly wake: () => void;
  readonly now?: () => Date;
}

type Subscribed = ReadonlyArray<{ id: number; events: readonly string[] }>;

function documentIdOf(result: unknown): string | null {
  if (typeof result !== 'object' || result === null) return null;
  // a delete answers `{ value }` (value: what the caller asked to see, possibly nothing)
  const id = (result as Record<string, unknown>)['documentId'];
  return typeof id === 'string' ? id : null;
}

export function createWebhookRecorder(options: RecorderOptions): WebhookRecorder {
  const { registry, wake } = options;
  const now = options.now ?? (() => new Date());
  const readers = new Map<string, ReturnType<typeof entryReader>>();
  const readerOf = (contentType: ContentType) => {
    let reader = readers.get(contentType.uid);
    if (!reader) {
      reader = entryReader(registry, contentType);
      readers.set(contentType.uid, reader);
    }
    return reader;
  };

  return {
    hooks(contentType, write) {
      const family = eventFamily(contentType);
      if (family === null) return undefined;
      const planned = plannedEvents(family, contentType, write);
      if (planned.length === 0) return undefined;
      const reader = readerOf(contentType);
      const locale = write.locale;
      const keep = write.status === 'keep';
      const removedStatuses: PublicationStatus[] = !contentType.draftAndPublish ? ['published'] : write.action === 'delete' ? ['published', 'draft'] : ['published'];
      // per attempt of the transaction (a deadlock retry runs the hooks again)
      let subscribed: Subscribed = [];
      let removed: Entry | null = null;
      let documentId: string | null = write.documentId;
      let recorded = false;

      const targets = (event: PlannedEvent): number[] => subscribed.filter((w) => w.events.includes(event.event)).map((w) => w.id);

      return {
        async start(trx: EngineContext) {
          recorded = false;
          removed = null;
          subscribed = (await enabledWebhookEvents(trx)).filter((w) => planned.some((p) => w.events.includes(p.event)));
          if (subscribed.length === 0) return;
          if (!planned.some((p) => p.version === 'removed' && targets(p).length > 0)) return;
          // the version about to go, read before the write removes it
          documentId ??= contentType.kind === 'singleType' ? await firstDocumentId(trx, contentType) : null;
          if (documentId !== null) removed = await reader.removed(trx, documentId, removedStatuses, locale);
        },
        async end(trx: EngineContext, result: unknown) {
          if (subscribed.length === 0 || result === null || result === undefined || result === false) return;
          const id = documentId ?? documentIdOf(result);
          if (id === null) return;
          const createdAt = now();
          const writeId = randomUUID();
          const deliveries: NewDelivery[] = [];
          for (const event of planned) {
            const webhooks = targets(event);
            if (webhooks.length === 0) continue;
            let body: string | null = null;
            let entryRef: string | null = null;
            if (event.version === 'removed') {
              // gone after the commit: read before the write (start), the body built here
              if (removed === null) continue;
              body = webhookBody(event.event, createdAt, contentType, family, removed);
            } else {
              // a `keep` update of a draft never published publishes nothing (own fields: one cheap read)
              if (event.event === 'entry.publish' && keep && (await reader.removed(trx, id, ['published'], locale)) === null) continue;
              // the deep read waits for the delivery worker (delivery/payloads.ts), after the commit
              entryRef = entryRefText({ uid: contentType.uid, documentId: id, version: event.version, locale: locale === undefined || locale === '*' ? null : locale, write: writeId });
            }
            for (const webhookId of webhooks) {
              deliveries.push({ deliveryId: randomUUID(), webhookId, event: event.event, orderingKey: `${contentType.uid}:${id}`, body, entryRef });
            }
          }
          if (deliveries.length === 0) return;
          await enqueueDeliveries(trx, deliveries, createdAt.getTime());
          recorded = true;
        },
        committed() {
          if (recorded) wake();
        },
      };
    },
  };
}
