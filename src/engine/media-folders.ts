/**
 * The media library's folder tree in Strapi's layout (`upload_folders`: `path_id`, `path`; a
 * file's `folder_path`): a folder's `path` is its ancestors' path ids and its own (`/1/4`), so a
 * subtree is one path prefix. Moving folders and files rewrites those prefixes and the folder
 * links in one write transaction, a bounded number of statements whatever the subtree holds
 * (as Strapi's own bulk move: the rows' paths are bookkeeping, not an entry's content).
 * Where files are used: the media links (`files_related_mph`) that name them.
 */
import { selectRows } from '../db/direct-reads.js';
import { COMPONENT_LINK_COLUMNS as C, LINK_COLUMNS as L, MEDIA_LINK_COLUMNS as M, MEDIA_LINK_TABLE, columnName, componentLinkTable, relationLinkTable } from '../db/naming.js';
import { isLocalizedType } from '../model/i18n.js';
import { datetimeToDb, toNumber } from '../db/values.js';
import { UPLOAD_FILE_UID, UPLOAD_FOLDER_UID } from '../model/built-in-types.js';
import { inWriteTransaction } from './context.js';
import type { Knex } from 'knex';
import type { EngineContext } from './types.js';
import { insertRows } from './write/rows.js';

export interface FolderRow {
  readonly id: number;
  readonly documentId: string;
  readonly pathId: number;
  readonly path: string;
}

/** the folder table and the columns this module reads, from the model (one place for the layout) */
function layout(ctx: EngineContext) {
  const folders = ctx.registry.contentType(UPLOAD_FOLDER_UID).collectionName;
  const files = ctx.registry.contentType(UPLOAD_FILE_UID).collectionName;
  return {
    folders,
    files,
    path: columnName('path'),
    pathId: columnName('pathId'),
    folderPath: columnName('folderPath'),
    parentLinks: relationLinkTable(folders, 'parent'),
    fileLinks: relationLinkTable(files, 'folder'),
  };
}

function folderRow(row: Readonly<Record<string, unknown>>, pathColumn: string, pathIdColumn: string): FolderRow {
  return { id: toNumber(row.id), documentId: String(row.document_id), pathId: toNumber(row[pathIdColumn]), path: String(row[pathColumn]) };
}

/** the folders with these row ids (unknown ids are left out) */
export async function foldersByIds(ctx: EngineContext, ids: readonly number[]): Promise<FolderRow[]> {
  if (ids.length === 0) return [];
  const t = layout(ctx);
  const rows = await selectRows(ctx.knex, ctx.knex(t.folders).select('id', 'document_id', t.pathId, t.path).whereIn('id', [...ids]));
  return rows.map((row) => folderRow(row, t.path, t.pathId));
}

/** the next free path id (Strapi: the largest one plus one); a concurrent create is caught by the unique index */
export async function nextPathId(ctx: EngineContext): Promise<number> {
  const t = layout(ctx);
  const [row] = await selectRows(ctx.knex, ctx.knex(t.folders).max({ max: t.pathId }));
  return (row?.max === null || row?.max === undefined ? 0 : toNumber(row.max)) + 1;
}

/** the folders and files inside these folders' subtrees (the folders themselves included) */
export async function subtreeContents(ctx: EngineContext, paths: readonly string[]): Promise<{ folderIds: number[]; fileIds: number[] }> {
  if (paths.length === 0) return { folderIds: [], fileIds: [] };
  const t = layout(ctx);
  const under = (column: string) => (qb: Knex.QueryBuilder) => {
    for (const path of paths) qb.orWhere(column, path).orWhere(column, 'like', `${path}/%`);
  };
  const [folders, files] = await Promise.all([
    selectRows(ctx.knex, ctx.knex(t.folders).select('id').where(under(t.path))),
    selectRows(ctx.knex, ctx.knex(t.files).select('id').where(under(t.folderPath))),
  ]);
  return { folderIds: folders.map((row) => toNumber(row.id)), fileIds: files.map((row) => toNumber(row.id)) };
}

/** `prefix` followed by the column's text after its first `cut` characters, in the dialect's SQL */
function replacedPrefix(ctx: EngineContext, column: string, prefix: string, cut: number) {
  switch (ctx.dialect.name) {
    case 'postgres':
      return ctx.knex.raw('CONCAT(?::TEXT, SUBSTRING(?? FROM ?::INTEGER))', [prefix, column, cut + 1]);
    case 'mysql':
      return ctx.knex.raw('CONCAT(?, SUBSTRING(??, ?))', [prefix, column, cut + 1]);
    default:
      return ctx.knex.raw('? || SUBSTR(??, ?)', [prefix, column, cut + 1]);
  }
}

export interface MediaMove {
  readonly folders: readonly FolderRow[];
  readonly fileIds: readonly number[];
  /** null: the library's root */
  readonly destination: FolderRow | null;
}

/**
 * Moves folders (with everything under them) and files into `destination`, in one write
 * transaction: the parent and folder links, then the paths of every folder and file below
 * each moved folder, then the moved files' `folder_path`. The caller has checked that no folder
 * moves into itself.
 */
export async function moveMedia(ctx: EngineContext, move: MediaMove): Promise<void> {
  const t = layout(ctx);
  const base = move.destination?.path ?? '';
  const now = datetimeToDb(new Date(), ctx.dialect.name);
  await inWriteTransaction(ctx, async (trx) => {
    const folderIds = move.folders.map((folder) => folder.id);
    if (folderIds.length > 0) {
      await trx.knex(t.parentLinks).whereIn(L.entity, folderIds).delete();
      if (move.destination) await insertRows(trx.knex, t.parentLinks, folderIds.map((id) => ({ [L.entity]: id, [L.target]: move.destination!.documentId, [L.order]: 1 })));
    }
    for (const folder of move.folders) {
      const moved = `${base}/${folder.pathId}`;
      if (moved === folder.path) continue;
      const inside = (column: string) => (qb: Knex.QueryBuilder) => qb.where(column, folder.path).orWhere(column, 'like', `${folder.path}/%`);
      await trx.knex(t.folders).where(inside(t.path)).update({ [t.path]: replacedPrefix(trx, t.path, moved, folder.path.length), updated_at: now });
      await trx.knex(t.files).where(inside(t.folderPath)).update({ [t.folderPath]: replacedPrefix(trx, t.folderPath, moved, folder.path.length) });
    }
    if (move.fileIds.length > 0) {
      await trx.knex(t.fileLinks).whereIn(L.entity, [...move.fileIds]).delete();
      if (move.destination) await insertRows(trx.knex, t.fileLinks, move.fileIds.map((id) => ({ [L.entity]: id, [L.target]: move.destination!.documentId, [L.order]: 1 })));
      await trx.knex(t.files).whereIn('id', [...move.fileIds]).update({ [t.folderPath]: move.destination?.path ?? '/', updated_at: now });
    }
  });
}

/** how many folders and files each folder (by documentId) holds directly */
export async function folderContentCounts(ctx: EngineContext, documentIds: readonly string[]): Promise<Map<string, { children: number; files: number }>> {
  const counts = new Map(documentIds.map((id) => [id, { children: 0, files: 0 }]));
  if (documentIds.length === 0) return counts;
  const t = layout(ctx);
  const grouped = (table: string) => selectRows(ctx.knex, ctx.knex(table).select(L.target).count({ n: '*' }).whereIn(L.target, [...documentIds]).groupBy(L.target));
  const [children, files] = await Promise.all([grouped(t.parentLinks), grouped(t.fileLinks)]);
  for (const row of children) counts.get(String(row[L.target]))!.children = toNumber(row.n);
  for (const row of files) counts.get(String(row[L.target]))!.files = toNumber(row.n);
  return counts;
}

export interface FolderSummary extends FolderRow {
  readonly name: string;
}

/** each file's folder (files at the root are absent) */
export async function foldersOfFiles(ctx: EngineContext, fileIds: readonly number[]): Promise<Map<number, FolderSummary>> {
  if (fileIds.length === 0) return new Map();
  const t = layout(ctx);
  const rows = await selectRows(ctx.knex, ctx.knex(`${t.fileLinks} as l`)
    .join(`${t.folders} as f`, 'f.document_id', `l.${L.target}`)
    .select(`l.${L.entity} as file_id`, 'f.id', 'f.document_id', 'f.name', `f.${t.pathId}`, `f.${t.path}`)
    .whereIn(`l.${L.entity}`, [...fileIds]));
  return new Map(rows.map((row) => [toNumber(row.file_id), { ...folderRow(row, t.path, t.pathId), name: String(row.name) }]));
}

/** every folder with its parent's id (null at the root), by name: what a folder tree is built from */
export async function allFolders(ctx: EngineContext): Promise<Array<{ id: number; name: string; parent: number | null }>> {
  const t = layout(ctx);
  const rows = await selectRows(ctx.knex, ctx.knex(`${t.folders} as f`)
    .leftJoin(`${t.parentLinks} as l`, `l.${L.entity}`, 'f.id')
    .leftJoin(`${t.folders} as p`, 'p.document_id', `l.${L.target}`)
    .select('f.id', 'f.name', 'p.id as parent_id')
    .orderBy([{ column: 'f.name' }, { column: 'f.id' }]));
  return rows.map((row) => ({ id: toNumber(row.id), name: String(row.name), parent: row.parent_id === null || row.parent_id === undefined ? null : toNumber(row.parent_id) }));
}

/** A place a file is used: a version of an entry whose media attribute (or a component's in it) holds the file. */
export interface FileUse {
  readonly fileId: number;
  /** the content type of the entry */
  readonly uid: string;
  readonly documentId: string;
  readonly locale: string | null;
  readonly status: 'draft' | 'published';
  /** the media attribute, through components when the file sits in one (`seo.image`) */
  readonly field: string;
}

interface Link { fileId: number; uid: string; rowId: number; field: string }

/** how many component levels are climbed to find the entry (deeper nesting than the model allows stops here) */
const MAX_DEPTH = 8;

/**
 * Every entry version that uses these files: the media links (`files_related_mph`), and for a
 * link held by a component, its owner found through the `_cmps` tables up to the entry. One
 * statement per owner table and level, whatever the number of links.
 */
export async function fileUses(ctx: EngineContext, fileIds: readonly number[]): Promise<FileUse[]> {
  if (fileIds.length === 0) return [];
  const rows = await selectRows(ctx.knex, ctx.knex(MEDIA_LINK_TABLE)
    .select(M.file, M.related, M.relatedType, M.field)
    .whereIn(M.file, [...fileIds])
    .orderBy([M.file, M.relatedType, M.related, M.field]));
  let pending: Link[] = rows.map((row) => ({ fileId: toNumber(row[M.file]), uid: String(row[M.relatedType]), rowId: toNumber(row[M.related]), field: String(row[M.field]) }));
  const found: FileUse[] = [];
  for (let depth = 0; pending.length > 0 && depth < MAX_DEPTH; depth += 1) {
    const inComponents = pending.filter((link) => ctx.registry.components.has(link.uid));
    found.push(...await entryUses(ctx, pending.filter((link) => ctx.registry.contentTypes.has(link.uid))));
    pending = await componentOwners(ctx, inComponents);
  }
  return found;
}

async function entryUses(ctx: EngineContext, links: readonly Link[]): Promise<FileUse[]> {
  const out: FileUse[] = [];
  for (const uid of new Set(links.map((link) => link.uid))) {
    const schema = ctx.registry.contentType(uid);
    const ids = [...new Set(links.filter((link) => link.uid === uid).map((link) => link.rowId))];
    const localized = isLocalizedType(schema);
    const columns = ['id', 'document_id', 'published_at', ...(localized ? ['locale'] : [])];
    const rows = new Map((await selectRows(ctx.knex, ctx.knex(schema.collectionName).select(columns).whereIn('id', ids))).map((row) => [toNumber(row.id), row]));
    for (const link of links) {
      const row = link.uid === uid ? rows.get(link.rowId) : undefined;
      if (!row) continue;
      out.push({
        fileId: link.fileId, uid, documentId: String(row.document_id),
        locale: localized ? String(row.locale) : null,
        status: schema.draftAndPublish && (row.published_at === null || row.published_at === undefined) ? 'draft' : 'published',
        field: link.field,
      });
    }
  }
  return out;
}

/** the links one level up: each component row's owner (an entry or another component) and the attribute holding it */
async function componentOwners(ctx: EngineContext, links: readonly Link[]): Promise<Link[]> {
  if (links.length === 0) return [];
  const owners: Link[] = [];
  const uids = new Set(links.map((link) => link.uid));
  for (const owner of [...ctx.registry.contentTypes.values(), ...ctx.registry.components.values()]) {
    const holds = Object.values(owner.attributes).some((attr) => (attr.kind === 'component' && uids.has(attr.component)) || (attr.kind === 'dynamiczone' && attr.components.some((uid) => uids.has(uid))));
    if (!holds) continue;
    const rows = await selectRows(ctx.knex, ctx.knex(componentLinkTable(owner.collectionName))
      .select(C.entity, C.component, C.componentType, C.field)
      .whereIn(C.component, [...new Set(links.map((link) => link.rowId))])
      .whereIn(C.componentType, [...uids]));
    for (const row of rows) {
      for (const link of links) {
        if (link.uid !== String(row[C.componentType]) || link.rowId !== toNumber(row[C.component])) continue;
        owners.push({ fileId: link.fileId, uid: owner.uid, rowId: toNumber(row[C.entity]), field: `${String(row[C.field])}.${link.field}` });
      }
    }
  }
  return owners;
}
