/**
 * "Create new API Token" (`/settings/api-tokens/create`): on save, the token's page opens with
 * its access key shown once (ApiTokensSection keeps it in memory only).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useShownKey } from './ApiTokensSection';
import { createToken, TOKENS_KEY, type TokenBody } from './token-api';
import { TokenForm } from './TokenForm';
import './api-tokens.css';

const EMPTY: TokenBody = { name: '', description: '', type: 'read-only', permissions: [] };

export function ApiTokenCreatePage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { show } = useShownKey();
  const create = useMutation({
    mutationFn: ({ body, days }: { body: TokenBody; days: number | null }) => createToken(body, days),
    onSuccess: async (token) => {
      show({ id: token.id, accessKey: token.accessKey });
      await client.invalidateQueries({ queryKey: TOKENS_KEY });
      navigate(`/settings/api-tokens/${token.id}`, { replace: true });
    },
  });
  return (
    <main>
      <p>
        <Link to="/settings/api-tokens">Back to the tokens</Link>
      </p>
      <TokenForm title="Create an API Token" initial={EMPTY} withDuration isSaving={create.isPending} error={create.error} onSave={(body, days) => create.mutate({ body, days })} />
    </main>
  );
}
