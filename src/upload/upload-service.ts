/**
 * Upload service: streams bytes to the provider and keeps one `plugin::upload.file` entry per
 * file. An upload is staged first (bytes stored, nothing in the database), then committed; a
 * failed request or database write removes what it stored, so no file outlives its entry.
 * Deleting a file removes every media link to it, so no entry keeps a dangling reference.
 */
import { extname } from 'node:path';
import { pipeline, Readable } from 'node:stream';
import { ValidationError, NotFoundError } from '../errors/index.js';
import { documentIdOfRow } from '../engine/document-rows.js';
import type { EngineContext, Entry } from '../engine/types.js';
import type { DocumentRepository } from '../documents/types.js';
import type { Selection } from '../query/ast.js';
import { MAX_NAME_LENGTH, type FileInfo } from './file-info.js';
import { bytesToKilobytes, fileHash } from './file-naming.js';
import { DEFAULT_IMAGE_OPTIONS, type ImageOptions } from './image-formats.js';
import { providerKind, type UploadProvider } from './provider.js';
import { linkFiles, resolveLinkTarget, type LinkFields } from './link-files.js';
import { stageImage, type StoredImage } from './stage-image.js';
import { StreamMeter } from './stream-meter.js';
import { foldersByIds } from '../engine/media-folders.js';
import { fileSigner, type FileSigner } from './sign-media.js';

export type { FileInfo } from './file-info.js';

export interface IncomingFile {
  readonly filename: string;
  readonly mime: string;
  /** the bytes as they arrive; an error on it (limit, client gone) fails the staging */
  readonly stream: Readable;
}

/** A file whose bytes the provider holds, not yet in the database. */
export interface StagedFile extends StoredImage {
  readonly filename: string;
  /** the name the hash was built from: the `fileInfo` name when it came before the file */
  readonly name: string;
  readonly hash: string;
  readonly ext: string;
  readonly mime: string;
}

const FULL: Selection = { fields: null, populate: [], status: 'published' };

/** Longest accepted extension, dot included: real ones are a few letters; the name must fit a file system's 255 bytes. */
export const MAX_EXT_LENGTH = 33;
const EXT_PATTERN = /^\.[a-z0-9_-]+$/i;

/** A file for `upload()`, from user code (bootstrap seeding): its bytes in memory or as a stream. */
export type UploadInput = IncomingFile | { readonly filename: string; readonly mime: string; readonly buffer: Buffer };

export interface UploadService {
  /** stage and commit in one call: what user code uses (`app.uploads.upload([...], [...])`) */
  upload(files: readonly UploadInput[], infos?: readonly FileInfo[]): Promise<Entry[]>;
  /**
   * streams one file to the provider (an image: with its formats); nothing is written to the
   * database yet. `info`: the file's `fileInfo` when it is already known (its name makes the hash).
   */
  stage(file: IncomingFile, info?: FileInfo): Promise<StagedFile>;
  /**
   * One entry per staged file (`infos[i]` describes `staged[i]`). On any failure the entries
   * made so far are deleted and every staged file's bytes removed before the error is rethrown.
   */
  commit(staged: readonly StagedFile[], infos: readonly FileInfo[], link?: LinkFields): Promise<Entry[]>;
  /** removes the bytes of staged files (a request that failed before its commit) */
  discard(staged: readonly StagedFile[]): Promise<void>;
  remove(id: number): Promise<Entry>;
  findById(id: number): Promise<Entry | null>;
  /**
   * `POST /api/upload?id=`: a file's name, alternative text and caption (null or absent keeps the
   * value, as Strapi); `info.folder` (the admin API) moves it to that folder (null: the root)
   */
  updateInfo(id: number, info: FileInfo): Promise<Entry>;
  /**
   * The admin's `POST /upload?id=` with a file: the entry keeps its id, documentId and the places
   * it is used, and takes the staged file's bytes, type, size and formats (and `info`'s name,
   * else the new file's). The old bytes are removed once the entry is written; a failed write
   * removes the new ones.
   */
  replace(id: number, staged: StagedFile, info: FileInfo): Promise<Entry>;
  /**
   * the file as answered: with a private provider its URL and its formats' URLs pre-signed and
   * `isUrlSigned: true`; otherwise unchanged with `isUrlSigned: false` (sign-media.ts)
   */
  withAnsweredUrls(file: Entry): Promise<Entry>;
  /** signs files with a private provider; undefined when URLs are public */
  readonly signer: FileSigner | undefined;
}

const invalidFile = (message: string): ValidationError =>
  new ValidationError(message, { errors: [{ path: ['files'], message, name: 'ValidationError' }] });

function splitFilename(filename: string): { ext: string; base: string } {
  if (filename === '') throw invalidFile('Every file needs a file name');
  const raw = extname(filename);
  // the extension keeps its case, as in Strapi (`photo.JPG` is stored as `<hash>.JPG`)
  const ext = raw === '.' ? '' : raw;
  if (ext.length > MAX_EXT_LENGTH) throw invalidFile(`File extension of "${filename.slice(0, 40)}…" must be at most ${MAX_EXT_LENGTH - 1} characters`);
  if (ext !== '' && !EXT_PATTERN.test(ext)) throw invalidFile(`File extension ${JSON.stringify(ext)} may hold only letters, digits, "_" and "-"`);
  if (filename.length > MAX_NAME_LENGTH) throw invalidFile(`File name must be at most ${MAX_NAME_LENGTH} characters`);
  return { ext, base: filename.slice(0, filename.length - raw.length) };
}

/** every stored object of a file: the original and each of its formats */
function storedObjects(file: Readonly<Record<string, unknown>>): Array<{ hash: string; ext: string; url: string }> {
  const objects = [{ hash: String(file.hash), ext: String(file.ext ?? ''), url: String(file.url) }];
  if (typeof file.formats === 'object' && file.formats !== null) {
    for (const format of Object.values(file.formats as Record<string, Record<string, unknown>>)) {
      if (typeof format?.hash === 'string') objects.push({ hash: format.hash, ext: String(format.ext ?? ''), url: String(format.url) });
    }
  }
  return objects;
}

export function createUploadService(
  ctx: EngineContext, files: DocumentRepository, provider: UploadProvider, images: ImageOptions = DEFAULT_IMAGE_OPTIONS,
  /** the repository of a content type files are linked to (`ref`) */
  repositoryOf?: (uid: string) => DocumentRepository,
): UploadService {
  async function findById(id: number): Promise<Entry | null> {
    const documentId = await documentIdOfRow(ctx, files.uid, id);
    return documentId === null ? null : files.findOne(documentId, FULL);
  }

  async function discard(staged: readonly StagedFile[]): Promise<void> {
    // every file is tried: one failure must not leave the others behind
    await Promise.allSettled(staged.flatMap((file) => storedObjects({ ...file })).map((object) => provider.delete(object)));
  }

  async function stage(file: IncomingFile, info: FileInfo = {}): Promise<StagedFile> {
    const { ext } = splitFilename(file.filename);
    if (file.mime.length > MAX_NAME_LENGTH) throw invalidFile(`File type must be at most ${MAX_NAME_LENGTH} characters`);
    // Strapi: the name is the fileInfo name or the file's, Unicode-normalized; the hash is built from it
    const name = (info.name ?? file.filename).normalize();
    const hash = fileHash(name, ext);
    const base = { filename: file.filename, name, hash, ext, mime: file.mime };
    if (file.mime.startsWith('image/')) {
      const image = await stageImage(file.stream, { name, hash, ext, mime: file.mime }, provider, images);
      return { ...base, ...image };
    }
    const meter = new StreamMeter();
    // pipeline, not pipe: an error on the request stream reaches the provider's side
    const stream = pipeline(file.stream, meter, () => undefined);
    const stored = await provider.upload({ hash, ext, mime: file.mime, stream });
    return { ...base, bytes: meter.bytes, width: null, height: null, url: stored.url, providerMetadata: stored.providerMetadata ?? null, formats: null };
  }

  async function commit(staged: readonly StagedFile[], infos: readonly FileInfo[], link: LinkFields = {}): Promise<Entry[]> {
    const created: Entry[] = [];
    try {
      if (staged.length === 0) throw new ValidationError('No file(s) provided in the `files` field', { errors: [{ path: ['files'], message: 'Files are empty', name: 'ValidationError' }] });
      // checked before any entry is written: a wrong ref, refId or field stores nothing
      const target = await resolveLinkTarget(ctx, link, staged.length);
      const folders = new Map<number | null, { folder: string | null; folderPath: string }>();
      for (const info of infos) if (!folders.has(info.folder ?? null)) folders.set(info.folder ?? null, await folderFields(info.folder));
      for (const [index, file] of staged.entries()) {
        const info = infos[index] ?? {};
        const place = folders.get(info.folder ?? null) ?? { folder: null, folderPath: '/' };
        created.push(await files.create({
          name: info.name?.normalize() ?? file.name,
          alternativeText: info.alternativeText ?? null,
          caption: info.caption ?? null,
          focalPoint: null,
          width: file.width, height: file.height, formats: file.formats, hash: file.hash, ext: file.ext,
          mime: file.mime,
          size: bytesToKilobytes(file.bytes),
          url: file.url,
          provider: provider.name,
          provider_metadata: file.providerMetadata,
          // API uploads land in the media library's root folder, as in Strapi; the admin's may name a folder
          folderPath: place.folderPath,
          ...(place.folder === null ? {} : { folder: place.folder }),
        }, { status: 'published' }, FULL));
      }
      if (target) {
        if (!repositoryOf) throw new Error('upload service: linking files needs the content repositories');
        await linkFiles(target, repositoryOf(target.uid), created.map((entry) => entry.id), ctx.registry.contentType(target.uid).draftAndPublish);
      }
    } catch (error) {
      await Promise.allSettled(created.map((entry) => files.delete(String(entry.documentId))));
      await discard(staged);
      throw error;
    }
    return created;
  }

  const signer = fileSigner(provider);

  /** the entry fields that put a file in folder `id` (null: the root); an unknown folder is a 400 */
  async function folderFields(id: number | null | undefined): Promise<{ folder: string | null; folderPath: string }> {
    if (id === undefined || id === null) return { folder: null, folderPath: '/' };
    const [folder] = await foldersByIds(ctx, [id]);
    if (!folder) throw new ValidationError(`Folder ${id} does not exist`, { errors: [{ path: ['fileInfo', 'folder'], message: 'folder does not exist', name: 'ValidationError' }] });
    return { folder: folder.documentId, folderPath: folder.path };
  }

  async function removeStored(entry: Readonly<Record<string, unknown>>): Promise<void> {
    // As Strapi: only the provider that stored a file removes its bytes (a file uploaded before
    // the project moved to another provider keeps them where they are).
    if (providerKind(String(entry.provider)) !== providerKind(provider.name)) return;
    // the original and every format; one failure must not keep the others
    await Promise.allSettled(storedObjects(entry).map((object) => provider.delete(object)));
  }

  return {
    findById,
    discard,
    stage,
    commit,
    signer,

    async withAnsweredUrls(file) {
      // a file the operation layer's signing middleware answered already is signed once only
      if (signer === undefined) return { ...file, isUrlSigned: false };
      return file.isUrlSigned === true ? file : { ...(await signer(file)), id: file.id };
    },

    async upload(incoming, infos = []) {
      const staged: StagedFile[] = [];
      try {
        for (const file of incoming) {
          const stream = 'stream' in file ? file.stream : Readable.from([file.buffer]);
          staged.push(await stage({ filename: file.filename, mime: file.mime, stream }, infos[staged.length]));
        }
      } catch (error) {
        await discard(staged);
        throw error;
      }
      return commit(staged, infos);
    },

    async remove(id) {
      const entry = await findById(id);
      if (!entry) throw new NotFoundError('File not found');
      await files.delete(String(entry.documentId));
      await removeStored(entry);
      return entry;
    },

    async replace(id, file, info) {
      let updated: Entry | null;
      let entry: Entry | null = null;
      try {
        entry = await findById(id);
        if (!entry) throw new NotFoundError('File not found');
        const data: Record<string, unknown> = {
          name: info.name?.normalize() ?? file.name,
          width: file.width, height: file.height, formats: file.formats, hash: file.hash, ext: file.ext,
          mime: file.mime, size: bytesToKilobytes(file.bytes), url: file.url,
          provider: provider.name, provider_metadata: file.providerMetadata,
        };
        if (info.alternativeText !== undefined && info.alternativeText !== null) data.alternativeText = info.alternativeText;
        if (info.caption !== undefined && info.caption !== null) data.caption = info.caption;
        if (info.folder !== undefined) Object.assign(data, await folderFields(info.folder));
        updated = await files.update(String(entry.documentId), data, { status: 'published' }, FULL);
        if (!updated) throw new NotFoundError('File not found');
      } catch (error) {
        await discard([file]);
        throw error;
      }
      await removeStored(entry);
      return updated;
    },

    async updateInfo(id, info) {
      const entry = await findById(id);
      if (!entry) throw new NotFoundError('File not found');
      const data: Record<string, unknown> = {};
      if (info.name !== undefined) data.name = info.name.normalize();
      if (info.alternativeText !== undefined && info.alternativeText !== null) data.alternativeText = info.alternativeText;
      if (info.caption !== undefined && info.caption !== null) data.caption = info.caption;
      if (info.folder !== undefined) Object.assign(data, await folderFields(info.folder));
      const updated = await files.update(String(entry.documentId), data, { status: 'published' }, FULL);
      if (!updated) throw new NotFoundError('File not found');
      return updated;
    },
  };
}
