/**
 * The media library's folders (`plugin::upload.folder`, Strapi's `upload_folders`): create,
 * rename and move (nest), delete with everything inside, move files and folders in bulk, and
 * where files are used. A folder's name is unique among its siblings and holds no `/`, as in
 * Strapi. Creates and renames are writes of the folders repository the app hands over, whose
 * writes run as operations (lifecycles, document-service middlewares); moves rewrite the paths of
 * a whole subtree in one transaction (engine/media-folders.ts); deleting a folder removes its
 * files through the upload service (bytes included), then its folders.
 */
import { NotFoundError, UniqueError, ValidationError } from '../errors/index.js';
import type { DocumentRepository } from '../documents/types.js';
import type { Entry } from '../engine/types.js';
import type { EngineContext } from '../engine/types.js';
import { allFolders, fileUses, folderContentCounts, foldersByIds, foldersOfFiles, moveMedia, nextPathId, subtreeContents, type FileUse, type FolderRow, type FolderSummary } from '../engine/media-folders.js';
import type { FilterNode, Selection } from '../query/ast.js';
import type { UploadService } from './upload-service.js';

export type { FileUse, FolderSummary } from '../engine/media-folders.js';

export interface FolderInput {
  readonly name?: unknown;
  /** the parent folder's id; null: the root */
  readonly parent?: unknown;
}

export interface MoveInput {
  readonly fileIds: readonly number[];
  readonly folderIds: readonly number[];
  /** null: the root */
  readonly destinationFolderId: number | null;
}

export interface FolderService {
  /** a folder with its `parent` (id, name, path); 400 for a bad name, a missing parent or a duplicate name among siblings */
  create(input: FolderInput): Promise<Entry>;
  /** rename (`name`) and/or move (`parent`, null: the root) one folder; 404 when there is none */
  update(id: number, input: FolderInput): Promise<Entry>;
  /** deletes folders with every folder and file below them; answers the folders and files removed */
  deleteMany(folderIds: readonly number[], fileIds: readonly number[]): Promise<{ files: Entry[]; folders: Entry[] }>;
  /** moves folders (with their subtrees) and files into a folder or the root, in one transaction */
  moveMany(input: MoveInput): Promise<void>;
  /** every entry version using these files */
  uses(fileIds: readonly number[]): Promise<FileUse[]>;
  /** how many folders and files each folder (by documentId) holds directly */
  counts(documentIds: readonly string[]): Promise<Map<string, { children: number; files: number }>>;
  /** each file's folder (root files are absent) */
  ofFiles(fileIds: readonly number[]): Promise<Map<number, FolderSummary>>;
  /** the whole tree, siblings by name: Strapi's folder structure */
  tree(): Promise<FolderNode[]>;
}

export interface FolderNode {
  readonly id: number;
  readonly name: string;
  readonly children: FolderNode[];
}

/** a folder as answered: its attributes and its parent's */
export const FOLDER_SELECTION: Selection = {
  fields: null,
  populate: [{ attribute: 'parent', fields: ['name', 'pathId', 'path'], populate: [], filters: null, sort: [], on: null }],
  status: 'published',
};

/** how many times a create retries when a concurrent one took the same path id */
const CREATE_ATTEMPTS = 5;
const MAX_FOLDER_NAME = 255;

const invalid = (path: string, message: string): ValidationError => new ValidationError(message, { errors: [{ path: [path], message, name: 'ValidationError' }] });

function folderName(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0) throw invalid('name', 'name must be a non-empty string');
  if (value.length > MAX_FOLDER_NAME) throw invalid('name', `name must be at most ${MAX_FOLDER_NAME} characters`);
  if (value.includes('/')) throw invalid('name', 'name cannot contain slashes');
  if (value.trim() !== value) throw invalid('name', 'name cannot start or end with a whitespace');
  return value;
}

/** a folder id from a body (`parent`, `destinationFolderId`): a positive integer or null */
export function folderIdValue(value: unknown, path: string): number | null {
  if (value === null) return null;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^\d{1,10}$/.test(value) && Number(value) > 0) return Number(value);
  throw invalid(path, `${path} must be a folder id or null`);
}

const isInside = (folder: FolderRow, ancestor: FolderRow): boolean => folder.path === ancestor.path || folder.path.startsWith(`${ancestor.path}/`);

export function createFolderService(ctx: EngineContext, folders: DocumentRepository, uploads: UploadService): FolderService {
  async function mustFind(id: number, path = 'id'): Promise<FolderRow> {
    const [folder] = await foldersByIds(ctx, [id]);
    if (!folder) {
      if (path === 'id') throw new NotFoundError('folder not found');
      throw invalid(path, `${path} folder ${id} does not exist`);
    }
    return folder;
  }

  /** Strapi: 'A folder with this name already exists' among the same parent's children */
  async function checkUniqueName(name: string, parent: FolderRow | null, except?: number): Promise<void> {
    const filters: FilterNode = {
      kind: 'and',
      items: [
        { kind: 'compare', field: 'name', op: '$eq', value: name },
        parent
          ? { kind: 'nested', attribute: 'parent', filter: { kind: 'compare', field: 'id', op: '$eq', value: parent.id } }
          : { kind: 'not', item: { kind: 'nested', attribute: 'parent', filter: { kind: 'compare', field: 'id', op: '$notNull', value: true } } },
        ...(except === undefined ? [] : [{ kind: 'compare', field: 'id', op: '$ne', value: except } as const]),
      ],
    };
    const taken = await folders.count(filters, 'published');
    if (taken > 0) throw invalid('name', 'A folder with this name already exists');
  }

  async function read(id: number): Promise<Entry> {
    const [row] = await foldersByIds(ctx, [id]);
    const entry = row ? await folders.findOne(row.documentId, FOLDER_SELECTION) : null;
    if (!entry) throw new NotFoundError('folder not found');
    return entry;
  }

  return {
    async create(input) {
      const name = folderName(input.name);
      const parentId = input.parent === undefined ? null : folderIdValue(input.parent, 'parent');
      const parent = parentId === null ? null : await mustFind(parentId, 'parent');
      await checkUniqueName(name, parent);
      for (let attempt = 1; ; attempt += 1) {
        const pathId = await nextPathId(ctx);
        try {
          return await folders.create({ name, pathId, path: `${parent?.path ?? ''}/${pathId}`, parent: parent?.documentId ?? null }, { status: 'published' }, FOLDER_SELECTION);
        } catch (error) {
          // a concurrent create took this path id: take the next one
          if (!(error instanceof UniqueError) || attempt >= CREATE_ATTEMPTS) throw error;
        }
      }
    },

    async update(id, input) {
      const folder = await mustFind(id);
      const entry = await read(id);
      const name = input.name === undefined ? String(entry.name) : folderName(input.name);
      let parent: FolderRow | null | undefined;
      if (input.parent !== undefined) {
        const parentId = folderIdValue(input.parent, 'parent');
        parent = parentId === null ? null : await mustFind(parentId, 'parent');
        if (parent && isInside(parent, folder)) throw invalid('parent', 'folder cannot be moved inside itself');
      }
      const currentParent = entry.parent && typeof entry.parent === 'object' ? (entry.parent as Entry) : null;
      const siblingsOf = parent === undefined ? (currentParent ? await mustFind(currentParent.id, 'parent') : null) : parent;
      await checkUniqueName(name, siblingsOf, id);
      if (parent !== undefined) await moveMedia(ctx, { folders: [folder], fileIds: [], destination: parent });
      if (name !== entry.name) await folders.update(folder.documentId, { name }, { status: 'published' }, FOLDER_SELECTION);
      return read(id);
    },

    async deleteMany(folderIds, fileIds) {
      const roots = await foldersByIds(ctx, folderIds);
      const inside = await subtreeContents(ctx, roots.map((folder) => folder.path));
      const removedFiles: Entry[] = [];
      const wanted = new Set(fileIds);
      // files inside the deleted folders go too (Strapi); they are answered only when named
      for (const id of new Set([...fileIds, ...inside.fileIds])) {
        try {
          const removed = await uploads.remove(id);
          if (wanted.has(id)) removedFiles.push(removed);
        } catch (error) {
          if (!(error instanceof NotFoundError)) throw error;
        }
      }
      const answered = new Map<number, Entry>();
      for (const root of roots) answered.set(root.id, await read(root.id));
      // deepest first, so no folder outlives its parent's link
      const all = await foldersByIds(ctx, inside.folderIds);
      for (const folder of all.sort((a, b) => b.path.length - a.path.length)) await folders.delete(folder.documentId);
      return { files: removedFiles, folders: [...answered.values()] };
    },

    async moveMany({ fileIds, folderIds, destinationFolderId }) {
      const destination = destinationFolderId === null ? null : await mustFind(destinationFolderId, 'destinationFolderId');
      const moved = await foldersByIds(ctx, folderIds);
      if (moved.length !== new Set(folderIds).size) throw invalid('folderIds', 'some folders do not exist');
      if (destination && moved.some((folder) => isInside(destination, folder))) throw invalid('destinationFolderId', 'folders cannot be moved inside themselves');
      await moveMedia(ctx, { folders: moved, fileIds, destination });
    },

    uses: (fileIds) => fileUses(ctx, fileIds),
    counts: (documentIds) => folderContentCounts(ctx, documentIds),
    ofFiles: (fileIds) => foldersOfFiles(ctx, fileIds),
    async tree() {
      const rows = await allFolders(ctx);
      const nodes = new Map<number, FolderNode>(rows.map((row) => [row.id, { id: row.id, name: row.name, children: [] }]));
      const roots: FolderNode[] = [];
      for (const row of rows) (row.parent === null ? roots : nodes.get(row.parent)?.children ?? roots).push(nodes.get(row.id)!);
      return roots;
    },
  };
}
