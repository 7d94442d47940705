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

const KEY = ['transfer-tokens'];

export function useTransferTokens() {
  return useQuery({
    queryKey: KEY,
    queryFn: async ({ signal }) => (await apiRequest<{ data: TransferToken[] }>(adminPath('/transfer/tokens'), { signal })).data,
  });
}

/** create, regenerate and delete; each refreshes the list */
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
    remove: useMutation({
      mutationFn: async (id: number) => (await apiRequest<{ data: TransferToken }>(adminPath(`/transfer/tokens/${id}`), { method: 'DELETE' })).data,
      onSuccess: refresh,
    }),
  };
}
