/**
 * Media routes, as Strapi's upload plugin serves them: `POST /api/upload` (multipart `files`,
 * optional `fileInfo` JSON per file), `GET /api/upload/files[/:id]`, `DELETE /api/upload/files/:id`.
 * File lists are plain arrays, as in Strapi.
 */
import type { MultipartFile } from '@fastify/multipart';
import type { TransportContext } from '../app/plugin-context.js';
import { NotFoundError, ValidationError } from '../errors/index.js';
import { parseRestQuery } from '../query/parse-rest-query.js';
import { FILE_UID, type FileInfo, type IncomingFile, type UploadService } from '../upload/upload-service.js';
import { requestQuery } from './request-query.js';

function parseFileInfo(raw: string): FileInfo {
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as FileInfo;
  } catch {
    // reported below
  }
  throw new ValidationError('fileInfo must be a JSON object', { errors: [{ path: ['fileInfo'], message: 'fileInfo must be a JSON object', name: 'ValidationError' }] });
}

function fileId(raw: string): number {
  if (!/^\d+$/.test(raw)) throw new NotFoundError('File not found');
  return Number(raw);
}

export function registerUploadRoutes(ctx: TransportContext, uploads: UploadService): void {
  const { server } = ctx;

  server.post('/upload', async (request, reply) => {
    await ctx.authorize(request, 'create', FILE_UID);
    if (!request.isMultipart()) throw new ValidationError('The request is not multipart (use multipart/form-data with a `files` field)');
    const files: IncomingFile[] = [];
    const infos: FileInfo[] = [];
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const file = part as MultipartFile;
        if (file.fieldname !== 'files') throw new ValidationError(`Unexpected file field ${file.fieldname}; files go in \`files\``);
        files.push({ filename: file.filename, mime: file.mimetype, buffer: await file.toBuffer() });
      } else if (part.fieldname === 'fileInfo') {
        const value = String(part.value);
        const parsed: unknown = value.trim().startsWith('[') ? JSON.parse(value) : undefined;
        if (Array.isArray(parsed)) infos.push(...parsed.map((p) => parseFileInfo(JSON.stringify(p))));
        else infos.push(parseFileInfo(value));
      }
    }
    return reply.code(201).send(await uploads.upload(files, infos));
  });

  server.get('/upload/files', async (request) => {
    await ctx.authorize(request, 'find', FILE_UID);
    const parsed = parseRestQuery(requestQuery(request), FILE_UID, { registry: ctx.registry, rest: ctx.rest });
    const query = await ctx.auth.sanitizeQuery(request, FILE_UID, parsed, 'find');
    return (await ctx.repository(FILE_UID).findPage(query)).entries;
  });

  server.get<{ Params: { id: string } }>('/upload/files/:id', async (request) => {
    await ctx.authorize(request, 'findOne', FILE_UID);
    const entry = await uploads.findById(fileId(request.params.id));
    if (!entry) throw new NotFoundError('File not found');
    return entry;
  });

  server.delete<{ Params: { id: string } }>('/upload/files/:id', async (request) => {
    await ctx.authorize(request, 'delete', FILE_UID);
    return uploads.remove(fileId(request.params.id));
  });
}
