/**
 * The media dialog a media field and the blocks editor's image button open: the library's files
 * (`GET /admin/upload/files`, newest first, paged) to pick from, or a file uploaded in place
 * (`POST /admin/upload`, multipart `files`), which is then picked. A React Aria modal dialog: focus
 * is trapped inside and returns to the opener.
 */
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useQuery } from '@tanstack/react-query';
import { adminPath } from '../api/client.js';
import { useAdminApi } from './admin-api.js';
import { acceptOf, isAllowedMime } from './allowed-types.js';

export interface MediaFile {
  id: number;
  documentId?: string;
  name: string;
  url: string;
  mime?: string;
  alternativeText?: string | null;
  [key: string]: unknown;
}

const PAGE_SIZE = 24;

function filesOf(answer: unknown): MediaFile[] {
  if (Array.isArray(answer)) return answer as MediaFile[];
  const results = (answer as { results?: unknown; data?: unknown } | null)?.results ?? (answer as { data?: unknown } | null)?.data;
  return Array.isArray(results) ? (results as MediaFile[]) : [];
}

function MediaLibrary({ title, allowedTypes, multiple, onDone }: { title: string; allowedTypes?: readonly string[]; multiple: boolean; onDone(files: MediaFile[] | null): void }) {
  const api = useAdminApi();
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<MediaFile[]>([]);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const files = useQuery({
    queryKey: ['upload-files', page],
    queryFn: ({ signal }) => api.get<unknown>(`${adminPath('/upload/files')}?sort=createdAt:desc&pagination[page]=${page}&pagination[pageSize]=${PAGE_SIZE}`, { signal }).then(filesOf),
  });
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
    try {
      const stored = filesOf(await api.upload<unknown>(adminPath('/upload'), form));
      onDone(multiple ? stored : stored.slice(0, 1));
    } catch (error) {
      setUploadError((error as Error).message);
    }
  };
  const shown = (files.data ?? []).filter((file) => isAllowedMime(file.mime ?? '', allowedTypes));
  return (
    <Dialog className="vf-dialog" aria-label={title}>
      <Heading slot="title">{title}</Heading>
      <label className="vf-upload">
        Upload a file
        <input type="file" multiple={multiple} accept={acceptOf(allowedTypes)} onChange={(event) => void upload(event.target.files)} />
      </label>
      {uploadError ? <div role="alert" className="vf-error">{uploadError}</div> : null}
      {files.isError ? <div role="alert" className="vf-error">The media library could not be read.</div> : null}
      <ul className="vf-media-grid" aria-label="Media library">
        {shown.map((file) => {
          const selected = chosen.some((c) => c.id === file.id);
          return (
            <li key={file.id}>
              <button
                type="button"
                className="vf-media-choice"
                aria-pressed={selected}
                onClick={() => {
                  if (!multiple) return onDone([file]);
                  setChosen((list) => (selected ? list.filter((c) => c.id !== file.id) : [...list, file]));
                }}
              >
                {file.mime?.startsWith('image/') ? <img src={file.url} alt="" /> : null}
                <span>{file.name}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <div className="vf-row">
        <button type="button" className="vf-button" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
          Previous page
        </button>
        <button type="button" className="vf-button" disabled={(files.data ?? []).length < PAGE_SIZE} onClick={() => setPage((p) => p + 1)}>
          Next page
        </button>
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
