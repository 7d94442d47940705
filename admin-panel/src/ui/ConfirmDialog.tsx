/** A modal asking to confirm a destructive or bulk action (React Aria: focus trapped, Escape cancels). */
import { Button, Dialog, Heading, Modal } from 'react-aria-components';

interface Props {
  readonly isOpen: boolean;
  readonly message: string;
  readonly confirmLabel?: string;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

export function ConfirmDialog({ isOpen, message, confirmLabel = 'Confirm', onConfirm, onCancel }: Props) {
  return (
    <Modal isOpen={isOpen} onOpenChange={(open) => !open && onCancel()} isDismissable className="modal">
      <Dialog role="alertdialog" className="dialog">
        <Heading slot="title">Confirmation</Heading>
        <p>{message}</p>
        <div className="dialog-actions">
          <Button onPress={onCancel}>Cancel</Button>
          <Button className="danger" onPress={onConfirm} autoFocus>
            {confirmLabel}
          </Button>
        </div>
      </Dialog>
    </Modal>
  );
}
