/**
 * Delete with a confirmation, as the Users and Roles lists do: `ask(item)` opens the dialog, its
 * confirmation sends `DELETE <route(item)>` and refreshes `queryKey`; `error` is the server's
 * refusal (a role still held, the last Super Admin) for the page to show.
 */
import { useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { adminData } from './admin-users-api';

export function useConfirmedDelete<T>(options: { route: (item: T) => string; queryKey: readonly string[]; message: (item: T) => string }): { ask: (item: T) => void; dialog: ReactNode; error: Error | null } {
  const queryClient = useQueryClient();
  const [doomed, setDoomed] = useState<T | null>(null);
  const remove = useMutation({
    mutationFn: (item: T) => adminData(options.route(item), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: options.queryKey }),
  });
  const dialog = (
    <ConfirmDialog
      isOpen={doomed !== null}
      message={doomed === null ? '' : options.message(doomed)}
      confirmLabel="Delete"
      onCancel={() => setDoomed(null)}
      onConfirm={() => {
        if (doomed !== null) remove.mutate(doomed);
        setDoomed(null);
      }}
    />
  );
  return { ask: setDoomed, dialog, error: remove.error };
}
