/**
 * Media routes, as Strapi 5's upload plugin serves them: `POST /api/upload` (multipart `files`,
 * optional `fileInfo` JSON per file, optional `ref`/`refId`/`field` linking the files to an
 * entry), `POST /api/upload?id=<id>` (a file's info), `GET /api/upload/files[/:id]`,
 * `DELETE /api/upload/files/:id`. File lists are plain arrays, as in Strapi; every file object
 * carries `isUrlSigned`, as Strapi's: false for public URLs, true (and pre-signed URLs) with a
 * private provider (`upload/sign-media.ts`).
 */
import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import type { TransportContext } from '../transport/transport-context.js';
import { routeSettingsOf } from '../transport/route-settings.js';
import { UPLOAD_FILE_UID } from '../model/built-in-types.js';
import { NotFoundError, PayloadTooLargeError, ValidationError } from '../errors/index.js';
import { parseRestQuery } from '../query/parse-rest-query.js';
import { parseFileInfoField, parseFileInfoValue } from '../upload/file-info.js';
import { answeredFile as shape, fileIdParam as fileId, stageUploadForm } from '../upload/multipart-form.js';
import type { LinkFields } from '../upload/link-files.js';
import { type FileInfo, type UploadService } from '../upload/upload-service.js';
import { requestQuery } from './request-query.js';
import type { Caller, Entry } from '../operations/types.js';
import { rowIdQuery } from '../query/row-id-query.js';
import type { Selection } from '../query/ast.js';
import { callerOf as caller } from './request-caller.js';

const LINK_FIELDS = new Set(['ref', 'refId', 'field']);

/** `?id=` of `POST /api/upload`: one file id, as Strapi requires */
function updatedFileId(raw: unknown): number | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || raw === '') throw new ValidationError('File id is required and must be a single value', { errors: [{ path: ['id'], message: 'must be a single file id', name: 'ValidationError' }] });
  return fileId(raw);
}

type UploadRequest = FastifyRequest<{ Querystring: Record<string, unknown> }>;

/** a file by id answers its own attributes (formats included), as Strapi's findOne */
const FILE_SELECTION: Selection = { fields: null, populate: [], status: 'published' };

export function registerUploadRoutes(ctx: TransportContext, uploads: UploadService): void {
  const { server, operations } = ctx;
  const answer = async (entry: Entry): Promise<Entry> => shape(await uploads.withAnsweredUrls(entry));
  const answerAll = (entries: readonly Entry[]): Promise<Entry[]> => Promise.all(entries.map(answer));
  // what the project changed on these routes (strapi/plugin-extensions.ts): served or not, auth, policies, middlewares
  const routes = routeSettingsOf(ctx.builtInRoutes);
  const files = operations.forType(UPLOAD_FILE_UID, { findMany: routes.of('GET', '/upload/files') });
  // a file by row id: a one-entry list under `findOne`, as `/users/:id`
  const filesById = operations.forType(UPLOAD_FILE_UID, { findMany: { auth: { scope: [`${UPLOAD_FILE_UID}.findOne`] }, ...routes.of('GET', '/upload/files/:id') } });

  // Strapi: `?id=` with no file updates the file's info (a file with it would replace the bytes)
  const updateInfo = operations.action(`${UPLOAD_FILE_UID}.update`, async ({ input }: { input: { id: number; request: UploadRequest } }) => {
    const { request } = input;
    const info = request.isMultipart() ? await fileInfoOfForm(request.parts()) : parseFileInfoValue((request.body as Record<string, unknown> | undefined)?.fileInfo);
    return uploads.updateInfo(input.id, info);
  }, routes.of('POST', '/upload'));

  const upload = operations.action(`${UPLOAD_FILE_UID}.create`, async ({ caller: who, input: request }: { caller: Caller; input: UploadRequest }) => {
    if (!request.isMultipart()) throw new ValidationError('The request is not multipart (use multipart/form-data with a `files` field)');
    // Each file streams to the provider as its part arrives; the entries are written once the
    // whole form is read (`fileInfo` may follow the files). Whatever fails first, the bytes
    // stored so far are removed.
    const link: Record<string, string> = {};
    const { staged, infos } = await stageUploadForm(request, uploads, {
      field(name, value) {
        if (LINK_FIELDS.has(name)) link[name] = value;
      },
    });
    try {
      // linking writes to the entry: the caller must be allowed to update it (Strapi does not ask)
      if (link.ref !== undefined && ctx.registry.contentTypes.has(link.ref)) await operations.forType(link.ref).check(who, 'update');
    } catch (error) {
      await uploads.discard(staged);
      throw error;
    }
    // commit removes what it stored itself when it fails
    return uploads.commit(staged, infos, link as LinkFields);
  }, routes.of('POST', '/upload'));

  // the id is read after the permission check, as every route's input
  const remove = operations.action(`${UPLOAD_FILE_UID}.delete`, ({ input }: { input: string }) => uploads.remove(fileId(input)), routes.of('DELETE', '/upload/files/:id'));

  if (routes.served('POST', '/upload')) server.post<{ Querystring: Record<string, unknown> }>('/upload', async (request, reply) => {
    const id = updatedFileId((request.query ?? {}).id);
    if (id !== undefined) return answer(await updateInfo(caller(request), { id, request }));
    return reply.code(201).send(await answerAll(await upload(caller(request), request)));
  });

  const list = files.prepare('findMany', (request: FastifyRequest) => ({ query: parseRestQuery(requestQuery(request), UPLOAD_FILE_UID, { registry: ctx.registry, rest: ctx.rest }) }));
  if (routes.served('GET', '/upload/files')) server.get('/upload/files', async (request) => answerAll((await list(caller(request), request)).entries));

  const one = filesById.prepare('findMany', (request: FastifyRequest<{ Params: { id: string } }>) => ({ query: rowIdQuery(fileId(request.params.id), FILE_SELECTION) }));
  if (routes.served('GET', '/upload/files/:id')) server.get<{ Params: { id: string } }>('/upload/files/:id', async (request) => {
    const entry = (await one(caller(request), request)).entries[0];
    if (!entry) throw new NotFoundError('File not found');
    return answer(entry);
  });

  if (routes.served('DELETE', '/upload/files/:id')) server.delete<{ Params: { id: string } }>('/upload/files/:id', async (request) => answer(await remove(caller(request), request.params.id)));
}

/** the `fileInfo` of a multipart `POST /api/upload?id=` (files are not accepted there) */
async function fileInfoOfForm(parts: AsyncIterableIterator<Multipart>): Promise<FileInfo> {
  let info: FileInfo = {};
  for await (const part of parts) {
    if (part.type === 'file') throw new ValidationError('Replacing the bytes of a file is not supported: upload a new file', { errors: [{ path: ['files'], message: 'replacing a file is not supported', name: 'ValidationError' }] });
    if (part.fieldname === 'fileInfo') {
      if (part.valueTruncated) throw new PayloadTooLargeError('fileInfo is too large');
      const [first, ...rest] = parseFileInfoField(String(part.value));
      if (rest.length > 0) throw new ValidationError('fileInfo must be one object when updating a file', { errors: [{ path: ['fileInfo'], message: 'must be one object', name: 'ValidationError' }] });
      info = first ?? {};
    }
  }
  return info;
}
