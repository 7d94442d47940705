/**
 * What the media routes of both HTTP APIs (the content API's `/api/upload`, the admin API's
 * `/upload`) share of a multipart request and of the file they answer: the form's parts with
 * parser failures as 4xx, a file id from the path, and a file shaped as Strapi answers it.
 */
import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { NotFoundError, PayloadTooLargeError, ValidationError, type VellumError } from '../errors/index.js';
import { toVellumError } from '../errors/to-vellum-error.js';
import type { Entry } from '../engine/types.js';
import { parseFileInfoField, type FileInfo } from './file-info.js';
import { limitCheckedStream } from './limit-checked-stream.js';
import type { StagedFile, UploadService } from './upload-service.js';

/**
 * What the multipart parser (busboy) throws for a body it cannot read: no boundary in the content
 * type, a body that ends inside a part. Busboy gives these errors no code, so they are recognised
 * by where they come from (the parser's iterator and its part streams), never by their text; the
 * limits it reports through @fastify/multipart carry codes and keep their own mapping.
 */
export function malformedMultipart(error: unknown): VellumError {
  const known = toVellumError(error);
  if (known) return known;
  const reason = error instanceof Error ? error.message : String(error);
  return new ValidationError(`Malformed multipart body: ${reason}`, { errors: [{ path: [], message: reason, name: 'ValidationError' }] });
}

/** The request's parts; whatever the parser fails with is a 4xx (the client sent the body). */
export async function* formParts(request: FastifyRequest): AsyncGenerator<Multipart> {
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

/**
 * An upload form (`files`, `fileInfo`): each file streams to the provider as its part arrives;
 * `fileInfo` may follow the files, so the entries are the caller's to write once the whole form is
 * read. Other fields go to `field`. Whatever fails first, the bytes stored so far are removed.
 */
export async function stageUploadForm(
  request: FastifyRequest,
  uploads: Pick<UploadService, 'stage' | 'discard'>,
  options: { readonly withFolder?: boolean; field?(name: string, value: string): void } = {},
): Promise<{ staged: StagedFile[]; infos: FileInfo[] }> {
  const staged: StagedFile[] = [];
  const infos: FileInfo[] = [];
  try {
    for await (const part of formParts(request)) {
      if (part.type === 'file') {
        if (part.fieldname !== 'files') throw new ValidationError(`Unexpected file field ${part.fieldname}; files go in \`files\``, { errors: [{ path: [part.fieldname], message: 'files go in `files`', name: 'ValidationError' }] });
        staged.push(await uploads.stage({ filename: part.filename, mime: part.mimetype, stream: limitCheckedStream(part.file, undefined, malformedMultipart) }, infos[staged.length]));
      } else if (part.fieldname === 'fileInfo') {
        if (part.valueTruncated) throw new PayloadTooLargeError('fileInfo is too large', { errors: [{ path: ['fileInfo'], message: 'fileInfo is too large', name: 'PayloadTooLargeError' }] });
        infos.push(...parseFileInfoField(String(part.value), options.withFolder === true));
      } else {
        options.field?.(part.fieldname, String(part.value));
      }
    }
  } catch (error) {
    await uploads.discard(staged);
    throw error;
  }
  return { staged, infos };
}

/** ids are 32-bit in every database: a larger number names no file (and PostgreSQL would refuse it, a 500) */
const MAX_ROW_ID = 2_147_483_647;

export function fileIdParam(raw: string): number {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) > MAX_ROW_ID) throw new NotFoundError('File not found');
  return Number(raw);
}

const TIMESTAMPS = ['createdAt', 'updatedAt', 'publishedAt'];

/**
 * A file as Strapi answers it: the timestamps after the file's own attributes, then
 * `isUrlSigned`, which Strapi adds to every file it answers with (true only for the signed URLs
 * of a private provider).
 */
export function answeredFile(entry: Entry): Entry {
  const rest = Object.fromEntries(Object.entries(entry).filter(([key]) => !TIMESTAMPS.includes(key) && key !== 'isUrlSigned'));
  const times = Object.fromEntries(TIMESTAMPS.filter((key) => key in entry).map((key) => [key, entry[key]]));
  return { ...rest, ...times, id: entry.id, isUrlSigned: entry.isUrlSigned === true };
}

