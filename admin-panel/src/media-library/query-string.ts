/**
 * The file list's query string (`GET /upload/files`): folder, search, sort, filters (type, date,
 * a media field's allowedTypes) and page, in qs brackets as the server parses them. No browser
 * API: the server's tests build the same strings.
 */
/** A nested filter object (`{ mime: { $startsWithi: 'image/' } }`) as qs brackets: `filters[mime][$startsWithi]=image/`. */
export function appendNested(search: URLSearchParams, prefix: string, value: unknown): void {
  if (Array.isArray(value)) value.forEach((item, index) => appendNested(search, `${prefix}[${index}]`, item));
  else if (value !== null && typeof value === 'object') for (const [key, inner] of Object.entries(value)) appendNested(search, `${prefix}[${key}]`, inner);
  else search.append(prefix, String(value));
}

export type SortKey = 'createdAt:DESC' | 'createdAt:ASC' | 'name:ASC' | 'name:DESC' | 'updatedAt:DESC';
export const SORTS: ReadonlyArray<{ readonly key: SortKey; readonly label: string }> = [
  { key: 'createdAt:DESC', label: 'Most recent uploads' },
  { key: 'createdAt:ASC', label: 'Oldest uploads' },
  { key: 'name:ASC', label: 'Alphabetical order (A to Z)' },
  { key: 'name:DESC', label: 'Reverse alphabetical order (Z to A)' },
  { key: 'updatedAt:DESC', label: 'Most recent updates' },
];

/** What the library shows: a folder (null: the root), search, sort, and filters as a filter object. */
export interface LibraryQuery {
  readonly folder: number | null;
  readonly search: string;
  readonly sort: SortKey;
  /** ANDed with each other (a type filter, a date filter, a picker's allowedTypes) */
  readonly filters: readonly Record<string, unknown>[];
}

/** `GET /upload/files`' query string for one page of a library view */
export function filesQuery(query: LibraryQuery, page: number, pageSize: number): string {
  const search = new URLSearchParams();
  search.set('page', String(page));
  search.set('pageSize', String(pageSize));
  search.set('sort', query.sort);
  // a search looks through every folder, as Strapi's does; browsing and filters keep to one folder
  if (query.search.trim() !== '') search.set('_q', query.search.trim());
  else search.set('folder', query.folder === null ? 'root' : String(query.folder));
  if (query.filters.length > 0) appendNested(search, 'filters', { $and: query.filters });
  return search.toString();
}

