/**
 * The media library's admin routes (Strapi 5's upload plugin, at the server's root:
 * docs/admin-api.md "Media library") as typed calls on the panel's API client, and the folder
 * tree's helpers.
 */
import { apiRequest } from '../api/client';
import { filesQuery, type LibraryQuery } from './query-string';

export { SORTS, type LibraryQuery, type SortKey } from './query-string';

export interface MediaFormat {
  readonly url: string;
  readonly width?: number | null;
  readonly height?: number | null;
  readonly size?: number;
  readonly mime?: string;
}

export interface MediaFile {
  id: number;
  documentId?: string;
  name: string;
  url: string;
  mime?: string;
  ext?: string;
  size?: number;
  width?: number | null;
  height?: number | null;
  alternativeText?: string | null;
  caption?: string | null;
  formats?: Record<string, MediaFormat> | null;
  createdAt?: string;
  updatedAt?: string;
  folder?: { id: number; name: string } | null;
  folderPath?: string;
  [key: string]: unknown;
}

export interface MediaFolder {
  readonly id: number;
  readonly name: string;
  readonly path: string;
  readonly parent?: { readonly id: number } | null;
  readonly children: { readonly count: number };
  readonly files: { readonly count: number };
}

/** a node of `GET /upload/folder-structure` */
export interface FolderNode {
  readonly id: number;
  readonly name: string;
  readonly children: readonly FolderNode[];
}

export interface FilePage {
  readonly results: MediaFile[];
  readonly pagination: { readonly page: number; readonly pageSize: number; readonly pageCount: number; readonly total: number };
}

export interface FileUse {
  readonly uid: string;
  readonly documentId: string;
  readonly locale: string | null;
  readonly status: string;
  readonly field: string;
}

export const mediaApi = {
  files: (query: LibraryQuery, page: number, pageSize: number, signal?: AbortSignal) => apiRequest<FilePage>(`/upload/files?${filesQuery(query, page, pageSize)}`, { signal }),
  file: (id: number) => apiRequest<MediaFile>(`/upload/files/${id}`),
  usage: (id: number, signal?: AbortSignal) => apiRequest<{ data: FileUse[] }>(`/upload/files/${id}/usage`, { signal }).then((answer) => answer.data),
  folders: (parent: number | null, signal?: AbortSignal) => {
    const search = new URLSearchParams({ 'pagination[pageSize]': '100', sort: 'name:ASC' });
    if (parent === null) search.set('filters[parent][id][$null]', 'true');
    else search.set('filters[parent][id]', String(parent));
    return apiRequest<{ data: MediaFolder[] }>(`/upload/folders?${search}`, { signal }).then((answer) => answer.data);
  },
  structure: (signal?: AbortSignal) => apiRequest<{ data: FolderNode[] }>('/upload/folder-structure', { signal }).then((answer) => answer.data),
  createFolder: (name: string, parent: number | null) => apiRequest<{ data: MediaFolder }>('/upload/folders', { method: 'POST', body: { name, parent } }),
  updateFolder: (id: number, change: { name?: string; parent?: number | null }) => apiRequest<{ data: MediaFolder }>(`/upload/folders/${id}`, { method: 'PUT', body: change }),
  updateInfo: (id: number, fileInfo: { name?: string; alternativeText?: string; caption?: string; folder?: number | null }) =>
    apiRequest<MediaFile>(`/upload?id=${id}`, { method: 'POST', body: { fileInfo } }),
  deleteFile: (id: number) => apiRequest<MediaFile>(`/upload/files/${id}`, { method: 'DELETE' }),
  bulkMove: (fileIds: number[], folderIds: number[], destinationFolderId: number | null) =>
    apiRequest<unknown>('/upload/actions/bulk-move', { method: 'POST', body: { fileIds, folderIds, destinationFolderId } }),
  bulkDelete: (fileIds: number[], folderIds: number[]) => apiRequest<unknown>('/upload/actions/bulk-delete', { method: 'POST', body: { fileIds, folderIds } }),
};

/** The path from the root to `id` in the folder tree (empty for the root or an unknown id). */
export function folderTrail(tree: readonly FolderNode[], id: number | null): FolderNode[] {
  if (id === null) return [];
  for (const node of tree) {
    if (node.id === id) return [node];
    const below = folderTrail(node.children, id);
    if (below.length > 0) return [node, ...below];
  }
  return [];
}

/** Every folder with its place (`Photos / 2025`), depth first, for a location choice. */
export function folderOptions(tree: readonly FolderNode[], prefix = ''): Array<{ id: number; label: string }> {
  return tree.flatMap((node) => {
    const label = prefix === '' ? node.name : `${prefix} / ${node.name}`;
    return [{ id: node.id, label }, ...folderOptions(node.children, label)];
  });
}

/** the small picture of a file: its `thumbnail` (or `small`) format when it has one, else itself for an image */
export function thumbnailUrl(file: MediaFile): string | null {
  const formats = file.formats ?? {};
  const format = formats.thumbnail ?? formats.small;
  if (format) return format.url;
  return file.mime?.startsWith('image/') ? file.url : null;
}

export function fileSize(kilobytes: number | undefined): string {
  if (kilobytes === undefined) return '';
  // Strapi's `size` is in kilobytes (1000 bytes)
  if (kilobytes < 1) return `${Math.round(kilobytes * 1000)} B`;
  return kilobytes >= 1024 ? `${(kilobytes / 1024).toFixed(1)} MB` : `${kilobytes.toFixed(kilobytes < 10 ? 1 : 0)} KB`;
}
