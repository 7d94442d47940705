/**
 * The fields' AdminApi on the app's API client (api/client.ts: the in-memory access token, one
 * shared refresh on a 401): JSON requests, and multipart uploads; a failed request becomes an
 * AdminApiError carrying the error envelope's field errors.
 */
import { ApiError, apiRequest, apiUpload } from '../api/client';
import { apiErrorOf, type AdminApi } from '../fields/admin-api';

function asAdminError(error: unknown): never {
  if (error instanceof ApiError) throw apiErrorOf(error.status, { error: { message: error.message, details: error.details } });
  throw error;
}

export const panelAdminApi: AdminApi = {
  get: (path, options) => apiRequest<never>(path, { signal: options?.signal }).catch(asAdminError),
  send: (method, path, body) => apiRequest<never>(path, { method, body }).catch(asAdminError),
  upload: (path, form) => apiUpload<never>(path, form).catch(asAdminError),
};

export function usePanelAdminApi(): AdminApi {
  return panelAdminApi;
}
