/**
 * The server-side document API handed to user code (`app.documents(uid)`, also as
 * `strapi.documents(uid)`), shaped like Strapi 5's Document Service: plain objects in, entries
 * out, drafts by default. Parameters go through the same parser and validation as REST.
 */
import type { DocumentEntry, Entry } from '../engine/types.js';
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
  findMany(params?: FindParams): Promise<DocumentEntry[]>;
  findFirst(params?: FindParams): Promise<DocumentEntry | null>;
  findOne(params: { documentId: string } & SelectionParams): Promise<DocumentEntry | null>;
  count(params?: Pick<FindParams, 'filters' | 'status'>): Promise<number>;
  create(params: { data: DocumentData; status?: PublicationStatus } & SelectionParams): Promise<DocumentEntry>;
  update(params: { documentId: string; data: DocumentData; status?: PublicationStatus } & SelectionParams): Promise<DocumentEntry | null>;
  delete(params: { documentId: string }): Promise<{ documentId: string; deleted: boolean }>;
  publish(params: { documentId: string } & SelectionParams): Promise<DocumentEntry | null>;
  unpublish(params: { documentId: string } & SelectionParams): Promise<DocumentEntry | null>;
  discardDraft(params: { documentId: string } & SelectionParams): Promise<DocumentEntry | null>;
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

/** Content-type entries always carry a documentId; the repository's Entry type covers components too. */
const asDocument = (entry: Entry): DocumentEntry => entry as DocumentEntry;
const asDocumentOrNull = (entry: Entry | null): DocumentEntry | null => (entry ? asDocument(entry) : null);

export function createDocumentService(registry: Registry, repo: DocumentRepository): DocumentService {
  const ctx = { registry, rest: UNBOUNDED };
  const selection = ({ fields, populate, status }: SelectionParams) => parseSelection(toQueryInput({ fields, populate, status }, 'draft'), repo.uid, ctx);
  const statusOf = (params: { status?: PublicationStatus }) => params.status ?? 'draft';

  const service: DocumentService = {
    async findMany(params = {}) {
      return (await repo.findPage(parseRestQuery(toQueryInput(params, 'draft'), repo.uid, ctx))).entries.map(asDocument);
    },
    async findFirst(params = {}) {
      const [first] = await service.findMany({ ...params, start: params.start ?? 0, limit: 1 });
      return first ?? null;
    },
    findOne: async (params) => asDocumentOrNull(await repo.findOne(params.documentId, selection(params))),
    count(params = {}) {
      const query = parseRestQuery(toQueryInput(params, 'draft'), repo.uid, ctx);
      return repo.count(query.filters, query.status);
    },
    create: async (params) => asDocument(await repo.create(params.data, { status: statusOf(params) }, selection(params))),
    update: async (params) => asDocumentOrNull(await repo.update(params.documentId, params.data, { status: statusOf(params) }, selection(params))),
    async delete(params) {
      return { documentId: params.documentId, deleted: await repo.delete(params.documentId) };
    },
    publish: async (params) => asDocumentOrNull(await repo.publish(params.documentId, selection({ ...params, status: 'published' }))),
    unpublish: async (params) => asDocumentOrNull(await repo.unpublish(params.documentId, selection({ ...params, status: 'draft' }))),
    discardDraft: async (params) => asDocumentOrNull(await repo.discardDraft(params.documentId, selection({ ...params, status: 'draft' }))),
  };
  return service;
}
