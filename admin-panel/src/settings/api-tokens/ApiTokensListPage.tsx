/**
 * Settings → API Tokens (`/settings/api-tokens`): name, description, type, last used, expiry and
 * creation date of every token (never a key), "Create new API Token", delete with a confirmation.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { useConfirmedDelete } from '../../ui/useConfirmedDelete';
import { TYPE_LABELS, deleteQuestion, formatDate } from './token-labels';
import { deleteToken, listTokens, TOKENS_KEY, type ApiToken } from './token-api';
import './api-tokens.css';

export function ApiTokensListPage() {
  const tokens = useQuery({ queryKey: TOKENS_KEY, queryFn: ({ signal }) => listTokens(signal) });
  const remove = useConfirmedDelete<ApiToken>({
    remove: (token) => deleteToken(token.id),
    queryKey: TOKENS_KEY,
    question: deleteQuestion,
    done: (token) => `Token "${token.name}" deleted`,
  });
  return (
    <main>
      <div className="list-header">
        <div>
          <h1>API Tokens</h1>
          <p>List of generated tokens to consume the API</p>
        </div>
        <Link className="button primary" to="/settings/api-tokens/create">
          Create new API Token
        </Link>
      </div>
      <p role="status" className="notice">{remove.notice}</p>
      <ErrorMessage error={tokens.error ?? remove.error} />
      {tokens.data?.length === 0 ? <p className="empty">No API token yet.</p> : null}
      {tokens.data && tokens.data.length > 0 ? (
        <table className="list">
          <thead>
            <tr>
              <th>Name</th>
              <th>Description</th>
              <th>Token type</th>
              <th>Created at</th>
              <th>Last used</th>
              <th>Expires</th>
              <th>Actions</th>
            </tr>
          </thead>
          <tbody>
            {tokens.data.map((token) => (
              <tr key={token.id}>
                <td>
                  <Link to={`/settings/api-tokens/${token.id}`}>{token.name}</Link>
                </td>
                <td>{token.description}</td>
                <td>{TYPE_LABELS[token.type]}</td>
                <td>{formatDate(token.createdAt)}</td>
                <td>{token.lastUsedAt === null ? 'Never' : formatDate(token.lastUsedAt)}</td>
                <td>{token.expiresAt === null ? 'Unlimited' : formatDate(token.expiresAt)}</td>
                <td>
                  {remove.button(token, token.name)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {tokens.isPending ? <p role="status">Loading…</p> : null}
      {remove.dialog}
    </main>
  );
}
