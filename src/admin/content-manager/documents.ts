/**
 * One content type's document actions in the content manager: read, create, update, delete,
 * publish, unpublish and discard, each through the operation layer with the admin caller
 * (permissions, policies, middlewares, lifecycles, the cache), answering Strapi 5's
 * `{ data, meta: { availableLocales, availableStatus } }`. Single types pass `null` as
 * documentId: their one document.
 */
import { NotFoundError } from '../../errors/index.js';
import type { ContentType, Registry } from '../../model/types.js';
import type { TypeOperations } from '../../operations/operations.js';
import type { Caller, Entry } from '../../operations/types.js';
import type { PublicationStatus, Selection } from '../../query/ast.js';
import { documentVersions, EMPTY_META, metaOf, type DocumentMeta } from './document-meta.js';
import { editSelection } from './edit-selection.js';
import { adminStatus } from './list-query.js';
import { documentData, localeOf } from './request-input.js';

export interface DocumentAnswer {
  readonly data: Record<string, unknown>;
  readonly meta: DocumentMeta;
}

type Input = { readonly query: Record<string, unknown>; readonly body?: Record<string, unknown> };

export interface DocumentActions {
  get(caller: Caller, documentId: string | null, input: Input): Promise<DocumentAnswer>;
  /** `toPublish`: the create-and-publish route's draft (required attributes checked) */
  create(caller: Caller, input: Input, toPublish?: boolean): Promise<DocumentAnswer>;
  update(caller: Caller, documentId: string | null, input: Input): Promise<DocumentAnswer>;
  remove(caller: Caller, documentId: string | null, input: Input): Promise<{ data: Entry | null }>;
  publish(caller: Caller, documentId: string | null, input: Input): Promise<DocumentAnswer>;
  unpublish(caller: Caller, documentId: string | null, input: Input): Promise<DocumentAnswer>;
  discard(caller: Caller, documentId: string | null, input: Input): Promise<DocumentAnswer>;
}

export function documentActions(registry: Registry, ops: TypeOperations): DocumentActions {
  const schema: ContentType = ops.contentType;
  const selectionOf = (input: Input, status: PublicationStatus): Selection => editSelection(registry, schema, status, localeOf(schema, input.query, input.body));

  /** the entry with its status, and the meta of its document */
  const answer = async (caller: Caller, entry: Entry): Promise<DocumentAnswer> => {
    const versions = await documentVersions(ops, caller, String(entry.documentId));
    const { meta, status } = metaOf(schema, entry, versions);
    return { data: status === undefined ? entry : { ...entry, status }, meta };
  };
  const found = (entry: Entry | null): Entry => {
    if (entry === null) throw new NotFoundError();
    return entry;
  };
  /** a single type's one document id (a collection type's is the route's) */
  const idOf = async (caller: Caller, documentId: string | null, input: Input): Promise<string> => {
    if (documentId !== null) return documentId;
    const entry = await ops.findFirst(caller, { selection: { fields: [], populate: [], status: 'draft', ...localeSelection(input) } });
    return String(found(entry).documentId);
  };
  /** Unpublish and discard need a published version (Strapi: 404 without one); the permission is checked first. */
  const publishedIdOf = async (caller: Caller, documentId: string | null, input: Input, action: 'unpublish' | 'discardDraft'): Promise<string> => {
    await ops.check(caller, action);
    const id = await idOf(caller, documentId, input);
    if (!schema.draftAndPublish || (await ops.liveStatus(id, localeOf(schema, input.query, input.body))) !== 'published') throw new NotFoundError();
    return id;
  };
  const localeSelection = (input: Input): { locale?: string } => {
    const locale = localeOf(schema, input.query, input.body);
    return locale === undefined ? {} : { locale };
  };
  const update = async (caller: Caller, documentId: string | null, input: Input): Promise<Entry> =>
    found(await ops.update(caller, { documentId, data: documentData(input.body ?? {}), status: 'draft', selection: selectionOf(input, 'draft') }));

  return {
    async get(caller, documentId, input) {
      const selection = selectionOf(input, adminStatus(input.query.status));
      const entry = documentId === null
        ? await ops.findFirst(caller, { selection })
        : await ops.findOne(caller, { documentId, selection });
      if (entry !== null) return answer(caller, entry);
      // the document exists in other locales only: Strapi answers an empty version and their list
      const versions = documentId === null ? [] : await documentVersions(ops, caller, documentId);
      if (versions.length === 0) throw new NotFoundError();
      const { meta } = metaOf(schema, { locale: selection.locale, publishedAt: null }, versions);
      return { data: {}, meta: { ...meta, availableStatus: [] } };
    },
    async create(caller, input, toPublish = false) {
      // a draft to publish at once has its required attributes checked before anything is written
      const entry = await ops.create(caller, { data: documentData(input.body ?? {}), status: 'draft', selection: selectionOf(input, 'draft'), checkRequired: toPublish });
      return { data: schema.draftAndPublish ? { ...entry, status: 'draft' } : entry, meta: EMPTY_META };
    },
    async update(caller, documentId, input) {
      return answer(caller, await update(caller, documentId, input));
    },
    async remove(caller, documentId, input) {
      const deleted = await ops.delete(caller, { documentId, selection: selectionOf(input, 'draft'), ...localeSelection(input) });
      if (deleted === null) throw new NotFoundError();
      return { data: deleted.value };
    },
    async publish(caller, documentId, input) {
      // Strapi's Publish sends the form: it is saved first (a caller who may not publish is refused before anything is written)
      if (input.body !== undefined && Object.keys(documentData(input.body)).length > 0) {
        await ops.check(caller, 'publish');
        documentId = String((await update(caller, documentId, input)).documentId);
      }
      const id = await idOf(caller, documentId, input);
      return answer(caller, found(await ops.publish(caller, { documentId: id, selection: selectionOf(input, 'published'), ...localeSelection(input) })));
    },
    async unpublish(caller, documentId, input) {
      const id = await publishedIdOf(caller, documentId, input, 'unpublish');
      if (input.body?.discardDraft === true) await ops.discardDraft(caller, { documentId: id, selection: selectionOf(input, 'draft'), ...localeSelection(input) });
      return answer(caller, found(await ops.unpublish(caller, { documentId: id, selection: selectionOf(input, 'draft'), ...localeSelection(input) })));
    },
    async discard(caller, documentId, input) {
      const id = await publishedIdOf(caller, documentId, input, 'discardDraft');
      return answer(caller, found(await ops.discardDraft(caller, { documentId: id, selection: selectionOf(input, 'draft'), ...localeSelection(input) })));
    },
  };
}
