/**
 * The Media Library at Strapi's address `/plugins/upload` (`?folder=<id>` for a folder, so a
 * reload or a link shows the same folder): "Upload assets" and a file input (or files dropped
 * anywhere on the page) upload into the folder shown with a progress bar per file; "Add new
 * folder"; the library browsed (LibraryBrowser: folders, search, filters, sort, virtual grid or
 * list); a file opened shows its details (FileDetailsDialog); selected files and folders move or
 * are deleted together.
 */
import { useCallback, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { ErrorMessage } from '../ui/ErrorMessage';
import { FileDetailsDialog } from './FileDetailsDialog';
import { FolderDialog, MoveDialog } from './FolderDialogs';
import { LibraryBrowser } from './LibraryBrowser';
import { mediaApi, type MediaFile, type MediaFolder } from './media-api';
import { useFolderStructure, useRefreshLibrary } from './queries';
import { droppedFiles, isFileDrag, UploadDialog } from './UploadDialog';
import { useUploadQueue } from './upload-queue';

type Open =
  | { kind: 'upload' }
  | { kind: 'new-folder' }
  | { kind: 'edit-folder'; folder: MediaFolder }
  | { kind: 'file'; file: MediaFile }
  | { kind: 'move' }
  | { kind: 'bulk-delete' }
  | null;

function toggled(set: ReadonlySet<number>, id: number, on: boolean): Set<number> {
  const next = new Set(set);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

export default function MediaLibraryPage() {
  const [params, setParams] = useSearchParams();
  const folderParam = Number(params.get('folder'));
  const folder = Number.isInteger(folderParam) && folderParam > 0 ? folderParam : null;
  const [open, setOpen] = useState<Open>(null);
  const [files, setFiles] = useState<ReadonlySet<number>>(new Set());
  const [folders, setFolders] = useState<ReadonlySet<number>>(new Set());
  const [error, setError] = useState<unknown>(null);
  const input = useRef<HTMLInputElement>(null);
  const refresh = useRefreshLibrary();
  const structure = useFolderStructure();
  const tree = structure.data ?? [];
  const onSettled = useCallback(() => void refresh(), [refresh]);
  const queue = useUploadQueue(onSettled);

  const openFolder = (id: number | null) => {
    setFiles(new Set());
    setFolders(new Set());
    setParams(id === null ? {} : { folder: String(id) });
  };
  const upload = (chosen: File[]) => {
    if (chosen.length === 0) return;
    setOpen({ kind: 'upload' });
    queue.add(chosen, folder);
  };
  const done = () => {
    setOpen(null);
    setFiles(new Set());
    setFolders(new Set());
    void refresh();
  };
  const selectedCount = files.size + folders.size;

  return (
    <main
      className="ml-page"
      onDragOver={(event) => {
        if (isFileDrag(event)) event.preventDefault();
      }}
      onDrop={(event) => {
        if (!isFileDrag(event)) return;
        event.preventDefault();
        upload(droppedFiles(event));
      }}
    >
      <div className="list-header">
        <div>
          <h1>Media Library</h1>
          <p>Drop files anywhere on this page to upload them into the folder shown.</p>
        </div>
        <div className="ml-actions">
          <Button onPress={() => setOpen({ kind: 'new-folder' })}>Add new folder</Button>
          <Button className="primary" onPress={() => setOpen({ kind: 'upload' })}>Upload assets</Button>
        </div>
      </div>
      <label className="ml-file-input">
        Choose files to upload
        <input
          ref={input}
          type="file"
          multiple
          onChange={(event) => {
            upload(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
      </label>
      {selectedCount > 0 ? (
        <div className="bulk" role="region" aria-label="Bulk actions">
          <span>{selectedCount} selected</span>
          <Button onPress={() => setOpen({ kind: 'move' })}>Move</Button>
          <Button className="danger" onPress={() => setOpen({ kind: 'bulk-delete' })}>Delete</Button>
          <Button onPress={() => { setFiles(new Set()); setFolders(new Set()); }}>Clear selection</Button>
        </div>
      ) : null}
      <ErrorMessage error={error} />
      <LibraryBrowser
        folder={folder}
        onFolder={openFolder}
        label="Assets"
        onActivateFile={(file) => setOpen({ kind: 'file', file })}
        selection={{
          files,
          folders,
          onFile: (file, on) => setFiles((set) => toggled(set, file.id, on)),
          onFolder: (chosen, on) => setFolders((set) => toggled(set, chosen.id, on)),
        }}
        onEditFolder={(chosen) => setOpen({ kind: 'edit-folder', folder: chosen })}
      />
      <UploadDialog
        isOpen={open?.kind === 'upload'}
        items={queue.items}
        onFiles={upload}
        onBrowse={() => input.current?.click()}
        onClose={() => {
          setOpen(null);
          queue.clearFinished();
        }}
      />
      {open?.kind === 'new-folder' ? <FolderDialog tree={tree} parent={folder} onClose={() => setOpen(null)} onDone={done} /> : null}
      {open?.kind === 'edit-folder' ? <FolderDialog tree={tree} folder={open.folder} parent={folder} onClose={() => setOpen(null)} onDone={done} /> : null}
      {open?.kind === 'move' ? <MoveDialog tree={tree} fileIds={[...files]} folderIds={[...folders]} onClose={() => setOpen(null)} onDone={done} /> : null}
      {open?.kind === 'file' ? (
        <FileDetailsDialog
          key={open.file.id}
          file={open.file}
          tree={tree}
          onClose={() => setOpen(null)}
          onChanged={(changed) => {
            if (changed) setOpen({ kind: 'file', file: changed });
            void refresh();
          }}
        />
      ) : null}
      <ConfirmDialog
        isOpen={open?.kind === 'bulk-delete'}
        message={`Delete ${files.size} asset(s) and ${folders.size} folder(s)? A folder goes with everything inside it.`}
        confirmLabel="Delete"
        onCancel={() => setOpen(null)}
        onConfirm={() => {
          setError(null);
          mediaApi.bulkDelete([...files], [...folders]).then(done, (failure: unknown) => {
            setOpen(null);
            setError(failure);
          });
        }}
      />
    </main>
  );
}
