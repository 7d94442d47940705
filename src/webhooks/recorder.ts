/**
 * Records the webhook events of a write in the outbox, on the write's own transaction
 * (documents' `TransactionHooks`): the enabled webhooks are read there (a change to them applies
 * on every instance at the next write), the entries are read there (the payload is the
 * committed state), and the deliveries inserted there — a rolled-back write leaves nothing, a
 * committed one is delivered even if the process dies right after the commit.
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
import { entryReader, webhookBody } from './payload.js';

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
          const deliveries: NewDelivery[] = [];
          for (const event of planned) {
            const webhooks = targets(event);
            if (webhooks.length === 0) continue;
            const entry = event.version === 'removed' ? removed : await reader.current(trx, id, event.version, locale);
            // nothing to tell: a `keep` update of a draft (no published version), an unpublish of a draft
            if (entry === null) continue;
            const body = webhookBody(event.event, createdAt, contentType, family, entry);
            for (const webhookId of webhooks) {
              deliveries.push({ deliveryId: randomUUID(), webhookId, event: event.event, orderingKey: `${contentType.uid}:${id}`, body });
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
