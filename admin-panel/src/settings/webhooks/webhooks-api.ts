/**
 * Settings → Webhooks' requests: Strapi's admin routes under the admin path
 * (`/admin/webhooks[/:id]`, `…/:id/trigger`) and Vellum's delivery log
 * (`…/:id/deliveries`, `…/:id/deliveries/:deliveryId/redeliver`); docs/webhooks.md.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminPath, apiRequest } from '../../api/client';

export interface Webhook {
  readonly id: string;
  readonly name: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly events: readonly string[];
  readonly isEnabled: boolean;
  readonly hasSecret: boolean;
}

/** what a create or update sends: any writable key; `secret: null` removes it, absent keeps it */
export type WebhookBody = Partial<Omit<Webhook, 'id' | 'hasSecret'>> & { readonly secret?: string | null };

// the wire shapes of src/webhooks/webhook-service.ts (the browser bundle imports no server module)
export interface Delivery {
  readonly id: string;
  readonly event: string;
  readonly status: 'pending' | 'delivered' | 'dead';
  readonly attempts: number;
  readonly createdAt: string;
  readonly nextAttemptAt: string | null;
  readonly finishedAt: string | null;
}

export interface Attempt {
  readonly deliveryId: string;
  readonly event: string;
  readonly attempt: number;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly statusCode: number | null;
  readonly error: string | null;
  readonly responseHead: string | null;
}

export interface TriggerResult {
  readonly statusCode: number;
  readonly message?: string;
  readonly durationMs: number;
}

const path = (rest = ''): string => adminPath(`/webhooks${rest}`);
const data = <T>(promise: Promise<{ data: T }>): Promise<T> => promise.then((answer) => answer.data);

export function useWebhooks() {
  return useQuery({ queryKey: ['webhooks'], queryFn: ({ signal }) => data(apiRequest<{ data: Webhook[] }>(path(), { signal })) });
}

export function useWebhook(id: string | undefined) {
  return useQuery({ queryKey: ['webhooks', id], queryFn: ({ signal }) => data(apiRequest<{ data: Webhook }>(path(`/${id}`), { signal })), enabled: id !== undefined });
}

/** the newest deliveries and attempts; polled while the page is open (deliveries happen off the request) */
export function useDeliveryLog(id: string | undefined) {
  return useQuery({
    queryKey: ['webhooks', id, 'deliveries'],
    queryFn: ({ signal }) => data(apiRequest<{ data: { deliveries: Delivery[]; attempts: Attempt[] } }>(path(`/${id}/deliveries`), { signal })),
    enabled: id !== undefined,
    refetchInterval: 2000,
  });
}

/** a write that refreshes every webhook query after it */
export function useWebhookWrite<I, R>(write: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['webhooks'] }) });
}

export const createWebhook = (body: WebhookBody) => data(apiRequest<{ data: Webhook }>(path(), { method: 'POST', body }));
export const updateWebhook = ({ id, body }: { id: string; body: WebhookBody }) => data(apiRequest<{ data: Webhook }>(path(`/${id}`), { method: 'PUT', body }));
export const deleteWebhook = (id: string) => data(apiRequest<{ data: Webhook }>(path(`/${id}`), { method: 'DELETE' }));
export const triggerWebhook = (id: string) => data(apiRequest<{ data: TriggerResult }>(path(`/${id}/trigger`), { method: 'POST', body: {} }));
export const redeliver = ({ id, deliveryId }: { id: string; deliveryId: string }) =>
  data(apiRequest<{ data: Delivery }>(path(`/${id}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`), { method: 'POST', body: {} }));
