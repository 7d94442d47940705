/** A tiny JSON client over real HTTP (global fetch) for integration tests. */
export interface JsonResponse<T = any> {
  readonly status: number;
  readonly body: T;
  readonly headers: Headers;
}

export async function request<T = any>(url: string, init: RequestInit & { json?: unknown } = {}): Promise<JsonResponse<T>> {
  const { json, ...rest } = init;
  const response = await fetch(url, {
    ...rest,
    headers: { ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...(rest.headers as Record<string, string> | undefined) },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: body as T, headers: response.headers };
}

/** `defaults` (e.g. a test app's `authHeaders`) go with every request; per-call headers win. */
export function client(baseUrl: () => string, defaults: () => Record<string, string> = () => ({})) {
  const h = (headers?: Record<string, string>) => ({ ...defaults(), ...headers });
  return {
    get: <T = any>(path: string, headers?: Record<string, string>) => request<T>(`${baseUrl()}${path}`, { headers: h(headers) }),
    post: <T = any>(path: string, json: unknown, headers?: Record<string, string>) => request<T>(`${baseUrl()}${path}`, { method: 'POST', json, headers: h(headers) }),
    put: <T = any>(path: string, json: unknown, headers?: Record<string, string>) => request<T>(`${baseUrl()}${path}`, { method: 'PUT', json, headers: h(headers) }),
    delete: <T = any>(path: string, headers?: Record<string, string>) => request<T>(`${baseUrl()}${path}`, { method: 'DELETE', headers: h(headers) }),
  };
}

/** `db;count=N;dur=…` → N */
export function statementCount(headers: Headers): number {
  const match = /db;count=(\d+)/.exec(headers.get('server-timing') ?? '');
  if (!match) throw new Error(`no Server-Timing db count in response (got "${headers.get('server-timing')}")`);
  return Number(match[1]);
}
