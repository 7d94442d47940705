/**
 * Upload service: stores bytes through the provider and keeps one `plugin::upload.file` entry
 * per file. Deleting a file removes every media link to it, so no entry keeps a dangling
 * reference.
 */
import { randomBytes } from 'node:crypto';
import { extname } from 'node:path';
import { ValidationError, NotFoundError } from '../errors/index.js';
import type { EngineContext, Entry } from '../engine/types.js';
import type { DocumentRepository } from '../documents/types.js';
import { slugify } from '../documents/unique-values.js';
import type { Selection } from '../query/ast.js';
import type { UploadProvider } from './provider.js';

export const FILE_UID = 'plugin::upload.file';

export interface IncomingFile {
  readonly filename: string;
  readonly mime: string;
  readonly buffer: Buffer;
}

export interface FileInfo {
  readonly name?: string;
  readonly alternativeText?: string | null;
  readonly caption?: string | null;
}

const FULL: Selection = { fields: null, populate: [], status: 'published' };

export interface UploadService {
  upload(files: readonly IncomingFile[], infos: readonly FileInfo[]): Promise<Entry[]>;
  remove(id: number): Promise<Entry>;
  findById(id: number): Promise<Entry | null>;
}

async function dimensions(file: IncomingFile): Promise<{ width: number | null; height: number | null }> {
  if (!file.mime.startsWith('image/')) return { width: null, height: null };
  // loaded on the first image upload: most starts never need it
  const { imageSize } = await import('image-size');
  try {
    const size = imageSize(file.buffer);
    return { width: size.width ?? null, height: size.height ?? null };
  } catch {
    return { width: null, height: null };
  }
}

export function createUploadService(ctx: EngineContext, files: DocumentRepository, provider: UploadProvider): UploadService {
  async function findById(id: number): Promise<Entry | null> {
    const row = (await ctx.knex('files').first('document_id').where('id', id)) as { document_id: unknown } | undefined;
    return row ? files.findOne(String(row.document_id), FULL) : null;
  }

  return {
    findById,

    async upload(incoming, infos) {
      if (incoming.length === 0) throw new ValidationError('No file(s) provided in the `files` field', { errors: [{ path: ['files'], message: 'Files are empty', name: 'ValidationError' }] });
      const created: Entry[] = [];
      for (const [index, file] of incoming.entries()) {
        const info = infos[index] ?? {};
        const ext = extname(file.filename).toLowerCase();
        const base = file.filename.slice(0, file.filename.length - ext.length);
        const hash = `${slugify(base).slice(0, 60) || 'file'}_${randomBytes(5).toString('hex')}`;
        const stored = await provider.upload({ hash, ext, mime: file.mime, buffer: file.buffer });
        const { width, height } = await dimensions(file);
        created.push(await files.create({
          name: info.name ?? file.filename,
          alternativeText: info.alternativeText ?? null,
          caption: info.caption ?? null,
          width, height, hash, ext,
          mime: file.mime,
          size: Math.round((file.buffer.length / 1000) * 100) / 100,
          url: stored.url,
          provider: provider.name,
          provider_metadata: stored.providerMetadata ?? null,
        }, { status: 'published' }, FULL));
      }
      return created;
    },

    async remove(id) {
      const entry = await findById(id);
      if (!entry) throw new NotFoundError('File not found');
      await files.delete(String(entry.documentId));
      await provider.delete({ hash: String(entry.hash), ext: String(entry.ext ?? ''), url: String(entry.url) });
      return entry;
    },
  };
}
