/**
 * The fields' AdminApi on the app's HTTP client: `authorizedFetch` adds the in-memory access
 * token (and refreshes it once on a 401); this turns answers into JSON and failures into
 * AdminApiError with the envelope's field errors.
 */
import { useMemo } from 'react';
import { apiErrorOf, type AdminApi } from '../fields/admin-api.js';

type AuthorizedFetch = (path: string, init?: RequestInit) => Promise<Response>;

async function answerOf<T>(response: Response): Promise<T> {
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text === '' ? null : (JSON.parse(text) as unknown);
  } catch {
    body = null;
  }
  if (!response.ok) throw apiErrorOf(response.status, body);
  return body as T;
}

export function createAdminApi(authorizedFetch: AuthorizedFetch): AdminApi {
  return {
    get: (path, options) => authorizedFetch(path, { method: 'GET', headers: { accept: 'application/json' }, signal: options?.signal }).then((r) => answerOf(r)),
    send: (method, path, body) =>
      authorizedFetch(path, { method, headers: { accept: 'application/json', 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }).then((r) => answerOf(r)),
    upload: (path, form) => authorizedFetch(path, { method: 'POST', headers: { accept: 'application/json' }, body: form }).then((r) => answerOf(r)),
  };
}

export function usePanelAdminApi(): AdminApi {
  // replaced by the app's client once panel-m1 lands
  return useMemo(() => createAdminApi((path, init) => fetch(path, { credentials: 'same-origin', ...init })), []);
}
