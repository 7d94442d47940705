import type { Entry } from '../engine/types.js';
import type { FilterNode, PublicationStatus, Query, Selection } from '../query/ast.js';

/** `meta.pagination` as REST and GraphQL report it. */
export type PaginationMeta =
  | { page: number; pageSize: number; pageCount?: number; total?: number }
  | { start: number; limit: number; total?: number };

export interface Page {
  readonly entries: Entry[];
  readonly pagination: PaginationMeta;
}

/** Body of a create/update: attribute values in wire form, relations by documentId. */
export type DocumentData = Readonly<Record<string, unknown>>;

/**
 * The AST-level document API the transports use (REST, GraphQL). Every method runs the same
 * validation and one transaction per write; reads cost a bounded number of statements.
 */
export interface DocumentRepository {
  readonly uid: string;
  findPage(query: Query): Promise<Page>;
  count(filters: FilterNode | null, status: PublicationStatus): Promise<number>;
  findOne(documentId: string, selection: Selection): Promise<Entry | null>;
  /** single types: the one document, or null */
  findSingle(selection: Selection): Promise<Entry | null>;
  /** single types: the one document's id, whatever its publication state, or null */
  singleDocumentId(): Promise<string | null>;
  /** `author`: documentId of the user writing (sets `createdBy`/`updatedBy` where the type keeps them) */
  create(data: DocumentData, options: { status: PublicationStatus; author?: string }, selection: Selection): Promise<Entry>;
  /** `unpublish`: also remove the published version, in the same transaction (GraphQL `publishedAt: null`) */
  update(documentId: string, data: DocumentData, options: { status: PublicationStatus; unpublish?: boolean; author?: string }, selection: Selection): Promise<Entry | null>;
  delete(documentId: string): Promise<boolean>;
  publish(documentId: string, selection: Selection): Promise<Entry | null>;
  unpublish(documentId: string, selection: Selection): Promise<Entry | null>;
  discardDraft(documentId: string, selection: Selection): Promise<Entry | null>;
}
