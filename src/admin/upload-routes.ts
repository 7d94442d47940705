/**
 * The media library's admin routes, as Strapi 5's upload plugin serves them to its admin panel
 * (`packages/core/upload/server/src/routes/admin.ts`), each an `operations.action` named by
 * Strapi's admin permission: `plugin::upload.read` (lists, a file, folders),
 * `plugin::upload.assets.create` (upload, new folder), `plugin::upload.assets.update` (file info,
 * replace, delete, folder changes, bulk delete and move). The files and folders they read are
 * operations of `plugin::upload.file` / `plugin::upload.folder` made inside the action (no caller,
 * as the admin's own services read them: the folder and `folderPath` are private to the content
 * API only); their writes are the upload and folder services', whose entry writes are operations.
 *
 * Strapi's shapes: a file list is `{ results, pagination: { page, pageSize, pageCount, total } }`,
 * a file is the bare file object (with `folder` and `folderPath`), folders and bulk actions answer
 * `{ data }`. Vellum adds `DELETE /upload/folders/:id`, `GET /upload/files/:id/usage` (the entries
 * using a file, for the delete warning) and `GET /upload/folder-structure` as Strapi's.
 */
import type { FastifyRequest } from 'fastify';
import { UPLOAD_FILE_UID, UPLOAD_FOLDER_UID } from '../model/built-in-types.js';
import { ApplicationError, NotFoundError, PayloadTooLargeError, ValidationError } from '../errors/index.js';
import type { Entry } from '../operations/types.js';
import type { AdminTransportContext } from '../transport/admin-context.js';
import { adminCallerOf as caller } from './admin-caller.js';
import type { FilterNode, Query } from '../query/ast.js';
import { parseQueryString } from '../query/parse-query-string.js';
import { parseRestQuery, type RestQueryContext } from '../query/parse-rest-query.js';
import { rowIdQuery } from '../query/row-id-query.js';
import { parseFileInfoValue, type FileInfo } from '../upload/file-info.js';
import { FOLDER_SELECTION, folderIdValue } from '../upload/folder-service.js';
import { limitCheckedStream } from '../upload/limit-checked-stream.js';
import { answeredFile, fileIdParam, formParts, malformedMultipart, stageUploadForm } from '../upload/multipart-form.js';
import type { StagedFile } from '../upload/upload-service.js';


const READ = 'plugin::upload.read';
const CREATE = 'plugin::upload.assets.create';
const UPDATE = 'plugin::upload.assets.update';

const FILE_SELECTION = { fields: null, populate: [], status: 'published' } as const;

/** the request's query string (qs, bounded) */
function queryOf(request: FastifyRequest): Record<string, unknown> {
  const url = request.raw.url ?? '';
  const index = url.indexOf('?');
  return index === -1 ? {} : parseQueryString(url.slice(index + 1));
}

/**
 * The admin panel's list parameters: `page` and `pageSize` at the top level (the content API's
 * `pagination[…]` works too) and the folder, as `folder=<id>` / `folder=root` or as Strapi's
 * panel sends it, an item `{ folder: { id } }` (or `{ folder: { id: { $null: true } } }`) of
 * `filters.$and`. Returns the query string without them and the folder asked for
 * (undefined: every folder; null: the root).
 */
function listParams(raw: Record<string, unknown>): { rest: Record<string, unknown>; folder: number | null | undefined } {
  const { page, pageSize, folder: folderParam, ...rest } = raw;
  let folder: number | null | undefined;
  if (folderParam !== undefined) folder = folderParam === 'root' || folderParam === 'null' || folderParam === '' ? null : folderIdValue(folderParam, 'folder');
  const filters = rest.filters;
  if (filters && typeof filters === 'object' && !Array.isArray(filters) && Array.isArray((filters as Record<string, unknown>).$and)) {
    const and = (filters as { $and: unknown[] }).$and;
    const kept = and.filter((item) => {
      if (!item || typeof item !== 'object' || Object.keys(item).length !== 1 || !('folder' in item)) return true;
      const id = (item as { folder: unknown }).folder;
      const value = id && typeof id === 'object' ? (id as Record<string, unknown>).id : undefined;
      folder = value && typeof value === 'object' && (value as Record<string, unknown>).$null !== undefined ? null : folderIdValue(value, 'filters.folder.id');
      return false;
    });
    rest.filters = { ...(filters as object), $and: kept };
  }
  if (page !== undefined || pageSize !== undefined) {
    const given = typeof rest.pagination === 'object' && rest.pagination !== null ? rest.pagination : {};
    rest.pagination = { ...given, ...(page === undefined ? {} : { page }), ...(pageSize === undefined ? {} : { pageSize }) };
  }
  return { rest, folder };
}

const and = (a: FilterNode | null, b: FilterNode): FilterNode => (a ? { kind: 'and', items: [a, b] } : b);

/** files directly in the folder at `path` (the root: `/`, or no path at all for files user code made) */
function inFolder(path: string | null): FilterNode {
  if (path !== null) return { kind: 'compare', field: 'folderPath', op: '$eq', value: path };
  return { kind: 'or', items: [{ kind: 'compare', field: 'folderPath', op: '$eq', value: '/' }, { kind: 'compare', field: 'folderPath', op: '$null', value: true }] };
}

/** The number lists of the bulk actions' bodies: absent is empty. */
function idList(body: Record<string, unknown>, key: string): number[] {
  const value = body[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new ValidationError(`${key} must be an array of ids`, { errors: [{ path: [key], message: 'must be an array of ids', name: 'ValidationError' }] });
  return value.map((item, index) => {
    const id = typeof item === 'string' && /^\d{1,10}$/.test(item) ? Number(item) : item;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) throw new ValidationError(`${key}[${index}] must be an id`, { errors: [{ path: [key, String(index)], message: 'must be an id', name: 'ValidationError' }] });
    return id;
  });
}

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new ValidationError('The body must be a JSON object');
  return body as Record<string, unknown>;
}

export function registerUploadAdminRoutes(ctx: AdminTransportContext): void {
  const { server, operations } = ctx;
  const { uploads, folders } = ctx.media;
  const limits: RestQueryContext = { registry: ctx.registry, rest: ctx.rest };
  const files = operations.forType(UPLOAD_FILE_UID);
  const folderOps = operations.forType(UPLOAD_FOLDER_UID);

  /** files as the admin panel shows them: signed URLs, their folder and folder path */
  async function answerFiles(entries: readonly Entry[]): Promise<Entry[]> {
    const placed = await folders.ofFiles(entries.map((entry) => entry.id));
    return Promise.all(entries.map(async (entry) => {
      const folder = placed.get(entry.id);
      const answered = answeredFile(await uploads.withAnsweredUrls(entry));
      return { ...answered, folder: folder ? { id: folder.id, documentId: folder.documentId, name: folder.name, pathId: folder.pathId, path: folder.path } : null, folderPath: folder?.path ?? '/' };
    }));
  }

  /** folders with Strapi's `children: { count }` and `files: { count }` */
  async function answerFolders(entries: readonly Entry[]): Promise<Entry[]> {
    const counts = await folders.counts(entries.map((entry) => String(entry.documentId)));
    return entries.map((entry) => {
      const count = counts.get(String(entry.documentId)) ?? { children: 0, files: 0 };
      return { ...entry, children: { count: count.children }, files: { count: count.files } };
    });
  }

  async function fileById(id: number): Promise<Entry> {
    const entry = (await files.findMany(null, { query: rowIdQuery(id, FILE_SELECTION) })).entries[0];
    if (!entry) throw new NotFoundError('File not found');
    return entry;
  }

  async function folderById(id: number): Promise<Entry> {
    const entry = (await folderOps.findMany(null, { query: rowIdQuery(id, FOLDER_SELECTION) })).entries[0];
    if (!entry) throw new NotFoundError('folder not found');
    return (await answerFolders([entry]))[0]!;
  }

  const listFiles = operations.action(READ, async ({ input }: { input: FastifyRequest }) => {
    const { rest, folder } = listParams(queryOf(input));
    const parsed = parseRestQuery(rest, UPLOAD_FILE_UID, limits);
    let query: Query = parsed;
    if (folder !== undefined) {
      const path = folder === null ? null : (await folderById(folder)).path;
      query = { ...parsed, filters: and(parsed.filters, inFolder(typeof path === 'string' ? path : null)) };
    }
    const page = await files.findMany(null, { query });
    return { results: await answerFiles(page.entries), pagination: page.pagination };
  });
  server.get('/upload/files', (request) => listFiles(caller(request), request));

  const oneFile = operations.action(READ, async ({ input }: { input: string }) => (await answerFiles([await fileById(fileIdParam(input))]))[0]);
  server.get<{ Params: { id: string } }>('/upload/files/:id', (request) => oneFile(caller(request), request.params.id));

  const usage = operations.action(READ, async ({ input }: { input: string }) => {
    const file = await fileById(fileIdParam(input));
    const uses = await folders.uses([file.id]);
    return { data: uses.map(({ uid, documentId, locale, status, field }) => ({ uid, documentId, locale, status, field })), meta: { total: uses.length } };
  });
  server.get<{ Params: { id: string } }>('/upload/files/:id/usage', (request) => usage(caller(request), request.params.id));

  const removeFile = operations.action(UPDATE, async ({ input }: { input: string }) => answerFiles([await uploads.remove(fileIdParam(input))]).then((list) => list[0]));
  server.delete<{ Params: { id: string } }>('/upload/files/:id', (request) => removeFile(caller(request), request.params.id));

  const upload = operations.action(CREATE, async ({ input: request }: { input: FastifyRequest }) => {
    if (!request.isMultipart()) throw new ValidationError('The request is not multipart (use multipart/form-data with a `files` field)');
    const { staged, infos } = await stageUploadForm(request, uploads, { withFolder: true });
    // commit removes what it stored itself when it fails
    return answerFiles(await uploads.commit(staged, infos));
  });

  /** `?id=`: with a file, its bytes are replaced; without, its info changes (Strapi's one route for both) */
  const updateOrReplace = operations.action(UPDATE, async ({ input }: { input: { id: number; request: FastifyRequest } }) => {
    const { id, request } = input;
    if (!request.isMultipart()) return answerFiles([await uploads.updateInfo(id, parseFileInfoValue(bodyOf(request).fileInfo, true))]).then((list) => list[0]);
    let file: StagedFile | undefined;
    let info: FileInfo = {};
    try {
      for await (const part of formParts(request)) {
        if (part.type === 'file') {
          if (file !== undefined) throw new ApplicationError('Cannot replace a file with multiple ones');
          file = await uploads.stage({ filename: part.filename, mime: part.mimetype, stream: limitCheckedStream(part.file, undefined, malformedMultipart) }, info);
        } else if (part.fieldname === 'fileInfo') {
          if (part.valueTruncated) throw new PayloadTooLargeError('fileInfo is too large');
          info = parseFileInfoValue(String(part.value), true);
        }
      }
    } catch (error) {
      if (file) await uploads.discard([file]);
      throw error;
    }
    const updated = file === undefined ? await uploads.updateInfo(id, info) : await uploads.replace(id, file, info);
    return (await answerFiles([updated]))[0];
  });

  server.post<{ Querystring: Record<string, unknown> }>('/upload', async (request, reply) => {
    const rawId = (request.query ?? {}).id;
    if (rawId !== undefined) {
      if (typeof rawId !== 'string' || rawId === '') throw new ValidationError('File id is required and must be a single value', { errors: [{ path: ['id'], message: 'must be a single file id', name: 'ValidationError' }] });
      return updateOrReplace(caller(request), { id: fileIdParam(rawId), request });
    }
    return reply.code(201).send(await upload(caller(request), request));
  });

  // folders
  const listFolders = operations.action(READ, async ({ input }: { input: FastifyRequest }) => {
    const parsed = parseRestQuery(queryOf(input), UPLOAD_FOLDER_UID, limits);
    const page = await folderOps.findMany(null, { query: { ...parsed, fields: null, populate: FOLDER_SELECTION.populate } });
    return { data: await answerFolders(page.entries), meta: { pagination: page.pagination } };
  });
  server.get('/upload/folders', (request) => listFolders(caller(request), request));

  const oneFolder = operations.action(READ, async ({ input }: { input: string }) => ({ data: await folderById(folderIdParam(input)) }));
  server.get<{ Params: { id: string } }>('/upload/folders/:id', (request) => oneFolder(caller(request), request.params.id));

  const structure = operations.action(READ, async () => ({ data: await folders.tree() }));
  server.get('/upload/folder-structure', (request) => structure(caller(request), undefined));

  const createFolder = operations.action(CREATE, async ({ input }: { input: Record<string, unknown> }) => {
    const created = await folders.create(onlyKeys(input, ['name', 'parent']));
    return { data: await folderById(created.id) };
  });
  server.post('/upload/folders', async (request, reply) => reply.code(201).send(await createFolder(caller(request), bodyOf(request))));

  const updateFolder = operations.action(UPDATE, async ({ input }: { input: { id: string; body: Record<string, unknown> } }) => {
    const updated = await folders.update(folderIdParam(input.id), onlyKeys(input.body, ['name', 'parent']));
    return { data: await folderById(updated.id) };
  });
  server.put<{ Params: { id: string } }>('/upload/folders/:id', (request) => updateFolder(caller(request), { id: request.params.id, body: bodyOf(request) }));

  const deleteFolder = operations.action(UPDATE, async ({ input }: { input: string }) => {
    const id = folderIdParam(input);
    await folderById(id);
    const { folders: removed } = await folders.deleteMany([id], []);
    return { data: removed[0] };
  });
  server.delete<{ Params: { id: string } }>('/upload/folders/:id', (request) => deleteFolder(caller(request), request.params.id));

  const bulkDelete = operations.action(UPDATE, async ({ input }: { input: Record<string, unknown> }) => {
    const body = onlyKeys(input, ['fileIds', 'folderIds']);
    const removed = await folders.deleteMany(idList(body, 'folderIds'), idList(body, 'fileIds'));
    return { data: { files: await answerFiles(removed.files), folders: removed.folders } };
  });
  server.post('/upload/actions/bulk-delete', (request) => bulkDelete(caller(request), bodyOf(request)));

  const bulkMove = operations.action(UPDATE, async ({ input }: { input: Record<string, unknown> }) => {
    const body = onlyKeys(input, ['fileIds', 'folderIds', 'destinationFolderId']);
    if (body.destinationFolderId === undefined) throw new ValidationError('destinationFolderId is required (null: the root)', { errors: [{ path: ['destinationFolderId'], message: 'required', name: 'ValidationError' }] });
    const fileIds = idList(body, 'fileIds');
    const folderIds = idList(body, 'folderIds');
    await folders.moveMany({ fileIds, folderIds, destinationFolderId: folderIdValue(body.destinationFolderId, 'destinationFolderId') });
    const movedFiles = fileIds.length === 0 ? [] : (await files.findMany(null, { query: idsQuery(fileIds) })).entries;
    const movedFolders = folderIds.length === 0 ? [] : (await folderOps.findMany(null, { query: { ...idsQuery(folderIds), populate: FOLDER_SELECTION.populate } })).entries;
    return { data: { files: await answerFiles(movedFiles), folders: await answerFolders(movedFolders) } };
  });
  server.post('/upload/actions/bulk-move', (request) => bulkMove(caller(request), bodyOf(request)));
}

/** a folder id from the path: a route that names no folder is a 404 */
function folderIdParam(raw: string): number {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) > 2_147_483_647 || Number(raw) < 1) throw new NotFoundError('folder not found');
  return Number(raw);
}

/** Strapi's `noUnknown()`: a key the route does not take is a 400 naming it */
function onlyKeys(body: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  for (const key of Object.keys(body)) {
    if (!keys.includes(key)) throw new ValidationError(`Unknown key ${key} (expected ${keys.join(', ')})`, { errors: [{ path: [key], message: 'this field has unspecified keys', name: 'ValidationError' }] });
  }
  return body;
}

/** the rows with these ids, every one of them on one page */
function idsQuery(ids: readonly number[]): Query {
  return {
    filters: { kind: 'compare', field: 'id', op: '$in', value: [...ids] },
    sort: [{ path: ['id'], order: 'asc' }],
    pagination: { kind: 'offset', start: 0, limit: ids.length, withCount: false },
    fields: null,
    populate: [],
    status: 'published',
  };
}
