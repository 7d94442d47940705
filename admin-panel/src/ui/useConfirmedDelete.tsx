/**
 * Delete a row of a settings list after a confirmation: `button(item, name)` ("Delete", named
 * "Delete <name>") opens the dialog, its confirm deletes, then says so in `notice` and refreshes
 * the list's query. Render `dialog` once.
 */
import { useState, type ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ConfirmDialog } from './ConfirmDialog';

interface Options<T> {
  readonly remove: (item: T) => Promise<unknown>;
  /** the list's query, refreshed after a delete */
  readonly queryKey: QueryKey;
  /** the question, and what the notice says after (`Role "Editors" deleted`) */
  readonly question: (item: T) => string;
  readonly done: (item: T) => string;
}

export function useConfirmedDelete<T>({ remove, queryKey, question, done }: Options<T>): { button: (item: T, name: string) => ReactNode; notice: string; error: unknown; dialog: ReactNode } {
  const client = useQueryClient();
  const [doomed, setDoomed] = useState<T | null>(null);
  const [notice, setNotice] = useState('');
  const mutation = useMutation({
    mutationFn: remove,
    onSuccess: (_answer, item) => {
      setNotice(done(item));
      return client.invalidateQueries({ queryKey });
    },
  });
  const dialog = (
    <ConfirmDialog
      isOpen={doomed !== null}
      message={doomed === null ? '' : question(doomed)}
      confirmLabel="Delete"
      onCancel={() => setDoomed(null)}
      onConfirm={() => {
        if (doomed !== null) mutation.mutate(doomed);
        setDoomed(null);
      }}
    />
  );
  const button = (item: T, name: string) => (
    <Button aria-label={`Delete ${name}`} className="danger" onPress={() => setDoomed(item)}>
      Delete
    </Button>
  );
  return { button, notice, error: mutation.error, dialog };
}
