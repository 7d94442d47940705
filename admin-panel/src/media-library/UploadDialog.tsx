/**
 * "Upload assets": a drop zone for many files at once (or "Browse files", the page's file input)
 * and a progress bar per file, named by the file's name, with its state (uploading, uploaded,
 * failed and why).
 */
import { useState, type DragEvent } from 'react';
import { Button, Dialog, Heading, Modal, ProgressBar } from 'react-aria-components';
import type { QueuedUpload } from './upload-queue';

const STATUS: Record<QueuedUpload['status'], string> = { waiting: 'Waiting', uploading: 'Uploading', done: 'Uploaded', failed: 'Failed' };

/** the files of a drop, when it carries files */
export function droppedFiles(event: DragEvent): File[] {
  return Array.from(event.dataTransfer?.files ?? []);
}

export function isFileDrag(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

interface Props {
  readonly isOpen: boolean;
  readonly items: readonly QueuedUpload[];
  onFiles(files: File[]): void;
  onBrowse(): void;
  onClose(): void;
}

export function UploadDialog({ isOpen, items, onFiles, onBrowse, onClose }: Props) {
  const [over, setOver] = useState(false);
  const running = items.some((item) => item.status === 'waiting' || item.status === 'uploading');
  return (
    <Modal isOpen={isOpen} onOpenChange={(open) => !open && onClose()} isDismissable={!running} className="modal ml-modal">
      <Dialog className="dialog ml-upload-dialog">
        <Heading slot="title">Add new assets</Heading>
        <div
          className={`ml-drop${over ? ' ml-drop-over' : ''}`}
          onDragOver={(event) => {
            if (!isFileDrag(event)) return;
            event.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={(event) => {
            event.preventDefault();
            // React events bubble through the portal: the page's own drop handler must not upload them again
            event.stopPropagation();
            setOver(false);
            onFiles(droppedFiles(event));
          }}
          data-testid="upload-drop-zone"
        >
          <p>Drag and drop files here, as many as you like, or</p>
          <Button onPress={onBrowse}>Browse files</Button>
        </div>
        {items.length > 0 ? (
          <ul className="ml-uploads" aria-label="Uploads">
            {items.map((item) => (
              <li key={item.key} className={`ml-upload ml-upload-${item.status}`}>
                <ProgressBar aria-label={item.name} value={item.progress} className="ml-progress">
                  {({ percentage }) => (
                    <>
                      <span className="ml-upload-name">{item.name}</span>
                      <span className="ml-bar"><span className="ml-fill" style={{ width: `${percentage ?? 0}%` }} /></span>
                      <span className="ml-upload-state">{item.status === 'uploading' ? `${Math.round(percentage ?? 0)}%` : STATUS[item.status]}</span>
                    </>
                  )}
                </ProgressBar>
                {item.error ? <span role="alert" className="error">{item.error}</span> : null}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="dialog-actions">
          <Button onPress={onClose} isDisabled={running}>{running ? 'Uploading…' : 'Close'}</Button>
        </div>
      </Dialog>
    </Modal>
  );
}
