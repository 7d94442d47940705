/**
 * Strapi 5's webhook events (`packages/core/core/src/services/webhook-store.ts`,
 * `document-service/events.ts`, the upload plugin's `services/upload.ts`), and which of them a
 * write of the operation layer fires: one event per document action and kind, never one per
 * stored row (Strapi sends `entry.delete` once per deleted row, #21932).
 */
import type { ContentType } from '../model/types.js';
import { UPLOAD_FILE_UID } from '../model/built-in-types.js';

export const ENTRY_EVENTS = ['entry.create', 'entry.update', 'entry.delete', 'entry.publish', 'entry.unpublish', 'entry.draft-discard'] as const;
export const MEDIA_EVENTS = ['media.create', 'media.update', 'media.delete'] as const;
export const WEBHOOK_EVENTS: readonly string[] = [...ENTRY_EVENTS, ...MEDIA_EVENTS];
export type WebhookEvent = (typeof ENTRY_EVENTS)[number] | (typeof MEDIA_EVENTS)[number];

/** The body `POST /admin/webhooks/:id/trigger` sends (Strapi's test event). */
export const TRIGGER_EVENT = 'trigger-test';

/** The write actions of the operation layer. */
export type WriteAction = 'create' | 'update' | 'delete' | 'publish' | 'unpublish' | 'discardDraft';

/** What the recorder needs to know of one write (from the operation's params). */
export interface WriteDescription {
  readonly action: WriteAction;
  /** null: a single type's one document, or a create (the result names it) */
  readonly documentId: string | null;
  /** create and update: the status asked; `keep`: published when the document is */
  readonly status?: 'draft' | 'published' | 'keep';
  /** update: the published version goes too (GraphQL `publishedAt: null`) */
  readonly unpublish?: boolean;
  /** localized types: the locale written; `*` or absent: every / the only one */
  readonly locale?: string;
}

/**
 * Which types fire events: the project's content types (`api::`) fire `entry.*`, the media
 * library's files `media.*` (docs/webhooks.md). Users, roles, tokens and Vellum's own state
 * types fire none, as in Strapi, where their plugins write them below the document service.
 */
export function eventFamily(contentType: ContentType): 'entry' | 'media' | null {
  if (contentType.uid === UPLOAD_FILE_UID) return 'media';
  return contentType.namespace === 'api' ? 'entry' : null;
}

/** Which version of the document an event carries, and read how. */
export interface PlannedEvent {
  readonly event: WebhookEvent;
  /**
   * `draft` / `published`: the version after the write, deep-populated (Strapi re-reads it);
   * `removed`: the version read before the write removed it, its own fields only (Strapi sends
   * the deleted row as it was found, for `entry.delete` and `entry.unpublish`).
   */
  readonly version: 'draft' | 'published' | 'removed';
}

/**
 * The events of one write, in the order Strapi emits them: a create or update that publishes
 * fires its own event for the draft, then `entry.publish` (Strapi's `create`/`update` with
 * `status: 'published'` call `publish`). Types without draft & publish have one version.
 */
export function plannedEvents(family: 'entry' | 'media', contentType: ContentType, write: WriteDescription): PlannedEvent[] {
  const dp = contentType.draftAndPublish;
  const own: 'draft' | 'published' = dp ? 'draft' : 'published';
  if (family === 'media') {
    if (write.action === 'create') return [{ event: 'media.create', version: 'published' }];
    if (write.action === 'update') return [{ event: 'media.update', version: 'published' }];
    if (write.action === 'delete') return [{ event: 'media.delete', version: 'removed' }];
    return [];
  }
  switch (write.action) {
    case 'create':
    case 'update': {
      const events: PlannedEvent[] = [{ event: write.action === 'create' ? 'entry.create' : 'entry.update', version: own }];
      // `keep` publishes when a published version exists after the write: the published read decides
      if (dp && (write.status === 'published' || write.status === 'keep') && write.unpublish !== true) events.push({ event: 'entry.publish', version: 'published' });
      if (dp && write.unpublish === true) events.push({ event: 'entry.unpublish', version: 'removed' });
      return events;
    }
    case 'delete':
      return [{ event: 'entry.delete', version: 'removed' }];
    case 'publish':
      return dp ? [{ event: 'entry.publish', version: 'published' }] : [];
    case 'unpublish':
      return dp ? [{ event: 'entry.unpublish', version: 'removed' }] : [];
    case 'discardDraft':
      return dp ? [{ event: 'entry.draft-discard', version: 'draft' }] : [];
  }
}
