/**
 * A file's details: its preview and formats (each with its size and address), "File name",
 * "Alternative text", "Caption" and "Location" saved through `POST /upload?id=` (fileInfo),
 * "Replace file" (the same route with a file: same id, every entry using it shows the new one),
 * and "Delete", whose warning lists the entries using the file (`GET /upload/files/:id/usage`).
 */
import { useState } from 'react';
import { Button, Dialog, Heading, Input, Label, Modal, TextArea, TextField } from 'react-aria-components';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { apiUploadWithProgress } from '../api/client';
import { useContentManagerInit } from '../content-manager/queries';
import { ErrorMessage } from '../ui/ErrorMessage';
import { fileSize, folderOptions, mediaApi, type FolderNode, type MediaFile } from './media-api';
import { LocationSelect } from './FolderDialogs';

function Preview({ file }: { file: MediaFile }) {
  const mime = file.mime ?? '';
  if (mime.startsWith('image/')) return <img className="ml-preview" src={file.url} alt={file.alternativeText ?? ''} />;
  if (mime.startsWith('video/')) return <video className="ml-preview" src={file.url} controls preload="metadata" />;
  if (mime.startsWith('audio/')) return <audio src={file.url} controls preload="metadata" />;
  return <p className="ml-preview-none">No preview for {mime || 'this file'}.</p>;
}

/** the delete warning: where the file is used, each entry a link to its edit view */
function UsageWarning({ file, onDelete, onCancel }: { file: MediaFile; onDelete(): void; onCancel(): void }) {
  const usage = useQuery({ queryKey: ['media-library', 'usage', file.id], queryFn: ({ signal }) => mediaApi.usage(file.id, signal) });
  const init = useContentManagerInit();
  const nameOf = (uid: string) => init.data?.contentTypes.find((type) => type.uid === uid)?.info.displayName ?? uid;
  const kindOf = (uid: string) => (init.data?.contentTypes.find((type) => type.uid === uid)?.kind === 'singleType' ? 'single-types' : 'collection-types');
  const uses = usage.data ?? [];
  return (
    <Modal isOpen onOpenChange={(open) => !open && onCancel()} isDismissable className="modal ml-modal">
      <Dialog role="alertdialog" className="dialog">
        <Heading slot="title">Delete {file.name}?</Heading>
        {usage.isPending ? <p>Looking for the entries using it…</p> : null}
        <ErrorMessage error={usage.error} />
        {usage.isSuccess && uses.length === 0 ? <p>No entry uses this file.</p> : null}
        {uses.length > 0 ? (
          <>
            <p>This file is used by {uses.length} field{uses.length === 1 ? '' : 's'} of entries; deleting it removes it from them:</p>
            <ul aria-label="Entries using this file" className="ml-usage">
              {uses.map((use) => (
                <li key={`${use.uid}/${use.documentId}/${use.locale}/${use.status}/${use.field}`}>
                  <Link to={`/content-manager/${kindOf(use.uid)}/${use.uid}${kindOf(use.uid) === 'collection-types' ? `/${use.documentId}` : ''}${use.locale ? `?plugins[i18n][locale]=${use.locale}` : ''}`}>
                    {nameOf(use.uid)} {use.documentId}
                  </Link>{' '}
                  — field {use.field} ({use.status}{use.locale ? `, ${use.locale}` : ''})
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <div className="dialog-actions">
          <Button onPress={onCancel}>Cancel</Button>
          <Button className="danger" onPress={onDelete} isDisabled={usage.isPending}>Delete</Button>
        </div>
      </Dialog>
    </Modal>
  );
}

interface Props {
  readonly file: MediaFile;
  readonly tree: readonly FolderNode[];
  onClose(): void;
  /** after a save, a replace or a delete: the library reads again */
  onChanged(file: MediaFile | null): void;
}

export function FileDetailsDialog({ file, tree, onClose, onChanged }: Props) {
  const [name, setName] = useState(file.name);
  const [alternativeText, setAlternativeText] = useState(file.alternativeText ?? '');
  const [caption, setCaption] = useState(file.caption ?? '');
  const [folder, setFolder] = useState<number | null>(file.folder?.id ?? null);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [replacing, setReplacing] = useState<number | null>(null);
  const run = async (work: () => Promise<MediaFile | null>, done: string): Promise<boolean> => {
    setError(null);
    setNotice('');
    try {
      const changed = await work();
      onChanged(changed);
      setNotice(done);
      return true;
    } catch (failure) {
      setError(failure);
      return false;
    }
  };
  const replace = (chosen: File | undefined) => {
    if (!chosen) return;
    const form = new FormData();
    form.append('files', chosen);
    setReplacing(0);
    const work = async () => {
      const replaced = await apiUploadWithProgress<MediaFile>(`/upload?id=${file.id}`, form, (sent, total) => setReplacing(total > 0 ? Math.round((sent / total) * 100) : 0));
      // the file takes the new file's name, as Strapi's replace does
      setName(replaced.name);
      return replaced;
    };
    void run(work, `Replaced by ${chosen.name}`).finally(() => setReplacing(null));
  };
  const formats = Object.entries(file.formats ?? {});
  if (confirmDelete) {
    return (
      <UsageWarning
        file={file}
        onCancel={() => setConfirmDelete(false)}
        onDelete={() => {
          void run(async () => {
            await mediaApi.deleteFile(file.id);
            return null;
          }, 'Deleted').then((deleted) => (deleted ? onClose() : setConfirmDelete(false)));
        }}
      />
    );
  }
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} isDismissable className="modal ml-modal ml-details-modal">
      <Dialog className="dialog ml-details">
        <Heading slot="title">Details</Heading>
        <div className="ml-details-body">
          <div className="ml-details-preview">
            <Preview file={file} />
            <p className="ml-meta">
              {file.ext?.replace(/^\./, '').toUpperCase()} · {fileSize(file.size)}
              {file.width && file.height ? ` · ${file.width}×${file.height}` : ''}
              {file.createdAt ? ` · uploaded ${new Date(file.createdAt).toLocaleString()}` : ''}
            </p>
            {formats.length > 0 ? (
              <ul aria-label="Formats" className="ml-formats">
                {formats.map(([formatName, format]) => (
                  <li key={formatName}>
                    <img src={format.url} alt="" loading="lazy" />
                    <a href={format.url} target="_blank" rel="noreferrer">{formatName}</a>
                    <span className="ml-meta">{format.width}×{format.height} · {fileSize(format.size)}</span>
                  </li>
                ))}
              </ul>
            ) : <p className="ml-meta">No other formats.</p>}
          </div>
          <form
            className="ml-details-form"
            onSubmit={(event) => {
              event.preventDefault();
              void run(() => mediaApi.updateInfo(file.id, { name, alternativeText, caption, folder }), 'Saved');
            }}
          >
            <TextField className="field" value={name} onChange={setName} isRequired>
              <Label>File name</Label>
              <Input />
            </TextField>
            <TextField className="field" value={alternativeText} onChange={setAlternativeText}>
              <Label>Alternative text</Label>
              <Input />
            </TextField>
            <TextField className="field" value={caption} onChange={setCaption}>
              <Label>Caption</Label>
              <TextArea />
            </TextField>
            <LocationSelect label="Location" value={folder} options={folderOptions(tree)} onChange={setFolder} />
            <label className="ml-replace">
              Replace file
              <input type="file" onChange={(event) => replace(event.target.files?.[0])} disabled={replacing !== null} />
            </label>
            {replacing !== null ? <progress aria-label={`Replacing ${file.name}`} max={100} value={replacing} /> : null}
            <ErrorMessage error={error} />
            <p className="notice" role="status">{notice}</p>
            <div className="dialog-actions">
              <Button className="danger" onPress={() => setConfirmDelete(true)}>Delete</Button>
              <Button onPress={onClose}>Cancel</Button>
              <Button type="submit" className="primary">Save</Button>
            </div>
          </form>
        </div>
      </Dialog>
    </Modal>
  );
}
