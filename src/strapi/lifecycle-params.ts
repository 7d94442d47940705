/**
 * What read lifecycle events carry, in the shape of Strapi 5's database layer (the query the
 * Document Service hands `strapi.db.query(uid)`): `where` (the filters, plus `documentId`,
 * `publishedAt` for the status and `locale`), `select`, `populate`, `orderBy`, `limit`,
 * `offset`; and `event.model` as Strapi's model metadata (`uid`, `singularName`, `tableName`,
 * `attributes`, …). Built from the operation's params by the adapter's lifecycle events
 * (lifecycle-events.ts) only when a read has subscribers; what a hook changes in `where` and
 * `select` is parsed back into the operation's query there.
 */
import type { ContentType } from '../model/types.js';
import type { FilterNode, NestedSelection, Pagination, PopulateNode, Query, Selection, SortNode } from '../query/ast.js';
import { ALL_LOCALES } from '../query/ast.js';
import type { OperationAction, OperationParams } from '../operations/types.js';

export type StrapiWhere = Record<string, unknown>;

/** Strapi's db-level params of a read (`findMany`: all of them; `findOne`: where/select/populate; `count`: where). */
export interface StrapiReadParams {
  where?: StrapiWhere;
  select?: string[];
  populate?: Record<string, unknown>;
  orderBy?: Record<string, unknown>[];
  limit?: number;
  offset?: number;
}

/** Strapi's model metadata as lifecycle events give it: the content type plus its table name. */
export type LifecycleModel = ContentType & { readonly tableName: string };

const models = new WeakMap<ContentType, LifecycleModel>();
export function lifecycleModel(contentType: ContentType): LifecycleModel {
  let model = models.get(contentType);
  if (!model) {
    model = Object.freeze({ ...contentType, tableName: contentType.collectionName });
    models.set(contentType, model);
  }
  return model;
}

export function whereOf(node: FilterNode): StrapiWhere {
  switch (node.kind) {
    case 'compare':
      return { [node.field]: { [node.op]: node.value } };
    case 'and':
      return { $and: node.items.map(whereOf) };
    case 'or':
      return { $or: node.items.map(whereOf) };
    case 'not':
      return { $not: whereOf(node.item) };
    case 'nested':
      return { [node.attribute]: whereOf(node.filter) };
  }
}

/** `[{ title: 'asc' }]`, a path through relations nested: `[{ author: { name: 'desc' } }]` */
export function orderByOf(sort: readonly SortNode[]): Record<string, unknown>[] {
  return sort.map(({ path, order }) => path.slice(0, -1).reduceRight<Record<string, unknown>>((inner, key) => ({ [key]: inner }), { [path[path.length - 1]!]: order }));
}

function selectionOf(fields: readonly string[] | null, sort: readonly SortNode[], filters: FilterNode | null, populate: readonly PopulateNode[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (fields) out['select'] = [...fields];
  if (filters) out['where'] = whereOf(filters);
  if (sort.length > 0) out['orderBy'] = orderByOf(sort);
  if (populate.length > 0) out['populate'] = populateOf(populate);
  return out;
}

/** `{ author: true }` for a default population, else `{ author: { select, where, orderBy, populate } }`; dynamic zones `{ on: { uid: … } }` */
export function populateOf(nodes: readonly PopulateNode[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const node of nodes) {
    const own = selectionOf(node.fields, node.sort, node.filters, node.populate);
    if (node.on) {
      own['on'] = Object.fromEntries(Object.entries(node.on).map(([uid, nested]: [string, NestedSelection]) => [uid, selectionOf(nested.fields, nested.sort, nested.filters, nested.populate)]));
    }
    out[node.attribute] = Object.keys(own).length === 0 ? true : own;
  }
  return out;
}

/** the filters with the conditions the Document Service adds (documentId, status, locale), `$and`-ed where a key is taken */
function whereWith(model: ContentType, filters: FilterNode | null, extra: { documentId?: string; status: Selection['status']; locale?: string | undefined }): StrapiWhere {
  let where: StrapiWhere = filters ? whereOf(filters) : {};
  const add = (key: string, value: unknown) => {
    where = key in where ? { $and: [where, { [key]: value }] } : { ...where, [key]: value };
  };
  if (extra.documentId !== undefined) add('documentId', extra.documentId);
  if (model.draftAndPublish) add('publishedAt', extra.status === 'published' ? { $notNull: true } : { $null: true });
  if (extra.locale !== undefined && extra.locale !== ALL_LOCALES) add('locale', extra.locale);
  return where;
}

function limitsOf(pagination: Pagination): { limit: number; offset: number } {
  return pagination.kind === 'page'
    ? { limit: pagination.pageSize, offset: (pagination.page - 1) * pagination.pageSize }
    : { limit: pagination.limit, offset: pagination.start };
}

function selectOf(fields: readonly string[] | null): string[] | undefined {
  // the Document Service always reads documentId beside the fields asked
  return fields ? [...new Set([...fields, 'documentId'])] : undefined;
}

function entryRead(model: ContentType, selection: Selection, documentId?: string): StrapiReadParams {
  const params: StrapiReadParams = { where: whereWith(model, null, { documentId, status: selection.status, locale: selection.locale }) };
  const select = selectOf(selection.fields);
  if (select) params.select = select;
  if (selection.populate.length > 0) params.populate = populateOf(selection.populate);
  return params;
}

/** Strapi's db params of a read operation, or undefined for writes (their events keep the operation's params). */
export function strapiReadParams(model: ContentType, action: OperationAction, params: unknown): StrapiReadParams | undefined {
  switch (action) {
    case 'findMany': {
      const query: Query = (params as OperationParams['findMany']).query;
      const out: StrapiReadParams = { where: whereWith(model, query.filters, { status: query.status, locale: query.locale }), ...limitsOf(query.pagination) };
      const select = selectOf(query.fields);
      if (select) out.select = select;
      if (query.sort.length > 0) out.orderBy = orderByOf(query.sort);
      if (query.populate.length > 0) out.populate = populateOf(query.populate);
      return out;
    }
    case 'findFirst':
      return entryRead(model, (params as OperationParams['findFirst']).selection);
    case 'findOne': {
      const { documentId, selection } = params as OperationParams['findOne'];
      return entryRead(model, selection, documentId);
    }
    case 'count': {
      const { filters, status, locale } = params as OperationParams['count'];
      return { where: whereWith(model, filters, { status, locale }) };
    }
    default:
      return undefined;
  }
}
