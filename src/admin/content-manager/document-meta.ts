/**
 * `meta` of a content-manager document answer, as Strapi 5's `document-metadata` shapes it:
 * `availableStatus` (the same locale's version in the other publication state, if any) and
 * `availableLocales` (the document's versions in the other locales, each with its status). The
 * versions are read through the operation layer in at most two statements (drafts, published),
 * whatever the number of locales.
 */
import type { Caller, Entry } from '../../operations/types.js';
import type { TypeOperations } from '../../operations/operations.js';
import { isLocalizedType } from '../../model/i18n.js';
import type { ContentType } from '../../model/types.js';
import { ALL_LOCALES, type FilterNode, type PublicationStatus, type Query } from '../../query/ast.js';
import { statusOf, type DocumentStatus, type VersionStamp } from './document-status.js';

const VERSION_FIELDS = ['createdAt', 'updatedAt', 'publishedAt'];
/** more versions than a document can have: one per locale and status */
const VERSIONS_PAGE = 1000;

export interface DocumentMeta {
  readonly availableLocales: Record<string, unknown>[];
  readonly availableStatus: Record<string, unknown>[];
}

export const EMPTY_META: DocumentMeta = Object.freeze({ availableLocales: [], availableStatus: [] });

/** The versions in `status` of the documents `filter` selects (every locale): one read. */
export async function versionsOf(ops: TypeOperations, caller: Caller, filters: FilterNode, status: PublicationStatus, locale: string | undefined): Promise<Entry[]> {
  const schema = ops.contentType;
  const localized = isLocalizedType(schema);
  const query: Query = {
    filters,
    sort: [],
    pagination: { kind: 'page', page: 1, pageSize: VERSIONS_PAGE, withCount: false },
    fields: localized ? [...VERSION_FIELDS, 'locale'] : VERSION_FIELDS,
    populate: [],
    status,
    ...(localized ? { locale: locale ?? ALL_LOCALES } : {}),
  };
  return (await ops.findMany(caller, { query })).entries;
}

export const documentFilter = (documentIds: readonly string[]): FilterNode =>
  documentIds.length === 1
    ? { kind: 'compare', field: 'documentId', op: '$eq', value: documentIds[0]! }
    : { kind: 'compare', field: 'documentId', op: '$in', value: documentIds };

const pick = (version: Entry, keys: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(keys.filter((key) => key in version).map((key) => [key, version[key]]));

const STATUS_KEYS = ['id', 'documentId', 'locale', 'updatedAt', 'createdAt', 'publishedAt'];

/** All versions of one document: drafts and published, every locale (one read per state). */
export async function documentVersions(ops: TypeOperations, caller: Caller, documentId: string): Promise<Entry[]> {
  const filter = documentFilter([documentId]);
  if (!ops.contentType.draftAndPublish) return versionsOf(ops, caller, filter, 'published', undefined);
  const [drafts, published] = await Promise.all([
    versionsOf(ops, caller, filter, 'draft', undefined),
    versionsOf(ops, caller, filter, 'published', undefined),
  ]);
  return [...drafts, ...published];
}

const isPublished = (v: VersionStamp): boolean => v.publishedAt !== null && v.publishedAt !== undefined;

/** The meta of `version` among `versions`, and its status (undefined for types without draft & publish). */
export function metaOf(schema: ContentType, version: VersionStamp, versions: readonly Entry[]): { meta: DocumentMeta; status: DocumentStatus | undefined } {
  const locale = version.locale;
  const dp = schema.draftAndPublish;
  const other = dp ? versions.find((v) => v.locale === locale && isPublished(v) !== isPublished(version)) : undefined;
  const availableLocales: Record<string, unknown>[] = [];
  if (isLocalizedType(schema)) {
    const locales = [...new Set(versions.map((v) => v.locale))].filter((code) => code !== locale);
    for (const code of locales) {
      const ofLocale = versions.filter((v) => v.locale === code);
      const shown = dp ? ofLocale.find((v) => !isPublished(v)) : ofLocale[0];
      if (shown === undefined) continue;
      const counterpart = ofLocale.find((v) => v !== shown);
      availableLocales.push({ ...pick(shown, STATUS_KEYS), ...(dp ? { status: statusOf(shown, counterpart) } : {}) });
    }
  }
  return {
    meta: { availableLocales, availableStatus: other === undefined ? [] : [pick(other, STATUS_KEYS)] },
    status: dp ? statusOf(version, other) : undefined,
  };
}
