/**
 * The media dialog a media field and the blocks editor's image button open: the Media Library's
 * own browsing (media-library/LibraryBrowser.tsx: folders, breadcrumbs, search, filters, sort,
 * the virtual grid paging through `GET /upload/files`), limited to the field's `allowedTypes`
 * by the server's filters, to pick from; or a file uploaded in place (`POST /upload`, multipart
 * `files`, into the folder shown), which is then picked. A React Aria modal dialog: focus is
 * trapped inside and returns to the opener.
 */
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useQueryClient } from '@tanstack/react-query';
import { LibraryBrowser } from '../media-library/LibraryBrowser';
import type { MediaFile } from '../media-library/media-api';
import { LIBRARY_KEY } from '../media-library/queries';
import { useAdminApi } from './admin-api.js';
import { acceptOf, allowedTypesFilter, isAllowedMime } from './allowed-types.js';

export type { MediaFile };

function filesOf(answer: unknown): MediaFile[] {
  if (Array.isArray(answer)) return answer as MediaFile[];
  const results = (answer as { results?: unknown; data?: unknown } | null)?.results ?? (answer as { data?: unknown } | null)?.data;
  return Array.isArray(results) ? (results as MediaFile[]) : [];
}

function MediaLibrary({ title, allowedTypes, multiple, onDone }: { title: string; allowedTypes?: readonly string[]; multiple: boolean; onDone(files: MediaFile[] | null): void }) {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const [folder, setFolder] = useState<number | null>(null);
  const [chosen, setChosen] = useState<MediaFile[]>([]);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const filters = useMemo(() => {
    const allowed = allowedTypesFilter(allowedTypes);
    return allowed ? [allowed] : [];
  }, [allowedTypes]);
  const upload = async (list: FileList | null): Promise<void> => {
    if (!list || list.length === 0) return;
    // refused before it is stored: the entry's write would refuse it anyway (allowedTypes)
    const refused = Array.from(list).filter((file) => !isAllowedMime(file.type, allowedTypes));
    if (refused.length > 0) {
      setUploadError(`${refused.map((file) => file.name).join(', ')}: only ${(allowedTypes ?? []).join(', ')} can be chosen here.`);
      return;
    }
    setUploadError(null);
    const form = new FormData();
    for (const file of Array.from(list)) form.append('files', file);
    form.append('fileInfo', JSON.stringify(Array.from(list, (file) => ({ name: file.name, folder }))));
    try {
      const stored = filesOf(await api.upload<unknown>('/upload', form));
      void queryClient.invalidateQueries({ queryKey: [LIBRARY_KEY] });
      onDone(multiple ? stored : stored.slice(0, 1));
    } catch (error) {
      setUploadError((error as Error).message);
    }
  };
  return (
    <Dialog className="vf-dialog" aria-label={title}>
      <Heading slot="title">{title}</Heading>
      <label className="vf-upload">
        Upload a file
        <input type="file" multiple={multiple} accept={acceptOf(allowedTypes)} onChange={(event) => void upload(event.target.files)} />
      </label>
      {uploadError ? <div role="alert" className="vf-error">{uploadError}</div> : null}
      <LibraryBrowser
        folder={folder}
        onFolder={setFolder}
        label="Media library"
        filters={filters}
        pressed={multiple ? (file) => chosen.some((c) => c.id === file.id) : undefined}
        onActivateFile={(file) => {
          if (!multiple) return onDone([file]);
          setChosen((list) => (list.some((c) => c.id === file.id) ? list.filter((c) => c.id !== file.id) : [...list, file]));
        }}
      />
      <div className="vf-row">
        {multiple ? (
          <button type="button" className="vf-button vf-primary" disabled={chosen.length === 0} onClick={() => onDone(chosen)}>
            Finish
          </button>
        ) : null}
        <button type="button" className="vf-button" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}

/** a picker to open from a handler; `picker` is the dialog to render while it is open */
export function useMediaPicker(title: string, allowedTypes?: readonly string[]) {
  const [open, setOpen] = useState<{ multiple: boolean } | null>(null);
  const resolver = useRef<((files: MediaFile[] | null) => void) | null>(null);
  const ask = useCallback((multiple: boolean) => new Promise<MediaFile[] | null>((resolve) => {
    resolver.current = resolve;
    setOpen({ multiple });
  }), []);
  const done = (files: MediaFile[] | null) => {
    setOpen(null);
    resolver.current?.(files);
    resolver.current = null;
  };
  const picker: ReactNode = open ? (
    <ModalOverlay className="vf-overlay" isOpen isDismissable onOpenChange={(isOpen) => { if (!isOpen) done(null); }}>
      <Modal className="vf-modal">
        <MediaLibrary title={title} allowedTypes={allowedTypes} multiple={open.multiple} onDone={done} />
      </Modal>
    </ModalOverlay>
  ) : null;
  const pickOne = useCallback(() => ask(false).then((files) => (files && files[0] ? (files[0] as Record<string, unknown>) : null)), [ask]);
  const pickMany = useCallback(() => ask(true), [ask]);
  return { pickOne, pickMany, picker };
}
