/**
 * A token's page (`/settings/api-tokens/:id`): its key once after create or "Regenerate" (the old
 * key is refused from the next request on), its name, description, type and permissions to edit,
 * its expiry, and delete with a confirmation.
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'react-aria-components';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { AccessKeyNotice } from './AccessKeyNotice';
import { useShownKey } from './ApiTokensSection';
import { deleteToken, getToken, regenerateToken, TOKENS_KEY, updateToken, type ApiToken, type TokenBody } from './token-api';
import { deleteQuestion, formatDate } from './token-labels';
import { TokenForm } from './TokenForm';
import './api-tokens.css';

export function ApiTokenEditPage() {
  const id = useParams().id ?? '';
  const token = useQuery({ queryKey: [...TOKENS_KEY, id], queryFn: ({ signal }) => getToken(id, signal), staleTime: Infinity, gcTime: 0 });
  if (token.error) return <main><ErrorMessage error={token.error} /></main>;
  if (!token.data) return <main><p role="status">Loading…</p></main>;
  return <TokenPage key={id} token={token.data} />;
}

function TokenPage({ token }: { token: ApiToken }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { shown, show } = useShownKey();
  const [confirm, setConfirm] = useState<'regenerate' | 'delete' | null>(null);
  const [notice, setNotice] = useState('');
  const [title, setTitle] = useState(token.name);
  const save = useMutation({
    mutationFn: (body: TokenBody) => updateToken(token.id, body),
    onSuccess: async (saved) => {
      setTitle(saved.name);
      setNotice('Saved');
      await client.invalidateQueries({ queryKey: TOKENS_KEY, exact: true });
    },
  });
  const regenerate = useMutation({
    mutationFn: () => regenerateToken(token.id),
    onSuccess: (answer) => {
      setNotice('');
      show({ id: answer.id, accessKey: answer.accessKey });
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteToken(token.id),
    onSuccess: async () => {
      show(null);
      await client.invalidateQueries({ queryKey: TOKENS_KEY, exact: true });
      navigate('/settings/api-tokens');
    },
  });
  const key = shown?.id === token.id ? shown.accessKey : null;
  return (
    <main>
      <p>
        <Link to="/settings/api-tokens">Back to the tokens</Link>
      </p>
      <TokenForm
        title={title}
        initial={{ name: token.name, description: token.description ?? '', type: token.type, permissions: token.permissions }}
        withDuration={false}
        isSaving={save.isPending}
        error={save.error ?? regenerate.error ?? remove.error}
        onSave={(body) => {
          setNotice('');
          save.mutate(body);
        }}
        actions={
          <>
            <Button onPress={() => setConfirm('regenerate')}>Regenerate</Button>
            <Button className="danger" onPress={() => setConfirm('delete')}>
              Delete
            </Button>
          </>
        }
      >
        {key === null ? null : <AccessKeyNotice accessKey={key} />}
        <p role="status" className="notice">{notice}</p>
        <p className="token-expiry">
          Expires: {token.expiresAt === null ? 'Unlimited' : formatDate(token.expiresAt)} · Last used: {token.lastUsedAt === null ? 'Never' : formatDate(token.lastUsedAt)}
        </p>
      </TokenForm>
      <ConfirmDialog
        isOpen={confirm !== null}
        message={
          confirm === 'delete'
            ? deleteQuestion(token)
            : 'Regenerate this token? Its current key stops working at the next request.'
        }
        confirmLabel={confirm === 'delete' ? 'Delete' : 'Regenerate'}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm === 'delete') remove.mutate();
          else regenerate.mutate();
          setConfirm(null);
        }}
      />
    </main>
  );
}
