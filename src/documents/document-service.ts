/**
 * The server-side document API handed to user code (`app.documents(uid)`, also as
 * `strapi.documents(uid)`), shaped like Strapi 5's Document Service: plain objects in, entries
 * out, drafts by default. Parameters go through the same parser and validation as REST.
 */
import type { Entry } from '../engine/types.js';
import type { Registry } from '../model/types.js';
import type { PublicationStatus } from '../query/ast.js';
import type { RestLimits } from '../query/limits.js';
import { parseRestQuery, parseSelection } from '../query/parse-rest-query.js';
import type { DocumentData, DocumentRepository } from './types.js';

export interface FindParams {
  filters?: unknown;
  sort?: unknown;
  fields?: unknown;
  populate?: unknown;
  status?: PublicationStatus;
  pagination?: unknown;
  start?: number;
  limit?: number;
  locale?: string;
}
type SelectionParams = Pick<FindParams, 'fields' | 'populate' | 'status'>;

export interface DocumentService {
  findMany(params?: FindParams): Promise<Entry[]>;
  findFirst(params?: FindParams): Promise<Entry | null>;
  findOne(params: { documentId: string } & SelectionParams): Promise<Entry | null>;
  count(params?: Pick<FindParams, 'filters' | 'status'>): Promise<number>;
  create(params: { data: DocumentData; status?: PublicationStatus } & SelectionParams): Promise<Entry>;
  update(params: { documentId: string; data: DocumentData; status?: PublicationStatus } & SelectionParams): Promise<Entry | null>;
  delete(params: { documentId: string }): Promise<{ documentId: string; deleted: boolean }>;
  publish(params: { documentId: string } & SelectionParams): Promise<Entry | null>;
  unpublish(params: { documentId: string } & SelectionParams): Promise<Entry | null>;
  discardDraft(params: { documentId: string } & SelectionParams): Promise<Entry | null>;
}

/** Server-side reads are not paginated unless asked: no default page size, no cap. */
const UNBOUNDED: RestLimits = {
  defaultLimit: Number.MAX_SAFE_INTEGER,
  maxLimit: Number.MAX_SAFE_INTEGER,
  withCount: false,
  strictParams: true,
  populateDepthLimit: 20,
};

function toQueryInput(params: FindParams, defaultStatus: PublicationStatus): Record<string, unknown> {
  const { start, limit, status, locale: _locale, ...rest } = params;
  const input: Record<string, unknown> = { ...rest, status: status ?? defaultStatus };
  if (start !== undefined || limit !== undefined) input.pagination = { start: start ?? 0, ...(limit !== undefined ? { limit } : {}) };
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
}

export function createDocumentService(registry: Registry, repo: DocumentRepository): DocumentService {
  const ctx = { registry, rest: UNBOUNDED };
  const selection = ({ fields, populate, status }: SelectionParams) => parseSelection(toQueryInput({ fields, populate, status }, 'draft'), repo.uid, ctx);
  const statusOf = (params: { status?: PublicationStatus }) => params.status ?? 'draft';

  const service: DocumentService = {
    async findMany(params = {}) {
      return (await repo.findPage(parseRestQuery(toQueryInput(params, 'draft'), repo.uid, ctx))).entries;
    },
    async findFirst(params = {}) {
      const [first] = await service.findMany({ ...params, start: params.start ?? 0, limit: 1 });
      return first ?? null;
    },
    findOne: (params) => repo.findOne(params.documentId, selection(params)),
    count(params = {}) {
      const query = parseRestQuery(toQueryInput(params, 'draft'), repo.uid, ctx);
      return repo.count(query.filters, query.status);
    },
    create: (params) => repo.create(params.data, { status: statusOf(params) }, selection(params)),
    update: (params) => repo.update(params.documentId, params.data, { status: statusOf(params) }, selection(params)),
    async delete(params) {
      return { documentId: params.documentId, deleted: await repo.delete(params.documentId) };
    },
    publish: (params) => repo.publish(params.documentId, selection({ ...params, status: 'published' })),
    unpublish: (params) => repo.unpublish(params.documentId, selection({ ...params, status: 'draft' })),
    discardDraft: (params) => repo.discardDraft(params.documentId, selection({ ...params, status: 'draft' })),
  };
  return service;
}
