/**
 * The modal the locale dialogs share (React Aria: focus trapped, Escape closes): a titled form
 * with Cancel and a submit button; the server's error (400 naming the field) shows above them.
 */
import type { ReactNode } from 'react';
import { Button, Dialog, Heading, Modal } from 'react-aria-components';
import { ErrorMessage } from '../../ui/ErrorMessage';

interface Props {
  readonly title: string;
  readonly submitLabel: string;
  readonly danger?: boolean;
  readonly pending: boolean;
  readonly canSubmit?: boolean;
  readonly error: unknown;
  readonly onSubmit: () => void;
  readonly onClose: () => void;
  readonly children: ReactNode;
  readonly role?: 'dialog' | 'alertdialog';
}

export function LocaleDialog({ title, submitLabel, danger = false, pending, canSubmit = true, error, onSubmit, onClose, children, role = 'dialog' }: Props) {
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} isDismissable className="modal i18n-modal">
      <Dialog role={role} className="dialog">
        <form
          className="i18n-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (canSubmit && !pending) onSubmit();
          }}
        >
          <Heading slot="title">{title}</Heading>
          {children}
          <ErrorMessage error={error} />
          <div className="dialog-actions">
            <Button onPress={onClose}>Cancel</Button>
            <Button type="submit" className={danger ? 'danger' : 'primary'} isDisabled={!canSubmit || pending}>
              {pending ? 'Saving…' : submitLabel}
            </Button>
          </div>
        </form>
      </Dialog>
    </Modal>
  );
}
