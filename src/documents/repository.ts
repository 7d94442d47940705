/**
 * The document repository: reads through the engine, writes in one transaction each
 * (validate → check references → rows, components, relations, media → read back).
 * Every write locks what it reads before writing (decisions.md "Concurrent writes"): the document
 * (`doc:<uid>:<documentId>`), a single type's one document (`single:<uid>`), unique values and uid
 * bases; concurrent writers of one document thus run one after the other, each on the other's
 * committed result.
 */
import { datetimeToDb } from '../db/values.js';
import { inWriteTransaction, lockKeys } from '../engine/context.js';
import { documentRows, firstDocumentId, isPossibleDocumentId, rowForStatus } from '../engine/document-rows.js';
import { countEntries, findEntries } from '../engine/find-entries.js';
import { findEntryByDocumentId, loadEntriesByRowIds } from '../engine/load-entries.js';
import type { EngineContext, Entry } from '../engine/types.js';
import { copyEntity } from '../engine/write/copy-entity.js';
import { deleteEntityRows, deleteIncomingLinks } from '../engine/write/delete-entity.js';
import { insertRow } from '../engine/write/rows.js';
import { scalarColumns } from '../engine/write/write-scalars.js';
import { updateScalars, writeEntityParts } from '../engine/write/write-entity.js';
import type { WritePlan } from '../engine/write/write-plan.js';
import { hasCreatorFields } from '../model/creator-fields.js';
import type { ContentType } from '../model/types.js';
import type { FilterNode, PublicationStatus, Query, Selection } from '../query/ast.js';
import { assertChangeStamp, bumpChangeStamp, changeStampOf } from '../engine/change-stamp.js';
import { newDocumentId } from '../engine/document-id.js';
import { copySharedPartsFromSibling, sharedPartNames, sharedScalarColumns, siblingSharedColumns, syncSharedColumns, syncSharedParts } from '../engine/locale-rows.js';
import { isLocalizedType } from '../model/i18n.js';
import { ALL_LOCALES } from '../query/ast.js';
import { hashPlanPasswords } from './hash-passwords.js';
import { paginationMeta } from './pagination-meta.js';
import { documentLockKey, relationLockKeys } from './relation-locks.js';
import { applyTargets, resolveReferences } from './resolve-references.js';
import type { DeleteRead, DocumentData, DocumentRepository, Page, WriteHooks, WriteStatus } from './types.js';
import { assertUnique, fillUids, uniqueViolationError } from './unique-values.js';
import { validateData } from './validate-data.js';
import { refusedQueryValueError, refusedWriteValueError } from './refused-value.js';

/** `checkRequired`: check required attributes of a draft too, when the write creates the document (GraphQL v4's create) */
type CreateOptions = { author?: string; checkRequired?: boolean };
type UpdateOptions = { status: WriteStatus; unpublish?: boolean } & CreateOptions;

export function createRepository(ctx: EngineContext, schema: ContentType): DocumentRepository {
  const now = (): unknown => datetimeToDb(new Date(), ctx.dialect.name);
  const stampUid = changeStampOf(schema);
  const localized = isLocalizedType(schema);
  if (stampUid !== undefined) assertChangeStamp(ctx, stampUid);

  async function prepare(trx: EngineContext, data: DocumentData, isCreate: boolean, requireRequired: boolean, documentId: string | undefined, locale: string | undefined): Promise<WritePlan> {
    const { plan: validated, refs } = validateData(trx.registry, schema, data, { isCreate, requireRequired });
    const plan = await hashPlanPasswords(trx.registry, schema, validated);
    const targets = await resolveReferences(trx, refs);
    const scalars = { ...plan.scalars };
    if (isCreate) await fillUids(trx, schema, scalars, documentId, locale);
    const resolved = applyTargets(trx, schema.uid, { ...plan, scalars }, targets);
    // the other documents whose links this write changes (relation-locks.ts); a deadlock with a
    // writer taking them the other way round is retried by the write transaction
    await lockKeys(trx, relationLockKeys(trx.registry, schema.uid, resolved));
    return resolved;
  }

  /** Replaces the published row (of `locale`) by a fresh copy of the draft row. */
  async function publishRows(trx: EngineContext, documentId: string, locale: string | undefined): Promise<number | undefined> {
    const rows = await documentRows(trx, schema, documentId, locale);
    if (rows.draft === undefined) return rows.published;
    if (rows.published !== undefined) await deleteEntityRows(trx, schema, [rows.published]);
    await assertUniqueOnPublish(trx, rows.draft, documentId, locale);
    const published = await copyEntity(trx, schema, rows.draft, { published_at: now(), updated_at: now() });
    await syncSharedColumns(trx, schema, published);
    await syncSharedParts(trx, schema, published, sharedPartNames(schema));
    return published;
  }

  async function assertUniqueOnPublish(trx: EngineContext, draftRowId: number, documentId: string, locale: string | undefined): Promise<void> {
    const uniques = Object.values(schema.attributes).filter((a) => a.kind === 'scalar' && (a.unique || a.type === 'uid'));
    if (uniques.length === 0) return;
    const entry = (await loadEntriesByRowIds(trx, schema.uid, [draftRowId], { fields: uniques.map((a) => a.name), populate: [], status: 'draft' }))[0];
    const values = Object.fromEntries(uniques.map((a) => [a.name, entry?.[a.name]]));
    await assertUnique(trx, schema, values, documentId, true, locale);
  }

  /** Server-maintained creator relations, for types that keep them. */
  function withAuthor(plan: WritePlan, author: string | undefined, fields: readonly ('createdBy' | 'updatedBy')[]): WritePlan {
    if (author === undefined || !hasCreatorFields(schema)) return plan;
    const relations = { ...plan.relations };
    for (const field of fields) relations[field] = { set: [author] };
    return { ...plan, relations };
  }

  /** Single types hold one document; its rows share the documentId. */
  const singleDocumentId = (): Promise<string | null> => firstDocumentId(ctx, schema);

  async function readBack(trx: EngineContext, rowId: number | undefined, selection: Selection): Promise<Entry | null> {
    if (rowId === undefined) return null;
    return (await loadEntriesByRowIds(trx, schema.uid, [rowId], selection))[0] ?? null;
  }

  /**
   * One write transaction; a unique index refusing a row becomes the 400 the checks give. A write
   * that changed something replaces the type's change stamp inside the same transaction.
   * `hooks` (lifecycles) run inside it, before and after the work: `data` is what `before` handed
   * back, undefined without hooks.
   */
  async function write<T>(work: (trx: EngineContext, data: DocumentData | undefined) => Promise<T>, hooks?: WriteHooks): Promise<T> {
    try {
      return await inWriteTransaction(ctx, async (trx) => {
        const data = hooks?.before ? await hooks.before() : undefined;
        const result = await work(trx, data);
        if (hooks?.after) await hooks.after(result);
        if (stampUid !== undefined && result !== null && result !== false) await bumpChangeStamp(trx, stampUid);
        return result;
      });
    } catch (error) {
      throw refusedWriteValueError(ctx, schema, uniqueViolationError(ctx, schema, error));
    }
  }

  /** Serializes writers of one document; every write reads the document's rows after this. */
  // an id no database can hold names no document: nothing to lock (the lookup finds nothing)
  const lockDocument = async (trx: EngineContext, documentId: string): Promise<void> => {
    if (isPossibleDocumentId(documentId)) await lockKeys(trx, [documentLockKey(schema.uid, documentId)]);
  };

  /**
   * A new document, or (`existing`, localized types) a new locale version of a document: shared
   * attributes the data leaves out are taken from the document's other locales.
   */
  async function createIn(trx: EngineContext, data: DocumentData, status: PublicationStatus, options: CreateOptions, selection: Selection, existing?: string): Promise<Entry> {
    const publish = status === 'published' || !schema.draftAndPublish;
    const documentId = existing ?? newDocumentId();
    const locale = localeOf(selection);
    const requireRequired = publish || options.checkRequired === true;
    const plan = withAuthor(await prepare(trx, data, true, requireRequired, existing, locale), options.author, ['createdBy', 'updatedBy']);
    await assertUnique(trx, schema, plan.scalars, existing, publish && !schema.draftAndPublish, locale);
    const stamp = now();
    const columns = scalarColumns(trx, schema, plan.scalars);
    if (existing !== undefined && locale !== undefined) {
      const shared = await siblingSharedColumns(trx, schema, existing, locale);
      for (const [name, column] of sharedScalarColumns(schema)) if (!(name in data) && column in shared) columns[column] = shared[column];
    }
    const rowId = await insertRow(trx, schema.collectionName, {
      ...columns,
      document_id: documentId,
      ...(locale === undefined ? {} : { locale }),
      created_at: stamp,
      updated_at: stamp,
      published_at: schema.draftAndPublish ? null : stamp,
    });
    await writeEntityParts(trx, { schema, rowId, documentId }, plan);
    if (existing !== undefined && locale !== undefined) {
      await copySharedPartsFromSibling(trx, schema, rowId, new Set([...sharedPartNames(schema)].filter((name) => !(name in data))));
    }
    await syncSharedColumns(trx, schema, rowId);
    await syncSharedParts(trx, schema, rowId, new Set(Object.keys(data)));
    const readRow = schema.draftAndPublish && publish ? await publishRows(trx, documentId, locale) : rowId;
    const entry = await readBack(trx, readRow, { ...selection, status: publish ? 'published' : 'draft' });
    if (!entry) throw new Error(`created ${schema.uid} ${documentId} could not be read back`);
    return entry;
  }

  /** The update of a locked document; `status: 'keep'` publishes the change when the document is published. */
  async function updateIn(trx: EngineContext, documentId: string, data: DocumentData, options: UpdateOptions, selection: Selection): Promise<Entry | null> {
    const { unpublish = false, author } = options;
    const locale = localeOf(selection);
    const rows = await documentRows(trx, schema, documentId, locale);
    if (rows.all.length === 0) {
      // a localized document without this locale's version: the update creates it (Strapi 5)
      if (locale === undefined || (await documentRows(trx, schema, documentId)).all.length === 0) return null;
      return createIn(trx, data, options.status === 'keep' ? 'draft' : options.status, { author }, selection, documentId);
    }
    const status = options.status === 'keep' ? (rows.published !== undefined ? 'published' : 'draft') : options.status;
    const publish = status === 'published' || !schema.draftAndPublish;
    const plan = withAuthor(await prepare(trx, data, false, publish, documentId, locale), author, ['updatedBy']);
    let target = schema.draftAndPublish ? rows.draft : rows.all[0];
    if (target === undefined && rows.published !== undefined) {
      // A published document without a draft: edit a fresh draft made from it.
      target = await copyEntity(trx, schema, rows.published, { published_at: null });
    }
    if (target === undefined) return null;
    await assertUnique(trx, schema, plan.scalars, documentId, publish && !schema.draftAndPublish, locale);
    await updateScalars(trx, { schema, rowId: target, documentId }, plan.scalars, { updated_at: now() });
    await writeEntityParts(trx, { schema, rowId: target, documentId }, plan);
    await syncSharedColumns(trx, schema, target);
    await syncSharedParts(trx, schema, target, new Set(Object.keys(data)));
    if (unpublish && schema.draftAndPublish && rows.published !== undefined) await deleteEntityRows(trx, schema, [rows.published]);
    const readRow = schema.draftAndPublish && publish && !unpublish ? await publishRows(trx, documentId, locale) : target;
    return readBack(trx, readRow, { ...selection, status: publish ? 'published' : 'draft' });
  }

  /** Locks, lets `read` see the document as it is, then deletes it; null when it does not exist. */
  async function deleteIn<T>(trx: EngineContext, documentId: string, read: DeleteRead<T>, locale: string | undefined): Promise<{ value: T } | null> {
    await lockDocument(trx, documentId);
    const rows = await documentRows(trx, schema, documentId, locale);
    if (rows.all.length === 0) return null;
    const value = await read((sel) => findEntryByDocumentId(trx, schema.uid, documentId, sel));
    await deleteEntityRows(trx, schema, rows.all);
    // links name documents: they go with the document's last version only
    const remaining = locale === undefined || locale === ALL_LOCALES ? 0 : (await documentRows(trx, schema, documentId)).all.length;
    if (remaining === 0) await deleteIncomingLinks(trx, schema.uid, documentId, rows.all);
    return { value };
  }

  /** The locale a write or single read works on: localized types only. */
  function localeOf(selection: Pick<Selection, 'locale'> | undefined): string | undefined {
    return localized ? selection?.locale : undefined;
  }

  return {
    uid: schema.uid,

    async findPage(query: Query): Promise<Page> {
      const withCount = query.pagination.withCount;
      try {
        const [entries, total] = await Promise.all([
          findEntries(ctx, schema.uid, query),
          withCount ? countEntries(ctx, schema.uid, query.filters, query.status, query.locale) : Promise.resolve(undefined),
        ]);
        return { entries, pagination: paginationMeta(query.pagination, total) };
      } catch (error) {
        throw refusedQueryValueError(ctx, error);
      }
    },

    async count(filters: FilterNode | null, status: PublicationStatus, locale?: string): Promise<number> {
      try {
        return await countEntries(ctx, schema.uid, filters, status, locale);
      } catch (error) {
        throw refusedQueryValueError(ctx, error);
      }
    },

    findOne(documentId: string, selection: Selection): Promise<Entry | null> {
      return findEntryByDocumentId(ctx, schema.uid, documentId, selection);
    },

    singleDocumentId,

    async findSingle(selection: Selection): Promise<Entry | null> {
      const documentId = await singleDocumentId();
      return documentId === null ? null : findEntryByDocumentId(ctx, schema.uid, documentId, selection);
    },

    create(data: DocumentData, { status, ...options }: { status: PublicationStatus } & CreateOptions, selection: Selection, hooks?: WriteHooks): Promise<Entry> {
      return write((trx, replaced) => createIn(trx, replaced ?? data, status, options, selection), hooks);
    },

    update(documentId: string, data: DocumentData, options: UpdateOptions, selection: Selection, hooks?: WriteHooks): Promise<Entry | null> {
      return write(async (trx, replaced) => {
        await lockDocument(trx, documentId);
        return updateIn(trx, documentId, replaced ?? data, options, selection);
      }, hooks);
    },

    upsertSingle(input: DocumentData, options: UpdateOptions, selection: Selection, hooks?: WriteHooks): Promise<Entry> {
      return write(async (trx, replaced) => {
        const data = replaced ?? input;
        // Taken before looking: of two first writers, the second finds the first one's document.
        await lockKeys(trx, [`single:${schema.uid}`]);
        const existing = await firstDocumentId(trx, schema);
        if (existing === null) return createIn(trx, data, options.status === 'keep' ? 'draft' : options.status, options, selection);
        await lockDocument(trx, existing);
        const entry = await updateIn(trx, existing, data, options, selection);
        if (!entry) throw new Error(`single type ${schema.uid} ${existing} could not be read back`);
        return entry;
      }, hooks);
    },

    delete(documentId: string, locale?: string): Promise<boolean> {
      return write(async (trx) => (await deleteIn(trx, documentId, async () => true, localeOf({ locale }))) !== null);
    },

    deleteWith<T>(documentId: string, read: DeleteRead<T>, hooks?: WriteHooks, locale?: string): Promise<{ value: T } | null> {
      return write((trx) => deleteIn(trx, documentId, read, localeOf({ locale })), hooks);
    },

    deleteSingleWith<T>(read: DeleteRead<T>, hooks?: WriteHooks, locale?: string): Promise<{ value: T } | null> {
      return write(async (trx) => {
        await lockKeys(trx, [`single:${schema.uid}`]);
        const existing = await firstDocumentId(trx, schema);
        return existing === null ? null : deleteIn(trx, existing, read, localeOf({ locale }));
      }, hooks);
    },

    publish(documentId: string, selection: Selection, hooks?: WriteHooks): Promise<Entry | null> {
      return write(async (trx) => {
        if (!schema.draftAndPublish) return findEntryByDocumentId(trx, schema.uid, documentId, selection);
        await lockDocument(trx, documentId);
        const row = await publishRows(trx, documentId, localeOf(selection));
        return readBack(trx, row, { ...selection, status: 'published' });
      }, hooks);
    },

    unpublish(documentId: string, selection: Selection, hooks?: WriteHooks): Promise<Entry | null> {
      return write(async (trx) => {
        await lockDocument(trx, documentId);
        const rows = await documentRows(trx, schema, documentId, localeOf(selection));
        if (!schema.draftAndPublish || rows.published === undefined) return readBack(trx, rowForStatus(schema, rows, 'draft'), { ...selection, status: 'draft' });
        let draft = rows.draft;
        if (draft === undefined) draft = await copyEntity(trx, schema, rows.published, { published_at: null });
        await deleteEntityRows(trx, schema, [rows.published]);
        return readBack(trx, draft, { ...selection, status: 'draft' });
      }, hooks);
    },

    discardDraft(documentId: string, selection: Selection, hooks?: WriteHooks): Promise<Entry | null> {
      return write(async (trx) => {
        await lockDocument(trx, documentId);
        const rows = await documentRows(trx, schema, documentId, localeOf(selection));
        if (!schema.draftAndPublish || rows.published === undefined) return readBack(trx, rowForStatus(schema, rows, 'draft'), { ...selection, status: 'draft' });
        if (rows.draft !== undefined) await deleteEntityRows(trx, schema, [rows.draft]);
        const draft = await copyEntity(trx, schema, rows.published, { published_at: null, updated_at: now() });
        return readBack(trx, draft, { ...selection, status: 'draft' });
      }, hooks);
    },
  };
}
