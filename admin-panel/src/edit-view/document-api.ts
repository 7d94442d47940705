/**
 * The content-manager routes of one edited document: collection types by documentId, single
 * types by uid alone (`/content-manager/single-types/:uid`), each with `?locale=`.
 */
export type EditKind = 'collection-types' | 'single-types';

export interface DocumentAnswer {
  data: Record<string, unknown> & { documentId?: string; status?: string; locale?: string | null; publishedAt?: string | null };
  meta?: { availableLocales?: { locale: string; status?: string; documentId?: string }[]; availableStatus?: { status?: string; publishedAt?: string | null }[] };
}

export interface DocumentRoutes {
  /** GET and PUT of the document (null for a collection type's new entry) */
  document: string | null;
  /** POST creating it (collection types) */
  create: string;
  /** an action's route (a new collection entry's Publish creates and publishes it) */
  action(name: 'publish' | 'unpublish' | 'discard'): string;
}

const withLocale = (path: string, locale: string | undefined) => (locale ? `${path}?locale=${encodeURIComponent(locale)}` : path);

export function documentRoutes(kind: EditKind, uid: string, documentId: string | undefined, locale: string | undefined): DocumentRoutes {
  const base = `/content-manager/${kind}/${encodeURIComponent(uid)}`;
  const own = kind === 'single-types' ? base : documentId ? `${base}/${encodeURIComponent(documentId)}` : null;
  return {
    document: own === null ? null : withLocale(own, locale),
    create: withLocale(base, locale),
    action: (name) => withLocale(`${own ?? base}/actions/${name}`, locale),
  };
}
