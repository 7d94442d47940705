/**
 * The status the content manager shows for a document version, as Strapi 5 computes it
 * (content-manager `document-metadata` `getStatus`): `draft` while there is no published
 * version, `modified` when the draft was updated after the published version, else `published`.
 * Types without draft & publish have only published versions.
 */
export type DocumentStatus = 'draft' | 'published' | 'modified';

/** A version as read: `documentId`, `locale`, `updatedAt` and `publishedAt` are what matter here. */
export type VersionStamp = Readonly<Record<string, unknown>>;

const time = (value: unknown): number => {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'string' || typeof value === 'number') {
    const t = new Date(value).getTime();
    return Number.isNaN(t) ? 0 : t;
  }
  return 0;
};

/** `version` and its counterpart in the other publication state (same document and locale), if any. */
export function statusOf(version: VersionStamp, other: VersionStamp | undefined): DocumentStatus {
  const isPublished = (v: VersionStamp): boolean => v.publishedAt !== null && v.publishedAt !== undefined;
  const draft = !isPublished(version) ? version : other !== undefined && !isPublished(other) ? other : undefined;
  const published = isPublished(version) ? version : other !== undefined && isPublished(other) ? other : undefined;
  if (draft === undefined) return 'published';
  if (published === undefined) return 'draft';
  return time(draft.updatedAt) > time(published.updatedAt) ? 'modified' : 'published';
}

const keyOf = (v: VersionStamp): string => `${String(v.documentId)}\0${v.locale === undefined || v.locale === null ? '' : String(v.locale)}`;

/**
 * Each entry with its `status`, given the counterparts of the whole page (one read, not one per
 * entry): matched by documentId and locale.
 */
export function withStatuses<E extends VersionStamp>(entries: readonly E[], counterparts: readonly VersionStamp[]): (E & { status: DocumentStatus })[] {
  const byKey = new Map(counterparts.map((v) => [keyOf(v), v]));
  return entries.map((entry) => ({ ...entry, status: statusOf(entry, byKey.get(keyOf(entry))) }));
}
