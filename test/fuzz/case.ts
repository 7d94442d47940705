/**
 * One fuzz case: an HTTP request, and how to send it. Families (`families/*.ts`) generate cases;
 * `run-fuzz.ts` sends them and judges the answers.
 */
export interface MultipartPart {
  readonly name: string;
  /** a string goes as UTF-8; bytes (an image) as they are */
  readonly value: string | Uint8Array;
  /** present: a file part with this file name and content type */
  readonly file?: { readonly filename: string; readonly type: string };
}

export interface FuzzCase {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  /** a raw body sent as is (JSON text, possibly broken), or multipart parts */
  readonly body?: { readonly json: string } | { readonly multipart: readonly MultipartPart[] };
  /** the value behind `body.json` when it was generated as a value: the write check compares with it */
  readonly data?: unknown;
}

export interface FuzzResponse {
  readonly status: number;
  readonly text: string;
  readonly ms: number;
}

/** What every family can refer to: ids of seeded documents and files, the full-access token. */
export interface FuzzContext {
  readonly url: string;
  readonly token: string;
  readonly ids: {
    readonly categories: readonly string[];
    readonly tags: readonly string[];
    readonly authors: readonly string[];
    readonly articles: readonly string[];
    readonly files: readonly number[];
  };
  /** JWTs made ahead (signing is async): a real user's, expired, forged, odd payloads */
  readonly jwts: readonly string[];
}

export const REQUEST_TIMEOUT_MS = 5_000;

export async function send(url: string, c: FuzzCase): Promise<FuzzResponse> {
  const started = performance.now();
  let body: string | FormData | undefined;
  const headers: Record<string, string> = { ...c.headers };
  if (c.body && 'json' in c.body) {
    body = c.body.json;
    headers['content-type'] ??= 'application/json';
  } else if (c.body && 'multipart' in c.body) {
    const form = new FormData();
    for (const part of c.body.multipart) {
      if (part.file) form.append(part.name, new Blob([part.value], { type: part.file.type }), part.file.filename);
      else form.append(part.name, typeof part.value === 'string' ? part.value : new Blob([part.value]));
    }
    body = form;
  }
  // A request over the limit is a failure on its own; the abort keeps one hang from stalling the run.
  const response = await fetch(`${url}${c.path}`, { method: c.method, headers, body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS * 2) });
  const text = await response.text();
  return { status: response.status, text, ms: performance.now() - started };
}

/** A failing case as a self-contained curl-ish description for the report. */
export function describeCase(c: FuzzCase): string {
  const lines = [`${c.method} ${c.path}`];
  for (const [k, v] of Object.entries(c.headers)) lines.push(`${k}: ${v.length > 200 ? `${v.slice(0, 200)}…` : v}`);
  if (c.body && 'json' in c.body) lines.push('', c.body.json.length > 2000 ? `${c.body.json.slice(0, 2000)}…` : c.body.json);
  if (c.body && 'multipart' in c.body) {
    for (const p of c.body.multipart) {
      const value = typeof p.value === 'string' ? JSON.stringify(p.value.slice(0, 300)) : `<${p.value.length} bytes: ${Buffer.from(p.value.subarray(0, 100)).toString('hex')}>`;
      lines.push(`  part ${JSON.stringify(p.name)}${p.file ? ` file=${JSON.stringify(p.file)}` : ''}: ${value}`);
    }
  }
  return lines.join('\n');
}
