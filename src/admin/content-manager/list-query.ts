/**
 * The content manager's list parameters → the query AST: Strapi's admin names them at the top
 * level (`page`, `pageSize`, `sort=title:ASC`, `filters` in qs form, `_q`, `locale`, `status`)
 * and the parsers of `query/` check every key against the model, as for REST. A list reads only
 * what its columns need: the main field, the default list layout and the timestamps (`fields`
 * chooses other columns).
 */
import type { ContentType } from '../../model/types.js';
import { isLocalizedType } from '../../model/i18n.js';
import type { FilterNode, PublicationStatus, Query, SortNode } from '../../query/ast.js';
import type { QueryBudget } from '../../query/query-cost.js';
import type { RestQueryContext } from '../../query/limits.js';
import { parseRestQuery } from '../../query/parse-rest-query.js';
import { ValidationError } from '../../errors/index.js';
import { defaultListLayout } from './init-data.js';
import { mainFieldOf } from './main-field.js';

/** Strapi's content-manager page sizes: 10 by default (its list settings), at most 100. */
export const ADMIN_LIST_LIMITS = { defaultLimit: 10, maxLimit: 100, withCount: true, strictParams: false, populateDepthLimit: 5 } as const;

export function adminQueryContext(registry: RestQueryContext['registry'], budget: QueryBudget | undefined): RestQueryContext {
  return { registry, rest: budget === undefined ? ADMIN_LIST_LIMITS : { ...ADMIN_LIST_LIMITS, budget } };
}

/** The columns a list reads when the request names none. */
export function defaultListFields(schema: ContentType): string[] {
  const names = new Set(defaultListLayout(schema).filter((name) => name !== 'id'));
  const main = mainFieldOf(schema);
  if (main !== 'id') names.add(main);
  for (const field of ['createdAt', 'updatedAt', 'publishedAt']) names.add(field);
  if (isLocalizedType(schema)) names.add('locale');
  return [...names];
}

/** What a row's status is computed from (document-status.ts), read whatever columns were asked. */
function statusFields(schema: ContentType): string[] {
  return isLocalizedType(schema) ? ['updatedAt', 'publishedAt', 'locale'] : ['updatedAt', 'publishedAt'];
}

/** `status` of the content manager's reads: the draft (what an editor works on) unless asked. */
export function adminStatus(value: unknown): PublicationStatus {
  if (value === undefined || value === 'draft') return 'draft';
  if (value === 'published') return 'published';
  throw new ValidationError('Invalid status parameter. Expected "draft" or "published"', { key: 'status', path: 'status', source: 'query', param: 'status' });
}

/** The list query: `extra` (a relation search's main-field filter) narrows the filters. */
export function parseListQuery(input: Record<string, unknown>, schema: ContentType, ctx: RestQueryContext, extra?: FilterNode): Query {
  const pagination: Record<string, unknown> = {};
  if (input.page !== undefined) pagination.page = input.page;
  if (input.pageSize !== undefined) pagination.pageSize = input.pageSize;
  const parsed = parseRestQuery({
    filters: input.filters,
    _q: input._q,
    sort: input.sort,
    pagination,
    fields: input.fields ?? defaultListFields(schema),
    locale: input.locale,
  }, schema.uid, ctx);
  const fields = parsed.fields === null ? null : [...new Set([...parsed.fields, ...statusFields(schema)])];
  const filters = extra === undefined ? parsed.filters : parsed.filters === null ? extra : { kind: 'and' as const, items: [parsed.filters, extra] };
  const sort: readonly SortNode[] = parsed.sort.length > 0 ? parsed.sort : defaultSort(schema);
  return Object.freeze({ ...parsed, fields, filters, sort, status: adminStatus(input.status) });
}

/** Strapi's default list order: the main field, ascending (`settings.defaultSortBy`). */
function defaultSort(schema: ContentType): readonly SortNode[] {
  return Object.freeze([Object.freeze({ path: Object.freeze([mainFieldOf(schema)]), order: 'asc' as const })]);
}
