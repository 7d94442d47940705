/**
 * What every part of one content type's repository shares (built once by `createRepository`),
 * and the small steps its reads and writes all take.
 */
import { datetimeToDb } from '../../db/values.js';
import { lockKeys } from '../../engine/context.js';
import { isPossibleDocumentId } from '../../engine/document-rows.js';
import { loadEntriesByRowIds } from '../../engine/load-entries.js';
import type { EngineContext, Entry } from '../../engine/types.js';
import type { ContentType } from '../../model/types.js';
import type { Selection } from '../../query/ast.js';
import { documentLockKey } from '../relation-locks.js';
import type { WriteStatus } from '../types.js';

export interface RepositoryScope {
  readonly ctx: EngineContext;
  readonly schema: ContentType;
  /** the change stamp every write of this type replaces (engine/change-stamp.ts), if it keeps one */
  readonly stampUid: string | undefined;
  /** i18n on: writes and single reads work on one locale's version */
  readonly localized: boolean;
}

/** `checkRequired`: check required attributes of a draft too, when the write creates the document (GraphQL v4's create) */
export type CreateOptions = { author?: string; checkRequired?: boolean };
export type UpdateOptions = { status: WriteStatus; unpublish?: boolean } & CreateOptions;

/** The current time as the dialect stores timestamps. */
export function now(scope: RepositoryScope): unknown {
  return datetimeToDb(new Date(), scope.ctx.dialect.name);
}

/** The locale a write or single read works on: localized types only. */
export function localeOf(scope: RepositoryScope, selection: Pick<Selection, 'locale'> | undefined): string | undefined {
  return scope.localized ? selection?.locale : undefined;
}

/** One row read back as an entry, in the write's transaction. */
export async function readBack(scope: RepositoryScope, trx: EngineContext, rowId: number | undefined, selection: Selection): Promise<Entry | null> {
  if (rowId === undefined) return null;
  return (await loadEntriesByRowIds(trx, scope.schema.uid, [rowId], selection))[0] ?? null;
}

/** Serializes writers of one document; every write reads the document's rows after this. */
export async function lockDocument(scope: RepositoryScope, trx: EngineContext, documentId: string): Promise<void> {
  // an id no database can hold names no document: nothing to lock (the lookup finds nothing)
  if (isPossibleDocumentId(documentId)) await lockKeys(trx, [documentLockKey(scope.schema.uid, documentId)]);
}
