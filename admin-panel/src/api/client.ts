/**
 * The admin API client. The access token lives in this module's memory only (never
 * localStorage, never a readable cookie); the refresh token is the server's httpOnly cookie,
 * sent with `credentials: 'include'`. On a 401 every caller waits for one shared refresh
 * (`POST /admin/access-token`) and retries once; a failed refresh signs the app out.
 */
export interface ApiErrorBody {
  readonly status: number;
  readonly name: string;
  readonly message: string;
  readonly details?: unknown;
}

export class ApiError extends Error {
  readonly status: number;
  readonly kind: string;
  readonly details: unknown;
  constructor(body: ApiErrorBody) {
    super(body.message);
    this.status = body.status;
    this.kind = body.name;
    this.details = body.details;
  }
}

import { adminBasePath } from '../base-path';

/** The admin realm's routes live under the admin path (`admin.url`), as the panel does; `adminPath('/login')`. */
const ADMIN_PATH = adminBasePath();
export function adminPath(route: string): string {
  return `${ADMIN_PATH}${route}`;
}

/** Not the token: a flag saying a session may exist, so a fresh visit does not probe the refresh endpoint. */
const SESSION_HINT = 'vellum-admin-session';

let accessToken: string | null = null;
let refreshing: Promise<boolean> | null = null;
const signedOutListeners = new Set<() => void>();

export function startSession(token: string): void {
  accessToken = token;
  localStorage.setItem(SESSION_HINT, '1');
}

export function endSession(): void {
  accessToken = null;
  localStorage.removeItem(SESSION_HINT);
}

export function hasSessionHint(): boolean {
  return localStorage.getItem(SESSION_HINT) === '1';
}

export function hasAccessToken(): boolean {
  return accessToken !== null;
}

/** called when the session is gone (refresh refused): the app shows the login page */
export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

/** One refresh at a time: concurrent 401s share it. Resolves whether a new access token came. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const response = await fetch(adminPath('/access-token'), {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      if (!response.ok) {
        endSession();
        return false;
      }
      const body = (await response.json()) as { data: { token: string } };
      startSession(body.data.token);
      return true;
    } catch {
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

export interface RequestOptions {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly body?: unknown;
  readonly query?: URLSearchParams;
  readonly signal?: AbortSignal;
  /** login, registration, init: no token, no refresh on 401 */
  readonly anonymous?: boolean;
}

function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // a multipart body (an upload) sets its own content type, with its boundary
  const multipart = options.body instanceof FormData;
  if (options.body !== undefined && !multipart) headers['content-type'] = 'application/json';
  if (accessToken !== null && options.anonymous !== true) headers['authorization'] = `Bearer ${accessToken}`;
  const query = options.query?.toString();
  return fetch(query ? `${path}?${query}` : path, {
    method: options.method ?? 'GET',
    credentials: 'include',
    headers,
    body: options.body === undefined ? undefined : multipart ? (options.body as FormData) : JSON.stringify(options.body),
    signal: options.signal,
  });
}

async function errorOf(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { error?: ApiErrorBody };
    if (body.error) return new ApiError(body.error);
  } catch {
    // not JSON: described by its status below
  }
  return new ApiError({ status: response.status, name: 'HttpError', message: `${response.status} ${response.statusText}` });
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let response = await send(path, options);
  if (response.status === 401 && options.anonymous !== true) {
    if (await refreshSession()) response = await send(path, options);
    else {
      for (const listener of signedOutListeners) listener();
      throw await errorOf(response);
    }
  }
  if (!response.ok) throw await errorOf(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** a multipart POST (an upload's `files` and `fileInfo`) with the session's token, refreshed as apiRequest does */
export function apiUpload<T>(path: string, form: FormData): Promise<T> {
  return apiRequest<T>(path, { method: 'POST', body: form });
}

/**
 * A multipart POST through XMLHttpRequest, for its upload progress (fetch has none):
 * `onProgress(sent, total)` as the body goes out. The session's token, one refresh and retry on a
 * 401, errors as apiRequest's (media library uploads, media-library/upload-queue.ts).
 */
export function apiUploadWithProgress<T>(path: string, form: FormData, onProgress: (sent: number, total: number) => void): Promise<T> {
  const attempt = () =>
    new Promise<{ status: number; statusText: string; text: string }>((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open('POST', path);
      request.withCredentials = true;
      request.setRequestHeader('accept', 'application/json');
      if (accessToken !== null) request.setRequestHeader('authorization', `Bearer ${accessToken}`);
      request.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : 0);
      request.onload = () => resolve({ status: request.status, statusText: request.statusText, text: request.responseText });
      request.onerror = () => reject(new ApiError({ status: 0, name: 'NetworkError', message: `The upload of ${path} failed (network error)` }));
      request.send(form);
    });
  return (async () => {
    let answer = await attempt();
    if (answer.status === 401 && (await refreshSession())) answer = await attempt();
    if (answer.status < 200 || answer.status >= 300) {
      const response = new Response(answer.text === '' ? null : answer.text, { status: answer.status, statusText: answer.statusText });
      if (answer.status === 401) for (const listener of signedOutListeners) listener();
      throw await errorOf(response);
    }
    return (answer.text === '' ? undefined : JSON.parse(answer.text)) as T;
  })();
}
