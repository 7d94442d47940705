/**
 * What the fields and the edit view need of the admin API, handed down by the edit page (which
 * builds it on the app's API client: in-memory token, refresh): JSON requests and a multipart
 * upload. A failed request throws AdminApiError carrying the error envelope's details, so a 400
 * can put `details.errors` on their fields.
 */
import { createContext, useContext } from 'react';

export interface AdminApi {
  get<T>(path: string, options?: { signal?: AbortSignal }): Promise<T>;
  send<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T>;
  upload<T>(path: string, form: FormData): Promise<T>;
}

export interface ValidationIssue { path: (string | number)[]; message: string; name?: string }

export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: ValidationIssue[] = [],
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}

/** an error envelope `{ error: { status, message, details: { errors } } }` as AdminApiError */
export function apiErrorOf(status: number, body: unknown): AdminApiError {
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  const record = typeof error === 'object' && error !== null ? (error as { message?: unknown; details?: { errors?: unknown } }) : {};
  const message = typeof record.message === 'string' ? record.message : `Request failed (${status})`;
  const errors = Array.isArray(record.details?.errors) ? (record.details.errors as ValidationIssue[]) : [];
  return new AdminApiError(status, message, errors.filter((e) => Array.isArray(e.path) && typeof e.message === 'string'));
}

export const AdminApiContext = createContext<AdminApi | null>(null);

export function useAdminApi(): AdminApi {
  const api = useContext(AdminApiContext);
  if (!api) throw new Error('useAdminApi outside AdminApiContext');
  return api;
}
