/** A builder dialog's last lines: the form's problem (an alert) and Cancel / the submit button. */
import { Button } from 'react-aria-components';

export function DialogFooter({ error, submit, onCancel }: { error: string; submit: string; onCancel: () => void }) {
  return (
    <>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <Button onPress={onCancel}>Cancel</Button>
        <Button type="submit">{submit}</Button>
      </div>
    </>
  );
}
