/** Settings → Transfer Tokens: the admin API's transfer token routes (docs/admin-api.md "Transfer tokens"). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminPath, apiRequest } from '../../api/client';

export interface TransferToken {
  readonly id: number;
  readonly name: string;
  readonly description: string;
  readonly permissions: readonly ('push' | 'pull')[];
  readonly lifespan: number | null;
  readonly expiresAt: string | null;
  readonly lastUsedAt: string | null;
  readonly createdAt: string;
}

export interface NewTransferToken {
  readonly name: string;
  readonly description: string;
  readonly permissions: readonly string[];
  readonly lifespan: number | null;
}

export const TRANSFER_TOKENS_KEY = ['transfer-tokens'];
const KEY = TRANSFER_TOKENS_KEY;

export function useTransferTokens() {
  return useQuery({
    queryKey: KEY,
    queryFn: async ({ signal }) => (await apiRequest<{ data: TransferToken[] }>(adminPath('/transfer/tokens'), { signal })).data,
  });
}

/** create and regenerate; each refreshes the list */
export function useTransferTokenWrites() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: KEY });
  return {
    create: useMutation({
      mutationFn: async (token: NewTransferToken) => (await apiRequest<{ data: TransferToken & { accessKey: string } }>(adminPath('/transfer/tokens'), { method: 'POST', body: token })).data,
      onSuccess: refresh,
    }),
    regenerate: useMutation({
      mutationFn: async (id: number) => (await apiRequest<{ data: { id: number; accessKey: string } }>(adminPath(`/transfer/tokens/${id}/regenerate`), { method: 'POST', body: {} })).data,
      onSuccess: refresh,
    }),
  };
}

export const deleteTransferToken = (token: TransferToken) => apiRequest<{ data: TransferToken }>(adminPath(`/transfer/tokens/${token.id}`), { method: 'DELETE' });
