/**
 * The media library's reads, shared by the page and the edit view's picker: the files of a view
 * one page at a time (an infinite query: the virtual grid asks for the next page as it scrolls
 * near the end), the folders of a folder, the folder tree. Every key starts with `media-library`:
 * a write invalidates them all.
 */
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { mediaApi, type LibraryQuery } from './media-api';

export const LIBRARY_KEY = 'media-library';
/** a page of files: two screens of cards on a wide window */
export const FILES_PAGE_SIZE = 50;

export function useLibraryFiles(query: LibraryQuery) {
  return useInfiniteQuery({
    queryKey: [LIBRARY_KEY, 'files', query],
    queryFn: ({ pageParam, signal }) => mediaApi.files(query, pageParam, FILES_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.page < last.pagination.pageCount ? last.pagination.page + 1 : undefined),
  });
}

export function useFolders(parent: number | null, enabled: boolean) {
  return useQuery({ queryKey: [LIBRARY_KEY, 'folders', parent], queryFn: ({ signal }) => mediaApi.folders(parent, signal), enabled });
}

export function useFolderStructure() {
  return useQuery({ queryKey: [LIBRARY_KEY, 'structure'], queryFn: ({ signal }) => mediaApi.structure(signal) });
}

/** after a write: every library read is read again */
export function useRefreshLibrary(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: [LIBRARY_KEY] }), [client]);
}
