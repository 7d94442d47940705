/**
 * The admin API's token routes (under the admin path, as Strapi: `/admin/api-tokens…`,
 * `/admin/content-api/permissions`; docs/admin.md, docs/admin-api.md). A key comes back only from
 * create and regenerate, once.
 */
import { adminPath, apiRequest } from '../../api/client';
import type { ActionsMap } from '../permission-matrix/permission-tree';

export type TokenType = 'read-only' | 'full-access' | 'custom';

export interface ApiToken {
  readonly id: number;
  readonly name: string;
  readonly description: string | null;
  readonly type: TokenType;
  readonly permissions: readonly string[];
  readonly expiresAt: string | null;
  readonly lastUsedAt: string | null;
  readonly createdAt: string;
}

export interface TokenBody {
  readonly name: string;
  readonly description: string;
  readonly type: TokenType;
  readonly permissions: readonly string[];
}

export const TOKENS_KEY = ['api-tokens'] as const;
const DAY_MS = 86_400_000;

export const listTokens = (signal?: AbortSignal) => apiRequest<{ data: ApiToken[] }>(adminPath('/api-tokens'), { signal }).then((body) => body.data);
export const getToken = (id: string, signal?: AbortSignal) => apiRequest<{ data: ApiToken }>(adminPath(`/api-tokens/${encodeURIComponent(id)}`), { signal }).then((body) => body.data);
export const contentApiActions = (signal?: AbortSignal) => apiRequest<{ data: ActionsMap }>(adminPath('/content-api/permissions'), { signal }).then((body) => body.data);

/** `days` null: never expires (Strapi's lifespan, in milliseconds) */
export const createToken = (body: TokenBody, days: number | null) =>
  apiRequest<{ data: ApiToken & { accessKey: string } }>(adminPath('/api-tokens'), {
    method: 'POST',
    body: { ...body, permissions: body.type === 'custom' ? body.permissions : [], lifespan: days === null ? null : days * DAY_MS },
  }).then((answer) => answer.data);

export const updateToken = (id: number, body: TokenBody) =>
  apiRequest<{ data: ApiToken }>(adminPath(`/api-tokens/${id}`), { method: 'PUT', body: { ...body, permissions: body.type === 'custom' ? body.permissions : [] } }).then((answer) => answer.data);

export const regenerateToken = (id: number) => apiRequest<{ data: ApiToken & { accessKey: string } }>(adminPath(`/api-tokens/${id}/regenerate`), { method: 'POST', body: {} }).then((answer) => answer.data);
export const deleteToken = (id: number) => apiRequest<{ data: ApiToken }>(adminPath(`/api-tokens/${id}`), { method: 'DELETE' });
