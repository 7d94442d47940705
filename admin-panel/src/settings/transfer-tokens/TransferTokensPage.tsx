/**
 * Settings → Transfer Tokens: every token (name, description, type, expiry, last use), with
 * Regenerate (the new key shown once) and Delete (after a confirmation), and the link to
 * "Create new Transfer Token". Used by `strapi transfer --to <this server>/admin --to-token <key>`.
 */
import { Button } from 'react-aria-components';
import { Link } from 'react-router';
import { adminPath } from '../../api/client';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { useConfirmedDelete } from '../../ui/useConfirmedDelete';
import { AccessKeyNotice } from './AccessKeyNotice';
import { TRANSFER_TOKENS_KEY, deleteTransferToken, useTransferTokens, useTransferTokenWrites, type TransferToken } from './transfer-tokens-api';
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
  const { regenerate } = useTransferTokenWrites();
  const remove = useConfirmedDelete<TransferToken>({
    remove: deleteTransferToken,
    queryKey: TRANSFER_TOKENS_KEY,
    question: (token) => `Delete the transfer token "${token.name}"? Pushes with its key will be refused.`,
    done: (token) => `Transfer token ${token.name} deleted`,
  });
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
                  {remove.button(token, token.name)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {remove.dialog}
    </main>
  );
}
