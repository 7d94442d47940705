/**
 * Builds the bodies of claimed deliveries that do not have one yet. A write only records which
 * entry an event carries (`entry_ref`, webhooks/recorder.ts), so it never pays for the deep read;
 * the worker that claims one of its deliveries reads the entry after the commit — as Strapi
 * does, whose events are emitted after the commit — and stores the body for every webhook of that
 * event, so every attempt and every webhook sends the same bytes (and the same signature).
 * A claim is a batch (delivery/worker.ts): the entries it names are read together, one batched
 * read per content type, status and locale, however many writes the batch holds.
 */
import type { EngineContext, Entry } from '../../engine/types.js';
import { storeBody, type DeliveryRecord } from '../../engine/webhooks/outbox.js';
import type { ContentType } from '../../model/types.js';
import { eventFamily } from '../events.js';
import { entryReader, parseEntryRef, webhookBody, type EntryRef, type EntryReader } from '../payload.js';

/** Runs in the claim's transaction (`trx`): the claimed deliveries, each with its body. */
export type PayloadBuilder = (trx: EngineContext, claimed: readonly DeliveryRecord[]) => Promise<DeliveryRecord[]>;

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

  /** The entries the refs name, read per content type, status and locale in one batch each. */
  async function readEntries(trx: EngineContext, refs: readonly EntryRef[]): Promise<(ref: EntryRef) => Entry | null> {
    const groups = new Map<string, EntryRef[]>();
    const groupOf = (ref: EntryRef): string => `${ref.uid}\0${ref.version}\0${ref.locale ?? ''}`;
    for (const ref of refs) {
      const key = groupOf(ref);
      groups.set(key, [...(groups.get(key) ?? []), ref]);
    }
    const found = new Map<string, Map<string, Entry>>();
    for (const [key, group] of groups) {
      const [first] = group as [EntryRef];
      found.set(key, await readerOf(first.uid).reader.currentOf(trx, group.map((r) => r.documentId), first.version, first.locale ?? undefined));
    }
    // nothing found (removed meanwhile): `"entry": null`, as Strapi sends it (#25387)
    return (ref) => found.get(groupOf(ref))?.get(ref.documentId) ?? null;
  }

  return async (trx, claimed) => {
    // one body per event of a write: the webhooks of that write share it
    const pending = new Map<string, { delivery: DeliveryRecord; entryRef: string; ref: EntryRef }>();
    for (const delivery of claimed) {
      const { entryRef } = delivery;
      if (entryRef === null) continue;
      const key = `${delivery.event}\n${entryRef}`;
      if (!pending.has(key)) pending.set(key, { delivery, entryRef, ref: parseEntryRef(entryRef) });
    }
    if (pending.size === 0) return [...claimed];
    const entryOf = await readEntries(trx, [...pending.values()].map((p) => p.ref));
    const bodies = new Map<string, string>();
    for (const [key, { delivery, entryRef, ref }] of pending) {
      const { contentType } = readerOf(ref.uid);
      const body = webhookBody(delivery.event, new Date(delivery.createdAt), contentType, eventFamily(contentType) ?? 'entry', entryOf(ref));
      await storeBody(trx, delivery.event, entryRef, body);
      bodies.set(key, body);
    }
    return claimed.map((d) => (d.entryRef === null ? d : { ...d, body: bodies.get(`${d.event}\n${d.entryRef}`) ?? '', entryRef: null }));
  };
}
