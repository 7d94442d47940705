/**
 * Folder dialogs: "Add new folder" (a name, in the folder shown or another), "Edit folder"
 * (rename, move elsewhere with everything inside, delete with everything inside) and the bulk
 * "Move" of selected files and folders. A location is a folder of the tree or the library's
 * root ("Media Library").
 */
import { useState } from 'react';
import { Button, Dialog, Heading, Input, Label, Modal, TextField } from 'react-aria-components';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Labelled } from './LibraryToolbar';
import { folderOptions, mediaApi, type FolderNode, type MediaFolder } from './media-api';

export function LocationSelect({ label, value, options, onChange }: { label: string; value: number | null; options: ReadonlyArray<{ id: number; label: string }>; onChange(id: number | null): void }) {
  return (
    <Labelled label={label} className="field">
      {(id) => (
        <select id={id} value={value === null ? '' : String(value)} onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}>
          <option value="">Media Library</option>
          {options.map((option) => <option key={option.id} value={option.id}>{option.label}</option>)}
        </select>
      )}
    </Labelled>
  );
}

/** the tree without `id` and what is inside it: a folder cannot move into itself */
function without(tree: readonly FolderNode[], ids: readonly number[]): FolderNode[] {
  return tree.filter((node) => !ids.includes(node.id)).map((node) => ({ ...node, children: without(node.children, ids) }));
}

function useSubmit(onDone: () => void) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (work: () => Promise<unknown>) => {
    setError(null);
    setBusy(true);
    try {
      await work();
      onDone();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, submit };
}

interface FolderDialogProps {
  readonly tree: readonly FolderNode[];
  /** the folder edited; absent: a new folder */
  readonly folder?: MediaFolder;
  /** where a new folder goes unless changed */
  readonly parent: number | null;
  onClose(): void;
  onDone(): void;
}

export function FolderDialog({ tree, folder, parent, onClose, onDone }: FolderDialogProps) {
  const [name, setName] = useState(folder?.name ?? '');
  const [location, setLocation] = useState<number | null>(folder ? folder.parent?.id ?? null : parent);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { error, busy, submit } = useSubmit(onDone);
  const options = folderOptions(folder ? without(tree, [folder.id]) : tree);
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} isDismissable className="modal ml-modal">
      <Dialog className="dialog">
        <Heading slot="title">{folder ? `Edit folder ${folder.name}` : 'Add new folder'}</Heading>
        <form
          className="ml-form"
          onSubmit={(event) => {
            event.preventDefault();
            void submit(() => (folder ? mediaApi.updateFolder(folder.id, { name, parent: location }) : mediaApi.createFolder(name, location)));
          }}
        >
          <TextField className="field" value={name} onChange={setName} isRequired autoFocus>
            <Label>Name</Label>
            <Input />
          </TextField>
          <LocationSelect label="Location" value={location} options={options} onChange={setLocation} />
          <ErrorMessage error={error} />
          {confirmDelete && folder ? (
            <div role="alert" className="ml-warning">
              <p>Delete {folder.name} with its {folder.children.count} folder(s) and {folder.files.count} asset(s)? Everything inside goes too.</p>
              <Button className="danger" onPress={() => void submit(() => mediaApi.bulkDelete([], [folder.id]))}>Delete folder and contents</Button>
            </div>
          ) : null}
          <div className="dialog-actions">
            {folder && !confirmDelete ? <Button className="danger" onPress={() => setConfirmDelete(true)}>Delete</Button> : null}
            <Button onPress={onClose}>Cancel</Button>
            <Button type="submit" className="primary" isDisabled={busy || name.trim() === ''}>{folder ? 'Save' : 'Create'}</Button>
          </div>
        </form>
      </Dialog>
    </Modal>
  );
}

interface MoveDialogProps {
  readonly tree: readonly FolderNode[];
  readonly fileIds: readonly number[];
  readonly folderIds: readonly number[];
  onClose(): void;
  onDone(): void;
}

export function MoveDialog({ tree, fileIds, folderIds, onClose, onDone }: MoveDialogProps) {
  const [location, setLocation] = useState<number | null>(null);
  const { error, busy, submit } = useSubmit(onDone);
  const count = fileIds.length + folderIds.length;
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} isDismissable className="modal ml-modal">
      <Dialog className="dialog">
        <Heading slot="title">Move {count} element{count === 1 ? '' : 's'}</Heading>
        <form
          className="ml-form"
          onSubmit={(event) => {
            event.preventDefault();
            void submit(() => mediaApi.bulkMove([...fileIds], [...folderIds], location));
          }}
        >
          <LocationSelect label="Location" value={location} options={folderOptions(without(tree, folderIds))} onChange={setLocation} />
          <ErrorMessage error={error} />
          <div className="dialog-actions">
            <Button onPress={onClose}>Cancel</Button>
            <Button type="submit" className="primary" isDisabled={busy}>Move</Button>
          </div>
        </form>
      </Dialog>
    </Modal>
  );
}
