/**
 * The entry a webhook carries, read as Strapi reads it for its events
 * (`document-service/events.ts` with `utils/populate.ts` `getDeepPopulate`): every relation
 * (morph and creator relations aside) with its own fields, media with every field of the file
 * (`select: ['*']`, since strapi/strapi#21546), components and dynamic zones all the way down; a
 * file of a media event is its own fields; private and password attributes never read
 * (`defaultSanitizeOutput`). Removed versions (`entry.delete`, `entry.unpublish`, `media.delete`)
 * carry their own fields only, as Strapi sends the row it found: they are read in the write's
 * transaction, before it removes them; the other versions are read by the delivery worker after
 * the commit (delivery/payloads.ts).
 */
import { findEntriesByDocumentIds, findEntryByDocumentId } from '../engine/load-entries.js';
import type { EngineContext, Entry } from '../engine/types.js';
import { isCreatorField } from '../model/creator-fields.js';
import { eventFamily } from './events.js';
import type { ContentType, Registry, SchemaBase } from '../model/types.js';
import type { PopulateNode, PublicationStatus, Selection } from '../query/ast.js';

const NO_POPULATE: readonly PopulateNode[] = Object.freeze([]);

function node(attribute: string, fields: readonly string[] | null, populate: readonly PopulateNode[] = NO_POPULATE): PopulateNode {
  return { attribute, fields, sort: [], filters: null, populate, on: null };
}

/** Strapi's deep populate of a schema (bounded: components cannot contain themselves). */
function deepPopulate(registry: Registry, schema: SchemaBase): PopulateNode[] {
  const nodes: PopulateNode[] = [];
  for (const attr of Object.values(schema.attributes)) {
    switch (attr.kind) {
      case 'relation':
        if (!isCreatorField(attr)) nodes.push(node(attr.name, null));
        break;
      case 'media':
        // every field of the file (`select: ['*']`, strapi/strapi#21546), not its folder
        nodes.push(node(attr.name, null));
        break;
      case 'component':
        nodes.push(node(attr.name, null, deepPopulate(registry, registry.component(attr.component))));
        break;
      case 'dynamiczone':
        nodes.push({
          ...node(attr.name, null),
          on: Object.fromEntries(attr.components.map((uid) => [uid, { fields: null, sort: [], filters: null, populate: deepPopulate(registry, registry.component(uid)) }])),
        });
        break;
      case 'scalar':
        break;
    }
  }
  return nodes;
}

export interface EntryReader {
  /** the versions after the writes, deep-populated, of many documents at once (the worker's batch); absent: none */
  currentOf(trx: EngineContext, documentIds: readonly string[], status: PublicationStatus, locale: string | undefined): Promise<Map<string, Entry>>;
  /** the version about to be removed, its own fields: the published one first, else the draft */
  removed(trx: EngineContext, documentId: string, statuses: readonly PublicationStatus[], locale: string | undefined): Promise<Entry | null>;
}

/** Built once per content type. A file (media events) is its own fields, as the upload service answers it. */
export function entryReader(registry: Registry, contentType: ContentType): EntryReader {
  const populate = eventFamily(contentType) === 'media' ? NO_POPULATE : deepPopulate(registry, contentType);
  const withLocale = (selection: Selection, locale: string | undefined): Selection => (locale === undefined || locale === '*' ? selection : { ...selection, locale });
  return {
    async currentOf(trx, documentIds, status, locale) {
      const entries = await findEntriesByDocumentIds(trx, contentType.uid, documentIds, withLocale({ fields: null, populate, status }, locale));
      return entries;
    },
    async removed(trx, documentId, statuses, locale) {
      for (const status of statuses) {
        const entry = await findEntryByDocumentId(trx, contentType.uid, documentId, withLocale({ fields: null, populate: NO_POPULATE, status }, locale));
        if (entry) return entry;
      }
      return null;
    },
  };
}

/** Which entry a delivery carries until the worker builds its body (`entry_ref`). */
export interface EntryRef {
  readonly uid: string;
  readonly documentId: string;
  readonly version: PublicationStatus;
  /** null: the write named no locale (or `*`) */
  readonly locale: string | null;
  /** the write it came from: its webhooks share one body */
  readonly write: string;
}

export const entryRefText = (ref: EntryRef): string => JSON.stringify(ref);

export function parseEntryRef(text: string): EntryRef {
  const ref = JSON.parse(text) as EntryRef;
  return { uid: String(ref.uid), documentId: String(ref.documentId), version: ref.version === 'draft' ? 'draft' : 'published', locale: typeof ref.locale === 'string' ? ref.locale : null, write: String(ref.write) };
}

/** Strapi's body: `{ event, createdAt, model, uid, entry }`, media `{ event, createdAt, media }`. */
export function webhookBody(event: string, createdAt: Date, contentType: ContentType, family: 'entry' | 'media', entry: Entry | null): string {
  if (family === 'media') return JSON.stringify({ event, createdAt, media: entry });
  return JSON.stringify({ event, createdAt, model: contentType.singularName, uid: contentType.uid, entry });
}
