/**
 * What the selected entries can have done to them, as the user's permissions allow: Publish and
 * Unpublish (draft & publish types), Delete; each confirmed in a dialog, then one bulk request
 * (`POST …/actions/bulkPublish|bulkUnpublish|bulkDelete` with the documentIds).
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'react-aria-components';
import { apiRequest } from '../api/client';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { ErrorMessage } from '../ui/ErrorMessage';

export type BulkAction = 'bulkPublish' | 'bulkUnpublish' | 'bulkDelete';

const VERBS: Readonly<Record<BulkAction, { readonly button: string; readonly done: string }>> = {
  bulkPublish: { button: 'Publish', done: 'Published' },
  bulkUnpublish: { button: 'Unpublish', done: 'Unpublished' },
  bulkDelete: { button: 'Delete', done: 'Deleted' },
};

interface Props {
  readonly uid: string;
  readonly locale: string | null;
  readonly documentIds: readonly string[];
  readonly allowed: readonly BulkAction[];
  readonly onDone: (message: string) => void;
}

const entries = (count: number) => `${count} ${count === 1 ? 'entry' : 'entries'}`;

export function BulkActions({ uid, locale, documentIds, allowed, onDone }: Props) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<BulkAction | null>(null);
  const mutation = useMutation({
    mutationFn: (action: BulkAction) =>
      apiRequest(`/content-manager/collection-types/${uid}/actions/${action}`, {
        method: 'POST',
        body: { documentIds },
        query: locale ? new URLSearchParams({ locale }) : undefined,
      }),
    onSuccess: async (_answer, action) => {
      await queryClient.invalidateQueries({ queryKey: ['content-manager', 'list', uid] });
      onDone(`${VERBS[action].done} ${entries(documentIds.length)}`);
    },
  });
  if (documentIds.length === 0) return null;
  return (
    <div className="bulk" role="group" aria-label="Bulk actions">
      <span>{entries(documentIds.length)} selected</span>
      {allowed.map((action) => (
        <Button key={action} className={action === 'bulkDelete' ? 'danger' : undefined} onPress={() => setPending(action)} isDisabled={mutation.isPending}>
          {VERBS[action].button}
        </Button>
      ))}
      <ErrorMessage error={mutation.error} />
      <ConfirmDialog
        isOpen={pending !== null}
        message={pending ? `Are you sure you want to ${VERBS[pending].button.toLowerCase()} ${entries(documentIds.length)}?` : ''}
        confirmLabel={pending ? VERBS[pending].button : 'Confirm'}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending) mutation.mutate(pending);
          setPending(null);
        }}
      />
    </div>
  );
}
