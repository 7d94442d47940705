import type { EngineContext, Entry } from '../engine/types.js';
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

/** The status a write leaves the document in; `keep`: published if it is published now, else draft. */
export type WriteStatus = PublicationStatus | 'keep';

/** Reads the document about to be deleted, in the deleting transaction (what GraphQL returns). */
export type DeleteRead<T> = (find: (selection: Selection) => Promise<Entry | null>) => Promise<T>;

/**
 * Work run inside a write's transaction, around the write (the operation layer's lifecycles):
 * `before` runs first and may hand back replacement `data` (creates and updates), `after` sees the
 * result before the commit; either throwing rolls the whole write back. A transaction the
 * database aborts to break a deadlock runs again, hooks included.
 */
export interface WriteHooks {
  before?(): Promise<DocumentData | undefined>;
  after?(result: unknown): Promise<void>;
  /** work on the write's own transaction (the webhook outbox): `start` before `before`, `end` after `after`, `committed` once it committed */
  readonly transaction?: TransactionHooks;
}

/** What runs on a write's own transaction, around everything else in it; a throw rolls the write back. */
export interface TransactionHooks {
  start?(trx: EngineContext): Promise<void>;
  end?(trx: EngineContext, result: unknown): Promise<void>;
  committed?(): void;
}

/**
 * The AST-level document API the transports use (REST, GraphQL). Every method runs the same
 * validation and one transaction per write; reads cost a bounded number of statements.
 */
export interface DocumentRepository {
  readonly uid: string;
  findPage(query: Query): Promise<Page>;
  /** `locale`: localized types, one locale's versions (`*` or none: all) */
  count(filters: FilterNode | null, status: PublicationStatus, locale?: string): Promise<number>;
  findOne(documentId: string, selection: Selection): Promise<Entry | null>;
  /** single types: the one document, or null */
  findSingle(selection: Selection): Promise<Entry | null>;
  /** single types: the one document's id, whatever its publication state, or null */
  singleDocumentId(): Promise<string | null>;
  /**
   * `author`: documentId of the user writing (sets `createdBy`/`updatedBy` where the type keeps them);
   * `checkRequired`: check required attributes of a draft too (GraphQL v4's create, see decisions.md)
   */
  create(data: DocumentData, options: { status: PublicationStatus; author?: string; checkRequired?: boolean }, selection: Selection, hooks?: WriteHooks): Promise<Entry>;
  /** `unpublish`: also remove the published version, in the same transaction (GraphQL `publishedAt: null`) */
  update(documentId: string, data: DocumentData, options: { status: WriteStatus; unpublish?: boolean; author?: string }, selection: Selection, hooks?: WriteHooks): Promise<Entry | null>;
  /** single types: updates the one document, or creates it when there is none, in one transaction */
  upsertSingle(data: DocumentData, options: { status: WriteStatus; unpublish?: boolean; author?: string; checkRequired?: boolean }, selection: Selection, hooks?: WriteHooks): Promise<Entry>;
  /** `locale`: localized types, that locale's version (`*` or none: every version) */
  delete(documentId: string, locale?: string): Promise<boolean>;
  /** deletes the document after `read` saw it, in one transaction; null when it does not exist */
  deleteWith<T>(documentId: string, read: DeleteRead<T>, hooks?: WriteHooks, locale?: string): Promise<{ value: T } | null>;
  /** single types: `deleteWith` on the one document */
  deleteSingleWith<T>(read: DeleteRead<T>, hooks?: WriteHooks, locale?: string): Promise<{ value: T } | null>;
  publish(documentId: string, selection: Selection, hooks?: WriteHooks): Promise<Entry | null>;
  unpublish(documentId: string, selection: Selection, hooks?: WriteHooks): Promise<Entry | null>;
  discardDraft(documentId: string, selection: Selection, hooks?: WriteHooks): Promise<Entry | null>;
}
