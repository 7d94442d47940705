/**
 * Browsing the library: toolbar (search, filters, sort, grid or list), breadcrumbs, the folder's
 * folders and its files in the virtual grid. The Media Library page and the edit view's media
 * picker are both this component: the page adds selection and editing, the picker picking and
 * its field's `allowedTypes` (as `filters`, so the server pages through only what it allows).
 */
import { useMemo, useState } from 'react';
import { ErrorMessage } from '../ui/ErrorMessage';
import { useDebounced } from '../ui/use-debounced';
import { AssetGrid } from './AssetGrid';
import { Breadcrumbs, FolderCards } from './FolderCards';
import { folderTrail, type LibraryQuery, type MediaFile, type MediaFolder } from './media-api';
import { INITIAL_VIEW, LibraryToolbar, viewFilters, type ViewState } from './LibraryToolbar';
import { useFolders, useFolderStructure, useLibraryFiles } from './queries';
import './media-library.css';

export interface LibraryBrowserProps {
  readonly folder: number | null;
  onFolder(folder: number | null): void;
  /** the grid's accessible name */
  readonly label: string;
  /** filters every view keeps (a media field's allowedTypes) */
  readonly filters?: readonly Record<string, unknown>[];
  onActivateFile(file: MediaFile): void;
  readonly pressed?: (file: MediaFile) => boolean;
  readonly selection?: {
    readonly files: ReadonlySet<number>;
    readonly folders: ReadonlySet<number>;
    onFile(file: MediaFile, selected: boolean): void;
    onFolder(folder: MediaFolder, selected: boolean): void;
  };
  readonly onEditFolder?: (folder: MediaFolder) => void;
}

export function LibraryBrowser(props: LibraryBrowserProps) {
  const { folder, onFolder, filters } = props;
  const [state, setState] = useState<ViewState>(INITIAL_VIEW);
  const search = useDebounced(state.search, 250);
  const query = useMemo<LibraryQuery>(() => ({ folder, search, sort: state.sort, filters: [...(filters ?? []), ...viewFilters(state)] }), [folder, search, state, filters]);
  const files = useLibraryFiles(query);
  // as Strapi's: a search lists files wherever they are, filters keep to the folder; either hides the folders
  const browsing = search.trim() === '' && state.type === '' && state.date === '';
  const folders = useFolders(folder, browsing);
  const structure = useFolderStructure();
  const trail = folderTrail(structure.data ?? [], folder);
  const shown = useMemo(() => files.data?.pages.flatMap((page) => page.results) ?? [], [files.data]);
  const total = files.data?.pages[0]?.pagination.total;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = files;
  const loadMore = useMemo(() => () => void fetchNextPage(), [fetchNextPage]);
  return (
    <div className="ml-browser">
      <LibraryToolbar state={state} onChange={setState} />
      <Breadcrumbs trail={trail} onOpen={onFolder} />
      <ErrorMessage error={files.error ?? folders.error} />
      {browsing ? (
        <FolderCards
          folders={folders.data ?? []}
          onOpen={onFolder}
          selected={props.selection?.folders}
          onSelect={props.selection?.onFolder}
          onEdit={props.onEditFolder}
        />
      ) : null}
      <p className="ml-count" aria-live="polite">
        {total === undefined ? 'Loading assets…' : `${total} asset${total === 1 ? '' : 's'}${browsing ? '' : ' found'}`}
      </p>
      <AssetGrid
        // a new view or query starts at the top
        key={`${state.view}:${JSON.stringify(query)}`}
        files={shown}
        view={state.view}
        label={props.label}
        hasMore={hasNextPage}
        loadingMore={isFetchingNextPage}
        onLoadMore={loadMore}
        onActivate={props.onActivateFile}
        pressed={props.pressed}
        selected={props.selection?.files}
        onSelect={props.selection?.onFile}
      />
    </div>
  );
}
