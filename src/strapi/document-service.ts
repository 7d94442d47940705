/**
 * The server-side document API handed to user code (`app.documents(uid)`, also as
 * `strapi.documents(uid)`), shaped like Strapi 5's Document Service: plain objects in, entries
 * out, drafts by default. Parameters go through the same parser and validation as REST; every
 * call is an operation with no caller (full access, as in Strapi), so operation middlewares and
 * lifecycles run for it as for REST and GraphQL.
 */
import type { DocumentData } from '../documents/types.js';
import type { DocumentEntry, Entry } from '../engine/types.js';
import type { Registry } from '../model/types.js';
import type { PublicationStatus } from '../query/ast.js';
import type { RestLimits } from '../query/limits.js';
import { parseLocale } from '../query/parse-locale.js';
import { parseRestQuery, parseSelection } from '../query/parse-rest-query.js';
import type { TypeOperations } from '../operations/operations.js';

export interface FindParams {
  filters?: unknown;
  sort?: unknown;
  fields?: unknown;
  populate?: unknown;
  status?: PublicationStatus;
  pagination?: unknown;
  start?: number;
  limit?: number;
  /** localized types: a locale code, or `*` (every locale) for findMany, count and delete; absent: the default locale */
  locale?: string;
}
type SelectionParams = Pick<FindParams, 'fields' | 'populate' | 'status' | 'locale'>;

export interface DocumentService {
  findMany(params?: FindParams): Promise<DocumentEntry[]>;
  findFirst(params?: FindParams): Promise<DocumentEntry | null>;
  findOne(params: { documentId: string } & SelectionParams): Promise<DocumentEntry | null>;
  count(params?: Pick<FindParams, 'filters' | 'status' | 'locale'>): Promise<number>;
  create(params: { data: DocumentData; status?: PublicationStatus } & SelectionParams): Promise<DocumentEntry>;
  update(params: { documentId: string; data: DocumentData; status?: PublicationStatus } & SelectionParams): Promise<DocumentEntry | null>;
  delete(params: { documentId: string; locale?: string }): Promise<{ documentId: string; deleted: boolean }>;
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
  const { start, limit, status, ...rest } = params;
  const input: Record<string, unknown> = { ...rest, status: status ?? defaultStatus };
  if (start !== undefined || limit !== undefined) input.pagination = { start: start ?? 0, ...(limit !== undefined ? { limit } : {}) };
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
}

/** Content-type entries always carry a documentId; the repository's Entry type covers components too. */
const asDocument = (entry: Entry): DocumentEntry => entry as DocumentEntry;
const asDocumentOrNull = (entry: Entry | null): DocumentEntry | null => (entry ? asDocument(entry) : null);

export function createDocumentService(registry: Registry, ops: TypeOperations): DocumentService {
  const ctx = { registry, rest: UNBOUNDED };
  const selection = ({ fields, populate, status, locale }: SelectionParams) => parseSelection(toQueryInput({ fields, populate, status, locale }, 'draft'), ops.uid, ctx);
  const statusOf = (params: { status?: PublicationStatus }) => params.status ?? 'draft';

  const service: DocumentService = {
    async findMany(params = {}) {
      return (await ops.findMany(null, { query: parseRestQuery(toQueryInput(params, 'draft'), ops.uid, ctx) })).entries.map(asDocument);
    },
    async findFirst(params = {}) {
      const [first] = await service.findMany({ ...params, start: params.start ?? 0, limit: 1 });
      return first ?? null;
    },
    findOne: async (params) => asDocumentOrNull(await ops.findOne(null, { documentId: params.documentId, selection: selection(params) })),
    count(params = {}) {
      const query = parseRestQuery(toQueryInput(params, 'draft'), ops.uid, ctx);
      return ops.count(null, { filters: query.filters, status: query.status, locale: query.locale });
    },
    create: async (params) => asDocument(await ops.create(null, { data: params.data, status: statusOf(params), selection: selection(params) })),
    update: async (params) => asDocumentOrNull(await ops.update(null, { documentId: params.documentId, data: params.data, status: statusOf(params), selection: selection(params) })),
    async delete(params) {
      const locale = parseLocale(params.locale, ops.contentType);
      return { documentId: params.documentId, deleted: (await ops.delete(null, { documentId: params.documentId, locale })) !== null };
    },
    publish: async (params) => asDocumentOrNull(await ops.publish(null, { documentId: params.documentId, selection: selection({ ...params, status: 'published' }) })),
    unpublish: async (params) => asDocumentOrNull(await ops.unpublish(null, { documentId: params.documentId, selection: selection({ ...params, status: 'draft' }) })),
    discardDraft: async (params) => asDocumentOrNull(await ops.discardDraft(null, { documentId: params.documentId, selection: selection({ ...params, status: 'draft' }) })),
  };
  return service;
}
