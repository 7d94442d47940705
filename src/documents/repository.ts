/**
 * The document repository: reads through the engine, writes in one transaction each
 * (validate → check references → rows, components, relations, media → read back).
 */
import { datetimeToDb } from '../db/values.js';
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
import { newDocumentId } from './document-id.js';
import { hashPlanPasswords } from './hash-passwords.js';
import { documentRows, rowForStatus } from './document-rows.js';
import { paginationMeta } from './pagination-meta.js';
import { applyTargets, resolveReferences } from './resolve-references.js';
import type { DocumentData, DocumentRepository, Page } from './types.js';
import { assertUnique, fillUids } from './unique-values.js';
import { validateData } from './validate-data.js';

export function createRepository(ctx: EngineContext, schema: ContentType): DocumentRepository {
  const now = (): unknown => datetimeToDb(new Date(), ctx.dialect.name);
  const inTransaction = <T>(work: (trx: EngineContext) => Promise<T>): Promise<T> =>
    ctx.knex.transaction((knex) => work({ ...ctx, knex }));

  async function prepare(trx: EngineContext, data: DocumentData, isCreate: boolean, requireRequired: boolean, documentId: string | undefined): Promise<WritePlan> {
    const { plan: validated, refs } = validateData(trx.registry, schema, data, { isCreate, requireRequired });
    const plan = await hashPlanPasswords(trx.registry, schema, validated);
    const targets = await resolveReferences(trx, refs);
    const scalars = { ...plan.scalars };
    if (isCreate) await fillUids(trx, schema, scalars, documentId);
    return applyTargets(trx, schema.uid, { ...plan, scalars }, targets);
  }

  /** Replaces the published row by a fresh copy of the draft row. */
  async function publishRows(trx: EngineContext, documentId: string): Promise<number | undefined> {
    const rows = await documentRows(trx, schema, documentId);
    if (rows.draft === undefined) return rows.published;
    if (rows.published !== undefined) await deleteEntityRows(trx, schema, [rows.published]);
    await assertUniqueOnPublish(trx, rows.draft, documentId);
    return copyEntity(trx, schema, rows.draft, { published_at: now(), updated_at: now() });
  }

  async function assertUniqueOnPublish(trx: EngineContext, draftRowId: number, documentId: string): Promise<void> {
    const uniques = Object.values(schema.attributes).filter((a) => a.kind === 'scalar' && (a.unique || a.type === 'uid'));
    if (uniques.length === 0) return;
    const entry = (await loadEntriesByRowIds(trx, schema.uid, [draftRowId], { fields: uniques.map((a) => a.name), populate: [], status: 'draft' }))[0];
    const values = Object.fromEntries(uniques.map((a) => [a.name, entry?.[a.name]]));
    await assertUnique(trx, schema, values, documentId, true);
  }

  /** Server-maintained creator relations, for types that keep them. */
  function withAuthor(plan: WritePlan, author: string | undefined, fields: readonly ('createdBy' | 'updatedBy')[]): WritePlan {
    if (author === undefined || !hasCreatorFields(schema)) return plan;
    const relations = { ...plan.relations };
    for (const field of fields) relations[field] = { set: [author] };
    return { ...plan, relations };
  }

  /** Single types hold one document; its rows share the documentId. */
  async function singleDocumentId(): Promise<string | null> {
    const row = (await ctx.knex(schema.collectionName).first('document_id').orderBy('id')) as { document_id: unknown } | undefined;
    return row ? String(row.document_id) : null;
  }

  async function readBack(trx: EngineContext, rowId: number | undefined, selection: Selection): Promise<Entry | null> {
    if (rowId === undefined) return null;
    return (await loadEntriesByRowIds(trx, schema.uid, [rowId], selection))[0] ?? null;
  }

  return {
    uid: schema.uid,

    async findPage(query: Query): Promise<Page> {
      const withCount = query.pagination.withCount;
      const [entries, total] = await Promise.all([
        findEntries(ctx, schema.uid, query),
        withCount ? countEntries(ctx, schema.uid, query.filters, query.status) : Promise.resolve(undefined),
      ]);
      return { entries, pagination: paginationMeta(query.pagination, total) };
    },

    count(filters: FilterNode | null, status: PublicationStatus): Promise<number> {
      return countEntries(ctx, schema.uid, filters, status);
    },

    findOne(documentId: string, selection: Selection): Promise<Entry | null> {
      return findEntryByDocumentId(ctx, schema.uid, documentId, selection);
    },

    singleDocumentId,

    async findSingle(selection: Selection): Promise<Entry | null> {
      const documentId = await singleDocumentId();
      return documentId === null ? null : findEntryByDocumentId(ctx, schema.uid, documentId, selection);
    },

    create(data: DocumentData, { status, author }: { status: PublicationStatus; author?: string }, selection: Selection): Promise<Entry> {
      return inTransaction(async (trx) => {
        const publish = status === 'published' || !schema.draftAndPublish;
        const documentId = newDocumentId();
        const plan = withAuthor(await prepare(trx, data, true, publish, undefined), author, ['createdBy', 'updatedBy']);
        await assertUnique(trx, schema, plan.scalars, undefined, publish && !schema.draftAndPublish);
        const stamp = now();
        const rowId = await insertRow(trx, schema.collectionName, {
          ...scalarColumns(trx, schema, plan.scalars),
          document_id: documentId,
          created_at: stamp,
          updated_at: stamp,
          published_at: schema.draftAndPublish ? null : stamp,
        });
        await writeEntityParts(trx, { schema, rowId, documentId }, plan);
        const readRow = schema.draftAndPublish && publish ? await publishRows(trx, documentId) : rowId;
        const entry = await readBack(trx, readRow, { ...selection, status: publish ? 'published' : 'draft' });
        if (!entry) throw new Error(`created ${schema.uid} ${documentId} could not be read back`);
        return entry;
      });
    },

    update(documentId: string, data: DocumentData, { status, unpublish = false, author }: { status: PublicationStatus; unpublish?: boolean; author?: string }, selection: Selection): Promise<Entry | null> {
      return inTransaction(async (trx) => {
        const rows = await documentRows(trx, schema, documentId);
        if (rows.all.length === 0) return null;
        const publish = status === 'published' || !schema.draftAndPublish;
        const plan = withAuthor(await prepare(trx, data, false, publish, documentId), author, ['updatedBy']);
        let target = schema.draftAndPublish ? rows.draft : rows.all[0];
        if (target === undefined && rows.published !== undefined) {
          // A published document without a draft: edit a fresh draft made from it.
          target = await copyEntity(trx, schema, rows.published, { published_at: null });
        }
        if (target === undefined) return null;
        await assertUnique(trx, schema, plan.scalars, documentId, publish && !schema.draftAndPublish);
        await updateScalars(trx, { schema, rowId: target, documentId }, plan.scalars, { updated_at: now() });
        await writeEntityParts(trx, { schema, rowId: target, documentId }, plan);
        if (unpublish && schema.draftAndPublish && rows.published !== undefined) await deleteEntityRows(trx, schema, [rows.published]);
        const readRow = schema.draftAndPublish && publish && !unpublish ? await publishRows(trx, documentId) : target;
        return readBack(trx, readRow, { ...selection, status: publish ? 'published' : 'draft' });
      });
    },

    delete(documentId: string): Promise<boolean> {
      return inTransaction(async (trx) => {
        const rows = await documentRows(trx, schema, documentId);
        if (rows.all.length === 0) return false;
        await deleteEntityRows(trx, schema, rows.all);
        await deleteIncomingLinks(trx, schema.uid, documentId, rows.all);
        return true;
      });
    },

    publish(documentId: string, selection: Selection): Promise<Entry | null> {
      return inTransaction(async (trx) => {
        if (!schema.draftAndPublish) return findEntryByDocumentId(trx, schema.uid, documentId, selection);
        const row = await publishRows(trx, documentId);
        return readBack(trx, row, { ...selection, status: 'published' });
      });
    },

    unpublish(documentId: string, selection: Selection): Promise<Entry | null> {
      return inTransaction(async (trx) => {
        const rows = await documentRows(trx, schema, documentId);
        if (!schema.draftAndPublish || rows.published === undefined) return readBack(trx, rowForStatus(schema, rows, 'draft'), { ...selection, status: 'draft' });
        let draft = rows.draft;
        if (draft === undefined) draft = await copyEntity(trx, schema, rows.published, { published_at: null });
        await deleteEntityRows(trx, schema, [rows.published]);
        return readBack(trx, draft, { ...selection, status: 'draft' });
      });
    },

    discardDraft(documentId: string, selection: Selection): Promise<Entry | null> {
      return inTransaction(async (trx) => {
        const rows = await documentRows(trx, schema, documentId);
        if (!schema.draftAndPublish || rows.published === undefined) return readBack(trx, rowForStatus(schema, rows, 'draft'), { ...selection, status: 'draft' });
        if (rows.draft !== undefined) await deleteEntityRows(trx, schema, [rows.draft]);
        const draft = await copyEntity(trx, schema, rows.published, { published_at: null, updated_at: now() });
        return readBack(trx, draft, { ...selection, status: 'draft' });
      });
    },
  };
}
