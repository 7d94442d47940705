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
import { UPLOAD_FILE_UID } from '../model/built-in-types.js';
import { NotFoundError, PayloadTooLargeError, ValidationError, type VellumError } from '../errors/index.js';
import { toVellumError } from '../errors/to-vellum-error.js';
import { parseRestQuery } from '../query/parse-rest-query.js';
import { parseFileInfoField, parseFileInfoValue } from '../upload/file-info.js';
import { limitCheckedStream } from '../upload/limit-checked-stream.js';
import type { LinkFields } from '../upload/link-files.js';
import { type FileInfo, type StagedFile, type UploadService } from '../upload/upload-service.js';
import type { Entry } from '../engine/types.js';
import { requestQuery } from './request-query.js';

/**
 * What the multipart parser (busboy) throws for a body it cannot read: no boundary in the content
 * type, a body that ends inside a part. Busboy gives these errors no code, so they are recognised
 * by where they come from (the parser's iterator and its part streams), never by their text; the
 * limits it reports through @fastify/multipart carry codes and keep their own mapping.
 */
function malformedMultipart(error: unknown): VellumError {
  const known = toVellumError(error);
  if (known) return known;
  const reason = error instanceof Error ? error.message : String(error);
  return new ValidationError(`Malformed multipart body: ${reason}`, { errors: [{ path: [], message: reason, name: 'ValidationError' }] });
}

/** The request's parts; whatever the parser fails with is a 4xx (the client sent the body). */
async function* formParts(request: FastifyRequest): AsyncGenerator<Multipart> {
  const parts = request.parts();
  let done = false;
  try {
    while (!done) {
      let next: IteratorResult<Multipart>;
      try {
        next = await parts.next();
      } catch (error) {
        done = true;
        throw malformedMultipart(error);
      }
      done = next.done === true;
      if (!done) yield next.value as Multipart;
    }
  } finally {
    // the handler stopped early (it threw): let the parser drop the rest, as for-await would
    if (!done) await parts.return?.();
  }
}

/** ids are 32-bit in every database: a larger number names no file (and PostgreSQL would refuse it, a 500) */
const MAX_ROW_ID = 2_147_483_647;

function fileId(raw: string): number {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) > MAX_ROW_ID) throw new NotFoundError('File not found');
  return Number(raw);
}

const TIMESTAMPS = ['createdAt', 'updatedAt', 'publishedAt'];

/**
 * A file as Strapi answers it: the timestamps after the file's own attributes, then
 * `isUrlSigned`, which Strapi adds to every file it answers with (true only for the signed URLs
 * of a private provider).
 */
function shape(entry: Entry): Entry {
  const rest = Object.fromEntries(Object.entries(entry).filter(([key]) => !TIMESTAMPS.includes(key) && key !== 'isUrlSigned'));
  const times = Object.fromEntries(TIMESTAMPS.filter((key) => key in entry).map((key) => [key, entry[key]]));
  return { ...rest, ...times, id: entry.id, isUrlSigned: entry.isUrlSigned === true };
}

const LINK_FIELDS = new Set(['ref', 'refId', 'field']);

/** `?id=` of `POST /api/upload`: one file id, as Strapi requires */
function updatedFileId(raw: unknown): number | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || raw === '') throw new ValidationError('File id is required and must be a single value', { errors: [{ path: ['id'], message: 'must be a single file id', name: 'ValidationError' }] });
  return fileId(raw);
}

export function registerUploadRoutes(ctx: TransportContext, uploads: UploadService): void {
  const { server } = ctx;
  const answer = async (entry: Entry): Promise<Entry> => shape(await uploads.withAnsweredUrls(entry));
  const answerAll = (entries: readonly Entry[]): Promise<Entry[]> => Promise.all(entries.map(answer));

  server.post<{ Querystring: Record<string, unknown> }>('/upload', async (request, reply) => {
    const id = updatedFileId((request.query ?? {}).id);
    if (id !== undefined) {
      // Strapi: `?id=` with no file updates the file's info (a file with it would replace the bytes)
      await ctx.authorize(request, 'update', UPLOAD_FILE_UID);
      const info = request.isMultipart() ? await fileInfoOfForm(request.parts()) : parseFileInfoValue((request.body as Record<string, unknown> | undefined)?.fileInfo);
      return answer(await uploads.updateInfo(id, info));
    }
    await ctx.authorize(request, 'create', UPLOAD_FILE_UID);
    if (!request.isMultipart()) throw new ValidationError('The request is not multipart (use multipart/form-data with a `files` field)');
    // Each file streams to the provider as its part arrives; the entries are written once the
    // whole form is read (`fileInfo` may follow the files). Whatever fails first, the bytes
    // stored so far are removed.
    const staged: StagedFile[] = [];
    const infos: FileInfo[] = [];
    const link: Record<string, string> = {};
    try {
      for await (const part of formParts(request)) {
        if (part.type === 'file') {
          if (part.fieldname !== 'files') throw new ValidationError(`Unexpected file field ${part.fieldname}; files go in \`files\``, { errors: [{ path: [part.fieldname], message: 'files go in `files`', name: 'ValidationError' }] });
          staged.push(await uploads.stage({ filename: part.filename, mime: part.mimetype, stream: limitCheckedStream(part.file, undefined, malformedMultipart) }, infos[staged.length]));
        } else if (part.fieldname === 'fileInfo') {
          if (part.valueTruncated) throw new PayloadTooLargeError('fileInfo is too large', { errors: [{ path: ['fileInfo'], message: 'fileInfo is too large', name: 'PayloadTooLargeError' }] });
          infos.push(...parseFileInfoField(String(part.value)));
        } else if (LINK_FIELDS.has(part.fieldname)) {
          link[part.fieldname] = String(part.value);
        }
      }
      // linking writes to the entry: the caller must be allowed to update it (Strapi does not ask)
      if (link.ref !== undefined && ctx.registry.contentTypes.has(link.ref)) await ctx.authorize(request, 'update', link.ref);
    } catch (error) {
      await uploads.discard(staged);
      throw error;
    }
    // commit removes what it stored itself when it fails
    const created = await uploads.commit(staged, infos, link as LinkFields);
    return reply.code(201).send(await answerAll(created));
  });

  server.get('/upload/files', async (request) => {
    await ctx.authorize(request, 'find', UPLOAD_FILE_UID);
    const parsed = parseRestQuery(requestQuery(request), UPLOAD_FILE_UID, { registry: ctx.registry, rest: ctx.rest });
    const query = await ctx.auth.sanitizeQuery(request, UPLOAD_FILE_UID, parsed, 'find');
    return answerAll((await ctx.repository(UPLOAD_FILE_UID).findPage(query)).entries);
  });

  server.get<{ Params: { id: string } }>('/upload/files/:id', async (request) => {
    await ctx.authorize(request, 'findOne', UPLOAD_FILE_UID);
    const entry = await uploads.findById(fileId(request.params.id));
    if (!entry) throw new NotFoundError('File not found');
    return answer(entry);
  });

  server.delete<{ Params: { id: string } }>('/upload/files/:id', async (request) => {
    await ctx.authorize(request, 'delete', UPLOAD_FILE_UID);
    return answer(await uploads.remove(fileId(request.params.id)));
  });
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
