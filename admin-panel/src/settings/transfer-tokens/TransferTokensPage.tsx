/**
 * Settings → Transfer Tokens: every token (name, description, type, expiry, last use), with
 * Regenerate (the new key shown once) and Delete (after a confirmation), and the link to
 * "Create new Transfer Token". Used by `strapi transfer --to <this server>/admin --to-token <key>`.
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { Link } from 'react-router';
import { adminPath } from '../../api/client';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { AccessKeyNotice } from './AccessKeyNotice';
import { useTransferTokens, useTransferTokenWrites, type TransferToken } from './transfer-tokens-api';
import './transfer-tokens.css';

function typeOf(token: TransferToken): string {
  if (token.permissions.includes('push') && token.permissions.includes('pull')) return 'Full access';
  return token.permissions.includes('push') ? 'Push' : 'Pull';
}

function when(date: string | null, none: string): string {
  return date === null ? none : new Date(date).toLocaleString();
}

export function TransferTokensPage() {
  const tokens = useTransferTokens();
  const { regenerate, remove } = useTransferTokenWrites();
  const [deleting, setDeleting] = useState<TransferToken | null>(null);
  return (
    <main className="transfer-tokens">
      <header className="page-header">
        <h1>Transfer Tokens</h1>
        <Link className="button primary" to="create">Create new Transfer Token</Link>
      </header>
      <p>Tokens for <code>strapi transfer --to {window.location.origin}{adminPath('')} --to-token &lt;key&gt;</code>: a Strapi project pushes its content here.</p>
      {regenerate.data ? <AccessKeyNotice accessKey={regenerate.data.accessKey} /> : null}
      <ErrorMessage error={tokens.error ?? regenerate.error ?? remove.error} />
      {tokens.data?.length === 0 ? <p className="empty">No transfer tokens yet.</p> : null}
      {tokens.data && tokens.data.length > 0 ? (
        <table className="list" aria-label="Transfer tokens">
          <thead>
            <tr><th>Name</th><th>Description</th><th>Token type</th><th>Expires</th><th>Last used</th><th><span className="sr-only">Actions</span></th></tr>
          </thead>
          <tbody>
            {tokens.data.map((token) => (
              <tr key={token.id}>
                <td>{token.name}</td>
                <td>{token.description}</td>
                <td>{typeOf(token)}</td>
                <td>{when(token.expiresAt, 'Unlimited')}</td>
                <td>{when(token.lastUsedAt, 'Never')}</td>
                <td className="actions">
                  <Button aria-label={`Regenerate ${token.name}`} onPress={() => regenerate.mutate(token.id)}>Regenerate</Button>
                  <Button aria-label={`Delete ${token.name}`} className="danger" onPress={() => setDeleting(token)}>Delete</Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <ConfirmDialog
        isOpen={deleting !== null}
        message={`Delete the transfer token "${deleting?.name ?? ''}"? Pushes with its key will be refused.`}
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
      />
    </main>
  );
}
