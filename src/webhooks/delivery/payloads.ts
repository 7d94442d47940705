/**
 * Builds the bodies of claimed deliveries that do not have one yet. A write only records which
 * entry an event carries (`entry_ref`, webhooks/recorder.ts), so it never pays for the deep read;
 * the first worker to claim one of its deliveries reads the entry after the commit — as Strapi
 * does, whose events are emitted after the commit — and stores the body for every webhook of that
 * event, so every attempt and every webhook sends the same bytes (and the same signature).
 */
import type { EngineContext } from '../../engine/types.js';
import { storeBody, type DeliveryRecord } from '../../engine/webhooks/outbox.js';
import type { ContentType } from '../../model/types.js';
import { eventFamily } from '../events.js';
import { entryReader, parseEntryRef, webhookBody, type EntryReader } from '../payload.js';

export type PayloadBuilder = (claimed: readonly DeliveryRecord[]) => Promise<DeliveryRecord[]>;

export function payloadBuilder(engine: EngineContext): PayloadBuilder {
  const readers = new Map<string, { contentType: ContentType; reader: EntryReader }>();
  const readerOf = (uid: string) => {
    let found = readers.get(uid);
    if (!found) {
      const contentType = engine.registry.contentType(uid);
      found = { contentType, reader: entryReader(engine.registry, contentType) };
      readers.set(uid, found);
    }
    return found;
  };

  async function build(delivery: DeliveryRecord, entryRef: string): Promise<string> {
    const ref = parseEntryRef(entryRef);
    const { contentType, reader } = readerOf(ref.uid);
    const family = eventFamily(contentType) ?? 'entry';
    // nothing found (removed meanwhile): `"entry": null`, as Strapi sends it (#25387)
    const entry = await reader.current(engine, ref.documentId, ref.version, ref.locale ?? undefined);
    return webhookBody(delivery.event, new Date(delivery.createdAt), contentType, family, entry);
  }

  return async (claimed) => {
    const bodies = new Map<string, string>();
    const built = new Set<string>();
    for (const delivery of claimed) {
      const { entryRef } = delivery;
      if (entryRef === null || bodies.has(delivery.deliveryId)) continue;
      const key = `${delivery.event}\n${entryRef}`;
      if (built.has(key)) continue;
      built.add(key);
      const body = await build(delivery, entryRef);
      const ids = claimed.filter((d) => d.event === delivery.event && d.entryRef === entryRef).map((d) => d.deliveryId);
      for (const [id, stored] of await storeBody(engine, delivery.event, entryRef, body, ids)) bodies.set(id, stored);
    }
    return claimed.map((d) => (d.entryRef === null ? d : { ...d, body: bodies.get(d.deliveryId) ?? '', entryRef: null }));
  };
}
