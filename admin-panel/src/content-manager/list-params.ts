/**
 * The list view's state lives in the page's query string (a reload or a shared link shows the
 * same page): `page`, `pageSize`, `sort=field:ASC`, `_q`, `filters[field][$op]=value`, `locale`.
 * The same names are the content-manager API's, so the query string is passed on as it is.
 */
export interface ListFilter {
  readonly field: string;
  readonly operator: string;
  readonly value: string;
}

export interface ListParams {
  readonly page: number;
  readonly pageSize: number;
  readonly sort: { readonly field: string; readonly order: 'ASC' | 'DESC' } | null;
  readonly search: string;
  readonly filters: readonly ListFilter[];
  readonly locale: string | null;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;
const FILTER_KEY = /^filters\[([^\]]+)\]\[(\$[A-Za-z]+)\]$/;

function positive(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

export function readListParams(search: URLSearchParams): ListParams {
  const [field, order] = (search.get('sort') ?? '').split(':');
  const filters: ListFilter[] = [];
  for (const [key, value] of search) {
    const match = FILTER_KEY.exec(key);
    if (match) filters.push({ field: match[1], operator: match[2], value });
  }
  return {
    page: positive(search.get('page'), 1),
    pageSize: positive(search.get('pageSize'), PAGE_SIZES[0]),
    sort: field ? { field, order: order?.toUpperCase() === 'DESC' ? 'DESC' : 'ASC' } : null,
    search: search.get('_q') ?? '',
    filters,
    locale: search.get('locale'),
  };
}

export function writeListParams(params: ListParams): URLSearchParams {
  const search = new URLSearchParams();
  search.set('page', String(params.page));
  search.set('pageSize', String(params.pageSize));
  if (params.sort) search.set('sort', `${params.sort.field}:${params.sort.order}`);
  if (params.search !== '') search.set('_q', params.search);
  for (const filter of params.filters) search.append(`filters[${filter.field}][${filter.operator}]`, filter.value);
  if (params.locale) search.set('locale', params.locale);
  return search;
}
